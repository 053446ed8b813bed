import { Icon } from "~/ui/icons/icon";
import { Link } from "~/ui/primitives/link";

export type Crumb = { label: string; to: string };

/** 'Productos › Perros › Alimentos': every level but the last is a link. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Ruta de navegación" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className="flex items-center gap-1">
              {isLast ? (
                <span aria-current="page" className="font-semibold text-ink">
                  {crumb.label}
                </span>
              ) : (
                <>
                  <Link to={crumb.to} className="hover:text-primary-strong hover:underline">
                    {crumb.label}
                  </Link>
                  <Icon name="chevron-right" className="size-4" aria-hidden />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
