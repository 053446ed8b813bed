import { Link } from "react-router";
import { getPageContent } from "~/domain/content/page-content.server";
import { pageTitle } from "~/lib/meta";
import { Button } from "~/ui/primitives/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle("Inicio", matches) },
  { name: "description", content: data?.home?.heroSubtitle ?? "" },
];

export async function loader() {
  return { home: await getPageContent("home") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  return (
    <section className="bg-gradient-to-b from-primary-soft to-surface">
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-16 text-center">
        <img
          src="/images/logos/logo_defecto.png"
          alt=""
          width={112}
          height={112}
          className="size-28"
        />
        <h1 className="mt-6 text-4xl font-bold text-primary-strong sm:text-5xl">
          {home?.heroTitle}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">{home?.heroSubtitle}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/productos">Explorar Productos</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/contacto">Encuéntranos</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
