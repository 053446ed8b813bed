import { formatInteger } from "~/domain/reports/report-format";
import type { ReportCell, ReportColumn, ReportTable } from "~/domain/reports/report-tables";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { buttonVariants } from "~/ui/primitives/button";

function formatCell(cell: ReportCell, column: ReportColumn | undefined): string {
  if (typeof cell === "string") return cell;
  if (column?.kind === "money") return formatMoney(cell);
  return formatInteger(cell);
}

/** One of the report's tables, with its 'Descargar Excel' link (`downloadUrl`). */
export function ReportTableView({ table, downloadUrl }: { table: ReportTable; downloadUrl: string }) {
  const headingId = `tabla-${table.key}`;
  // Five columns or more (the low-stock list) take the section's whole width on a desktop:
  // in half of it the product names wrap over three or four lines.
  return (
    <div className={cn("min-w-0", table.columns.length >= 5 && "lg:col-span-2")}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {table.title}
        </h3>
        <a
          href={downloadUrl}
          download
          className={buttonVariants({ variant: "ghostPrimary", size: "sm" })}
          aria-label={`Descargar Excel: ${table.title}`}
        >
          <AdminIcon name="download" /> Excel
        </a>
      </div>
      {table.rows.length === 0 ? (
        <p className="text-sm text-muted">{table.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table aria-labelledby={headingId} className="w-full text-sm">
            <thead className="bg-primary-soft/40 text-left">
              <tr>
                {table.columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={cn("px-3 py-2 font-semibold", column.kind !== "text" && "text-right")}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex} className="border-t">
                  {row.map((cell, index) => {
                    const column = table.columns[index];
                    const Cell = index === 0 ? "th" : "td";
                    return (
                      <Cell
                        key={index}
                        scope={index === 0 ? "row" : undefined}
                        className={cn(
                          "px-3 py-1.5",
                          index === 0 && "text-left font-normal",
                          column?.kind !== "text" && "text-right whitespace-nowrap tabular-nums",
                        )}
                      >
                        {formatCell(cell, column)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.totalRows !== undefined && (
        <p className="mt-2 text-sm text-muted">
          Se muestran las primeras {formatInteger(table.rows.length)} de {formatInteger(table.totalRows)} filas. El
          Excel las tiene todas.
        </p>
      )}
    </div>
  );
}
