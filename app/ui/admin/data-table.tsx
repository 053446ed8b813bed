import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Link } from "~/ui/primitives/link";

export type SortDirection = "asc" | "desc";

export type Column<Row> = {
  /** Unique per table; also the `orden` value when the column is sortable. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  isSortable?: boolean;
  className?: string;
};

/** Link to the same list sorted by `key`, keeping the search, resetting to page 1. */
function sortHref(search: string, key: string, current: { key: string; direction: SortDirection } | undefined) {
  const params = new URLSearchParams(search);
  const direction = current?.key === key && current.direction === "asc" ? "desc" : "asc";
  params.set("orden", key);
  params.set("dir", direction);
  params.delete("pagina");
  return `?${params.toString()}`;
}

/**
 * The one back-office table: each screen passes its columns and rows. Sorting is done by
 * the server through the `orden` / `dir` query parameters, so it works for thousands of rows.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  emptyMessage,
  sort,
  rowClassName,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  emptyMessage: string;
  sort?: { key: string; direction: SortDirection };
  rowClassName?: (row: Row) => string | undefined;
}) {
  const { search } = useLocation();
  if (rows.length === 0) {
    return <p className="rounded-xl border bg-white p-6 text-center text-muted">{emptyMessage}</p>;
  }
  return (
    // 'relative' keeps the sr-only caption (absolutely positioned) inside the scroller;
    // without it a wide table made the whole page scroll sideways on a phone.
    <div className="relative overflow-x-auto rounded-xl border bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-gray-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column) => {
              const isSorted = sort?.key === column.key;
              const sortIcon = !isSorted ? "arrow-up-down" : sort.direction === "asc" ? "arrow-up" : "arrow-down";
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={cn("px-4 py-3 font-semibold", column.className)}
                  aria-sort={isSorted ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.isSortable ? (
                    <Link
                      to={sortHref(search, column.key, sort)}
                      className="inline-flex items-center gap-1 hover:text-ink"
                      preventScrollReset
                    >
                      {column.header}
                      <AdminIcon name={sortIcon} className="size-3.5" />
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={cn("align-middle", rowClassName?.(row))}>
              {columns.map((column) => (
                <td key={column.key} className={cn("px-4 py-3", column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
