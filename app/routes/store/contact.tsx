import { href } from "react-router";

import { CONTACT_HONEYPOT_FIELD } from "~/domain/content/contact-fields";
import { contactMessageSchema } from "~/domain/content/contact-message";
import { createContactMessage } from "~/domain/content/contact-message.server";
import { buildPageMeta, buildPetStoreJsonLd, readShopName } from "~/domain/content/seo";
import { pageTitle } from "~/domain/content/seo";
import { listActiveSocialLinks } from "~/domain/content/shop-profile";
import { getSiteOrigin } from "~/domain/content/site.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { getClientIp } from "~/lib/client-ip.server";
import { formFailure, parseForm } from "~/lib/form.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { rateRules, takeSubmission, TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ContactDetails } from "~/ui/content/contact-details";
import { ContactForm } from "~/ui/content/contact-form";
import { ShopMap } from "~/ui/content/shop-map";

import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title = pageTitle("Contacto", matches);
  if (!loaderData) return [{ title }];
  const { origin, shop } = loaderData;
  return [
    ...buildPageMeta({
      title,
      description:
        `Escríbenos, llámanos por WhatsApp o visítanos en ${shop.address || "nuestra tienda"}. ` +
        "Te atendemos de lunes a sábado.",
      origin,
      path: href("/contacto"),
      siteName: readShopName(matches),
    }),
    buildPetStoreJsonLd(origin, shop),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  // The shop's contact, hours, links and the map's key: all in its settings.
  cachePage(context, [pageTags.settings]);
  const settings = await getShopSettings();
  return {
    origin: getSiteOrigin(),
    // The Maps key is public by design (Google restricts it by site); nothing else secret leaves.
    mapsApiKey: settings.googleMapsApiKey.trim(),
    shop: {
      name: settings.shopName,
      logo: settings.logo,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      address: settings.contactAddress,
      hours: settings.contactHours,
      socialLinks: listActiveSocialLinks(settings.socialMedia),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The spec's error toasts are titled 'Error'; its text is the first field's message.
  const form = await parseForm(request, contactMessageSchema, "Error");
  if (!form.ok) return form.failure;
  if (!(await takeSubmission(`contact:ip:${getClientIp(context)}`, rateRules.contactMessagePerIp))) {
    return formFailure({ message: TOO_MANY_SUBMISSIONS_MESSAGE }, form.values, {}, 429);
  }
  // A bot that filled the hidden field is thanked like a person, and nothing is kept.
  const isSpam = (form.values[CONTACT_HONEYPOT_FIELD] ?? "") !== "";
  if (!isSpam) await createContactMessage(form.data);
  return redirectWithToast(href("/contacto"), {
    title: "Mensaje Enviado",
    description: "Gracias por escribirnos. Te responderemos pronto.",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, mapsApiKey } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-10 sm:py-14">
      <header className="text-center">
        <h1 className="text-3xl font-bold text-primary-strong sm:text-4xl">Contacto</h1>
        <p className="mt-3 text-lg text-muted">
          ¿Tienes alguna pregunta sobre tu mascota o tu pedido? Estamos para ayudarte.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[2fr_3fr] lg:gap-8">
        <section aria-labelledby="contacto-datos" className="rounded-3xl border bg-white p-6 shadow-sm sm:p-8">
          <h2 id="contacto-datos" className="mb-6 text-2xl font-bold text-ink">
            Información de Contacto
          </h2>
          <ContactDetails details={{ ...shop, shopName: shop.name }} />
        </section>
        <section aria-labelledby="contacto-formulario" className="rounded-3xl border bg-white p-6 shadow-sm sm:p-8">
          <h2 id="contacto-formulario" className="mb-6 text-2xl font-bold text-ink">
            Envíanos un Mensaje
          </h2>
          <ContactForm state={actionData} />
        </section>
      </div>

      <section aria-labelledby="contacto-mapa">
        <h2 id="contacto-mapa" className="mb-4 text-2xl font-bold text-ink">
          Nuestra Ubicación
        </h2>
        <ShopMap apiKey={mapsApiKey} shopName={shop.name} address={shop.address} />
      </section>
    </div>
  );
}
