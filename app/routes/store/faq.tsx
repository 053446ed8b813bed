import { href } from "react-router";

import { buildFaqEntries } from "~/domain/content/faq";
import { buildPageMeta, readShopName } from "~/domain/content/seo";
import { pageTitle } from "~/domain/content/seo";
import { getSiteOrigin } from "~/domain/content/site.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { FaqList } from "~/ui/content/faq-list";
import { Icon } from "~/ui/icons/icon";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title = pageTitle("Preguntas Frecuentes", matches);
  if (!loaderData) return [{ title }];
  return buildPageMeta({
    title,
    description:
      "Horarios, delivery, productos, servicios, citas, cambios y devoluciones: " +
      "resolvemos tus dudas sobre nuestra tienda para mascotas.",
    origin: loaderData.origin,
    path: href("/faq"),
    siteName: readShopName(matches),
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  // Fixed questions; only the shop's address comes from its settings.
  cachePage(context, [pageTags.settings]);
  const settings = await getShopSettings();
  return {
    entries: buildFaqEntries({ address: settings.contactAddress }),
    origin: getSiteOrigin(),
  };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="mb-8 text-center">
        <Icon name="circle-help" className="mx-auto size-12 text-primary-strong" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold text-primary-strong sm:text-4xl">Preguntas Frecuentes</h1>
      </div>
      <FaqList entries={loaderData.entries} />
      <p className="mt-10 text-center text-muted">
        ¿No encontraste tu respuesta?{" "}
        <Link to={href("/contacto")} className="font-semibold text-primary-strong underline underline-offset-4">
          Escríbenos
        </Link>
      </p>
    </section>
  );
}
