import { href } from "react-router";

import { Icon } from "~/ui/icons/icon";
import { Link } from "~/ui/primitives/link";

export function SiteFooter({ shopName, isAdmin }: { shopName: string; isAdmin: boolean }) {
  return (
    <footer className="mt-16 border-t border-primary/20 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 pt-8 pb-40 text-sm sm:flex-row sm:justify-between sm:pr-24 sm:pb-8">
        <nav aria-label="Pie de página" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <Link to={href("/faq")} className="hover:text-primary-strong hover:underline">
            Preguntas Frecuentes
          </Link>
          <Link
            to={href("/libro-reclamaciones")}
            className="inline-flex items-center gap-1.5 hover:text-primary-strong hover:underline"
          >
            <Icon name="book-open-text" className="size-4" aria-hidden />
            Libro de Reclamaciones
          </Link>
          <Link
            to={isAdmin ? href("/admin/dashboard") : href("/admin")}
            className="hover:text-primary-strong hover:underline"
          >
            Gestión
          </Link>
        </nav>
        <p className="text-muted">
          © {new Date().getFullYear()} {shopName}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
