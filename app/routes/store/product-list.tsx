import { Link } from "react-router";
import { listProductFamilies } from "~/domain/catalog/taxonomy.server";
import { getPageContent } from "~/domain/content/page-content.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(data?.page?.mainTitle ?? "Productos", matches) },
];

export async function loader() {
  const [page, families] = await Promise.all([getPageContent("products"), listProductFamilies()]);
  return { page, families };
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { page, families } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <nav aria-label="Ruta de navegación" className="text-sm text-muted">
        Productos
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{page?.mainTitle ?? "Nuestros Productos"}</h1>
      {page?.mainDescription ? <p className="mt-2 text-muted">{page.mainDescription}</p> : null}
      {families.length === 0 ? (
        <p className="mt-10 text-center text-muted">No hay familias para mostrar</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {families.map((family) => (
            <li key={family.id}>
              <Link
                to={`/productos/${family.slug}`}
                className="block rounded-2xl border bg-white p-6 text-center text-xl font-semibold shadow-sm transition hover:shadow-md"
              >
                {family.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
