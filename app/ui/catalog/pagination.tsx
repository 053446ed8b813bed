import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Link } from "~/ui/primitives/link";

/** Previous / 'Página n de m' / next, keeping the other query parameters. */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("pagina");
    else params.set("pagina", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const linkClass =
    "inline-flex h-10 items-center gap-1 rounded-full border bg-white px-4 font-semibold hover:bg-primary-soft";
  return (
    <nav aria-label="Paginación" className="mt-10 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          <Icon name="chevron-left" className="size-4" aria-hidden /> Anterior
        </Link>
      ) : null}
      <span className="text-sm text-muted" aria-current="page">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(linkClass)} rel="next">
          Siguiente <Icon name="chevron-right" className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
