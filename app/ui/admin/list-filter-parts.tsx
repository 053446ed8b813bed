import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

// The pieces every back-office list's filter form shares (orders, comprobantes): a select's
// options with 'Todos' first, and 'Filtrar' with 'Limpiar' while a filter is set.

export function OptionsOf({ labels }: { labels: Record<string, string> }) {
  return (
    <>
      <option value="">Todos</option>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** 'Filtrar', and 'Limpiar' (back to `clearTo`, the list unfiltered) while a filter is set. */
export function FilterActions({
  clearTo,
  hasFilters,
  className,
}: {
  clearTo: string;
  hasFilters: boolean;
  className?: string;
}) {
  return (
    <div className={cn("col-span-2 flex items-end gap-2", className)}>
      <Button type="submit" variant="outline">
        <AdminIcon name="search" /> Filtrar
      </Button>
      {hasFilters ? (
        <Button asChild variant="ghost">
          <Link to={clearTo}>
            <AdminIcon name="x" /> Limpiar
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
