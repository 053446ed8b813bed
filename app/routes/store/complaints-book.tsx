import { data, href } from "react-router";

import { formatLongDate, getLimaDate, msUntilLimaMidnight } from "~/domain/calendar/lima-time";
import { type ComplaintFormValues, readComplaintForm } from "~/domain/complaints/complaint";
import { fileComplaint } from "~/domain/complaints/complaint.server";
import {
  readComplaintConfirmation,
  serializeComplaintConfirmation,
} from "~/domain/complaints/complaint-confirmation.server";
import { complaintFormSchema } from "~/domain/complaints/complaint-schema";
import { buildPageMeta, readShopName } from "~/domain/content/seo";
import { pageTitle } from "~/domain/content/seo";
import { getSiteOrigin } from "~/domain/content/site.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { getClientIp } from "~/lib/client-ip.server";
import { formFailure } from "~/lib/form.server";
import { type FieldErrors, parseWithSchema } from "~/lib/form-data";
import { cachePage } from "~/lib/page-cache/render-context.server";
import { rateRules, takeSubmission, TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ComplaintConfirmation } from "~/ui/complaints/complaint-confirmation";
import { TERMS_TOAST } from "~/ui/complaints/complaint-form";
import { ComplaintFormSlot, preloadComplaintForm } from "~/ui/complaints/complaint-form-slot";
import { Icon } from "~/ui/icons/icon";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/complaints-book";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title = pageTitle("Libro de Reclamaciones", matches);
  if (!loaderData) return [{ title }];
  return buildPageMeta({
    title,
    description:
      "Libro de Reclamaciones virtual: registra tu reclamo o queja y recibe respuesta en un " +
      "plazo máximo de 15 días hábiles.",
    origin: loaderData.origin,
    path: href("/libro-reclamaciones"),
    siteName: readShopName(matches),
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  // The same page for everyone until Lima's midnight, when its printed date changes. The
  // consumer's confirmation comes with its cookie, which the page cache never shares (ADR 024).
  cachePage(context, [], { maxAgeMs: msUntilLimaMidnight(new Date()) });
  const [settings, { confirmation, headers }] = await Promise.all([
    getShopSettings(),
    readComplaintConfirmation(request),
    preloadComplaintForm(),
  ]);
  return data(
    {
      provider: {
        legalName: settings.providerLegalName || settings.shopName,
        ruc: settings.providerRuc,
        address: settings.providerAddress || settings.contactAddress,
      },
      today: formatLongDate(getLimaDate(new Date())),
      origin: getSiteOrigin(),
      confirmation,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = readComplaintForm(await request.formData());
  const parsed = parseWithSchema(complaintFormSchema, values);
  if (!parsed.success) return refuseComplaint(parsed.errors, values);
  if (!(await takeSubmission(`complaint:ip:${getClientIp(context)}`, rateRules.complaintPerIp))) {
    return formFailure({}, values, { title: "Error de Envío", description: TOO_MANY_SUBMISSIONS_MESSAGE }, 429);
  }
  const { complaint, isCopySent } = await fileComplaint(parsed.data);
  const headers = new Headers();
  headers.append("Set-Cookie", await serializeComplaintConfirmation(complaint, isCopySent));
  return redirectWithToast(
    href("/libro-reclamaciones"),
    {
      title: "Reclamación Enviada",
      description: "Tu reclamación ha sido registrada. Nos pondremos en contacto contigo pronto.",
    },
    { headers },
  );
}

/**
 * A refused sheet: each message beside its field, what was typed kept. Only the unticked
 * terms also get a toast (the browser shows the same one before sending).
 */
function refuseComplaint(errors: FieldErrors, values: ComplaintFormValues) {
  if (errors.acceptTerms) return formFailure(errors, values, TERMS_TOAST);
  return data({ errors, values, toast: null }, { status: 400 });
}

export default function ComplaintsBook({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { provider, today, confirmation } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <header className="text-center">
        <Icon name="book-open-text" className="mx-auto size-12 text-primary-strong" aria-hidden />
        <h1 className="mt-3 text-3xl font-bold text-primary-strong sm:text-4xl">Libro de Reclamaciones</h1>
        <p className="mt-2 text-muted">
          Conforme al Código de Protección y Defensa del Consumidor, este establecimiento cuenta con un Libro de
          Reclamaciones virtual a tu disposición.
        </p>
      </header>

      <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm shadow-sm sm:grid-cols-[auto_1fr] sm:p-6">
        <dt className="font-semibold">Razón social</dt>
        <dd>{provider.legalName}</dd>
        <dt className="font-semibold">RUC</dt>
        <dd>{provider.ruc || "—"}</dd>
        <dt className="font-semibold">Dirección</dt>
        <dd>{provider.address || "—"}</dd>
        <dt className="font-semibold">Fecha</dt>
        <dd>{today}</dd>
      </dl>

      {confirmation ? (
        <ComplaintConfirmation {...confirmation} />
      ) : (
        <ComplaintFormSlot values={actionData?.values ?? {}} serverErrors={actionData?.errors} />
      )}
    </div>
  );
}
