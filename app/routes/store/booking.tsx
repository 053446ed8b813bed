import { data, href, type ShouldRevalidateFunctionArgs } from "react-router";

import { getSessionUser } from "~/auth/guards.server";
import { bookOnline } from "~/domain/bookings/book-online.server";
import { bookingFormSchema } from "~/domain/bookings/booking";
import { bookingPagePath } from "~/domain/bookings/booking-link";
import { findBookableService, listSavedPets, loadBookingPage } from "~/domain/bookings/booking-page.server";
import { pageTitle } from "~/domain/content/seo";
import { responsiveImage } from "~/domain/media/image";
import { getClientIp } from "~/lib/client-ip.server";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { formatMoney } from "~/lib/money";
import { rateRules, takeSubmission, TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";
import { BookingFormSlot } from "~/ui/bookings/booking-form-slot";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/booking";

// /reservar/{serviceId}: book a reservable service online (issue 28, ADR 026). Personal (the
// saved pets, the shopper's details), so never stored by the page cache.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? `Reservar: ${loaderData.service.title}` : "Reservar cita", matches) },
  { name: "robots", content: "noindex" },
];

/** The shopper's saved pets and details: never kept by a browser's or a proxy's cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** A slot taken meanwhile (409) asks for the day's free times again; other refusals need nothing new. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

async function readServiceOr404(serviceId: string) {
  const service = await findBookableService(serviceId);
  if (!service) throw data(null, { status: 404 });
  return service;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadBookingPage(request, await readServiceOr404(params.serviceId));
}

/** A saved pet chosen without JavaScript fills the pet's fields left empty. */
async function withSavedPet(values: Record<string, string>, userId: string | null) {
  if (!values.petId || !userId) return values;
  const pet = (await listSavedPets(userId)).find((candidate) => String(candidate.id) === values.petId);
  if (!pet) return values;
  return {
    ...values,
    petName: values.petName?.trim() || pet.name,
    petSpecies: values.petSpecies || pet.species,
    petBreed: values.petBreed?.trim() || pet.breed,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const service = await readServiceOr404(params.serviceId);
  const user = await getSessionUser(request);
  const raw = readFormValues(await request.formData());
  const values = await withSavedPet(raw, user?.id ?? null);
  const parsed = parseWithSchema(bookingFormSchema, values);
  if (!parsed.success) return formFailure(parsed.errors, raw);
  const clientIp = getClientIp(context);
  if (!(await takeSubmission(`booking:ip:${clientIp}`, rateRules.bookingsPerIp))) {
    return formFailure({ form: TOO_MANY_SUBMISSIONS_MESSAGE }, raw, {}, 429);
  }
  const result = await bookOnline({ serviceId: service.id, form: parsed.data, userId: user?.id ?? null, clientIp });
  if (!result.ok) return formFailure({ [result.refusal.field]: result.refusal.message }, raw, {}, 409);
  return redirectWithToast(bookingPagePath(result.booking.code, result.booking.accessToken), {
    title: "Reserva confirmada",
    description: `Tu código es ${result.booking.code}.`,
  });
}

export default function Booking({ loaderData: d, actionData }: Route.ComponentProps) {
  const prices = d.service.sizes.map((option) => option.priceCents);
  const low = Math.min(...prices);
  const isFrom = prices.some((price) => price !== low);
  const inquiry = buildWhatsAppUrl(d.whatsappPhone, `Hola, quisiera consultar por el servicio: ${d.service.title}`);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <nav aria-label="Migas de pan" className="text-sm text-muted">
        <Link to={href("/servicios/:familySlug?/:categorySlug?/:subcategorySlug?")} className="hover:underline">
          Servicios
        </Link>{" "}
        / Reservar cita
      </nav>
      <header className="flex items-center gap-4">
        <img
          {...responsiveImage(d.service.image, "96px")}
          alt={d.service.imageAlt || d.service.title}
          width={96}
          height={72}
          className="hidden aspect-[4/3] w-24 rounded-xl object-cover sm:block"
        />
        <div>
          <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">Reservar cita: {d.service.title}</h1>
          {d.service.showPrice ? (
            <p className="mt-1 font-semibold">{isFrom ? `Desde ${formatMoney(low)}` : formatMoney(low)}</p>
          ) : null}
        </div>
      </header>
      <BookingFormSlot {...d} actionData={actionData} />
      <p className="text-sm text-muted">
        ¿Dudas o un pedido especial?{" "}
        <a
          href={inquiry}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-primary-strong underline"
        >
          Escríbenos por WhatsApp
        </a>
      </p>
    </div>
  );
}
