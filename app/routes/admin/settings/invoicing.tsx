// /admin/configuracion/comprobantes (issue 46): Nubefact's RUTA and TOKEN, whether a paid order
// issues its comprobante by itself, and the series with their next numbers.
import { data, Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { invoicingFormSchema, SERIES_LOCKED_MESSAGE } from "~/domain/invoicing/invoicing-settings";
import {
  readInvoicingScreen,
  saveInvoicingSettings,
  testInvoicingConnection,
} from "~/domain/invoicing/invoicing-settings.server";
import { formFailure } from "~/lib/form.server";
import { type FieldErrors, type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { InvoicingSettingsForm } from "~/ui/admin/settings/invoicing-settings-form";
import { useFormFields } from "~/ui/form/form-fields";

import type { Route } from "./+types/invoicing";

export const meta: Route.MetaFunction = () => [{ title: "Comprobantes Electrónicos | Gestión" }];

const INVOICING_PATH = href("/admin/configuracion/comprobantes");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Of the token only its hint ('••••abcd'): the box starts empty and a blank one keeps it.
  const screen = await readInvoicingScreen();
  const values: FormValues = { apiUrl: screen.apiUrl, token: "", isAutomatic: screen.isAutomatic ? "on" : "" };
  for (const series of screen.series) {
    values[series.field] = series.series;
    values[`${series.field}Next`] = String(series.nextNumber);
  }
  return { screen, values };
}

/**
 * The answer to a form that is not saved: everything typed but the token, which never goes
 * back to the browser (the box asks for it again instead).
 */
function answer(
  values: FormValues,
  errors: FieldErrors,
  toast: { title?: string; description?: string },
  status = 400,
) {
  return formFailure(errors, { ...values, token: "" }, toast, status, {
    retypeToken: Boolean(values.token?.trim()),
  });
}

/** 'Probar conexión': Nubefact asked with the RUTA and token typed (or the stored token), nothing saved. */
async function testConnection(values: FormValues) {
  const parsed = parseWithSchema(invoicingFormSchema, values);
  // Only the boxes the test uses must be right: a series still being typed does not stop it.
  const errors = Object.fromEntries(
    Object.entries(parsed.success ? {} : parsed.errors).filter(([field]) => field === "apiUrl" || field === "token"),
  );
  if (Object.keys(errors).length > 0) return answer(values, errors, {});
  const result = await testInvoicingConnection({
    apiUrl: (values.apiUrl ?? "").trim(),
    token: (values.token ?? "").trim(),
  });
  if (result.status === "failed") {
    return answer(values, {}, { description: `No pudimos conectar con Nubefact: ${result.reason}` }, 200);
  }
  return data({
    errors: {} as FieldErrors,
    values: { ...values, token: "" },
    toast: { title: "Conexión Correcta", description: "Nubefact respondió: la ruta y el token funcionan." },
    retypeToken: Boolean(values.token?.trim()),
  });
}

async function save(admin: { id: string }, values: FormValues) {
  const parsed = parseWithSchema(invoicingFormSchema, values);
  if (!parsed.success) return answer(values, parsed.errors, { description: parsed.firstMessage });
  const result = await saveInvoicingSettings(admin, parsed.data);
  if (result.status === "series-locked") {
    const message = SERIES_LOCKED_MESSAGE(result.field);
    return answer(values, { [`${result.field}Next`]: message }, { description: message }, 409);
  }
  return redirectWithToast(INVOICING_PATH, {
    title: "Comprobantes Electrónicos Actualizados",
    description: "Los próximos comprobantes se emiten con estos datos.",
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  if (values.intent === "save") return save(admin, values);
  if (values.intent === "test") return testConnection(values);
  return redirectWithToast(INVOICING_PATH, UNKNOWN_ACTION_TOAST);
}

export default function InvoicingSettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const f = useFormFields(loaderData.values, actionData);
  const { screen } = loaderData;
  // Saved: the form starts anew from what is stored, its token box empty again.
  const version = JSON.stringify([loaderData.values, screen.tokenHint, screen.isTokenUnreadable]);
  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Comprobantes Electrónicos"
        description="Las boletas y facturas electrónicas de los pedidos, emitidas ante SUNAT a través de Nubefact."
      />
      <Form method="post" key={version} className="flex flex-col gap-6" noValidate>
        <InvoicingSettingsForm f={f} screen={screen} isRetypeToken={actionData?.retypeToken ?? false} />
      </Form>
    </div>
  );
}
