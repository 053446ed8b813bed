import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon, type AdminIconName } from "~/ui/admin/icons/admin-icon";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/hub";

export const meta: Route.MetaFunction = () => [{ title: "Gestión de Contenido | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

const editors: { to: string; title: string; page: string; description: string; icon: AdminIconName }[] = [
  {
    to: href("/admin/gestion-contenido/inicio"),
    title: "Página de Inicio",
    page: href("/"),
    description: "Portada, tarjetas, productos destacados y el bloque «Visítanos».",
    icon: "home",
  },
  {
    to: href("/admin/configuracion/nosotros"),
    title: "Página Nosotros",
    page: href("/nosotros"),
    description: "Historia, valores y equipo.",
    icon: "info",
  },
  {
    to: href("/admin/gestion-contenido/productos"),
    title: "Página de Productos",
    page: buildCatalogPath("products"),
    description: "Título y descripción del catálogo.",
    icon: "package",
  },
  {
    to: href("/admin/gestion-contenido/servicios"),
    title: "Página de Servicios",
    page: buildCatalogPath("services"),
    description: "Título y descripción de los servicios.",
    icon: "scissors",
  },
  {
    to: href("/admin/configuracion/contacto"),
    title: "Información de Contacto",
    page: href("/contacto"),
    description: "Correo, WhatsApp, dirección y horario.",
    icon: "phone",
  },
];

export default function ContentHub() {
  return (
    <section>
      <AdminPageHeader
        title="Gestión de Contenido"
        description="Edita los textos e imágenes de las páginas de la tienda. Se guardan al instante y los visitantes los ven en su próxima visita a la página."
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {editors.map(({ to, title, page, description, icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-xl border bg-white p-5 shadow-sm transition hover:border-primary hover:shadow-md"
            >
              <AdminIcon name={icon} className="mt-0.5 size-6 shrink-0 text-primary-strong" />
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-muted">{description}</span>
                <span className="mt-2 block font-mono text-xs text-muted">{page}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
