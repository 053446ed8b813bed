import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { formatPhoneForDisplay } from "~/domain/content/shop-profile";
import { getShopSettings } from "~/domain/settings/settings.server";
import { contactSettingsSchema, noChangesToast } from "~/domain/settings/settings-admin";
import { saveContactSettings } from "~/domain/settings/settings-admin.server";
import { type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { Field, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Información de Contacto | Gestión" }];

const CONTACT_PATH = href("/admin/configuracion/contacto");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getShopSettings();
  return {
    values: {
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      contactAddress: settings.contactAddress,
      contactHours: settings.contactHours,
    } satisfies FormValues,
    version: settings.updatedAt.toISOString(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(contactSettingsSchema, values);
  if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
  const hasChanged = await saveContactSettings(admin.id, parsed.data);
  return redirectWithToast(
    CONTACT_PATH,
    hasChanged
      ? {
          title: "Información de Contacto Actualizada",
          description: "La página de contacto y los enlaces de WhatsApp ya usan los nuevos datos.",
        }
      : noChangesToast,
  );
}

export default function ContactSettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const values: FormValues = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  return (
    <div className="max-w-3xl">
      <AdminPageHeader
        title="Información de Contacto"
        description="Se muestra en la página de Contacto, el pie de página y los enlaces de WhatsApp. Todos los campos son obligatorios."
      />
      <AdminCard>
        <Form method="post" key={loaderData.version} className="flex flex-col gap-4" noValidate>
          <Field
            label="Correo electrónico"
            error={errors.contactEmail}
            inputProps={{
              id: "contactEmail",
              name: "contactEmail",
              type: "email",
              autoComplete: "off",
              defaultValue: values.contactEmail,
              maxLength: 150,
              required: true,
            }}
          />
          <div className="flex flex-col gap-1">
            <Field
              label="Teléfono / WhatsApp"
              error={errors.contactPhone}
              inputProps={{
                id: "contactPhone",
                name: "contactPhone",
                type: "tel",
                inputMode: "tel",
                placeholder: "924 810 866",
                defaultValue: values.contactPhone,
                maxLength: 30,
                required: true,
                "aria-describedby": errors.contactPhone ? "contactPhone-error contactPhone-hint" : "contactPhone-hint",
              }}
            />
            <p id="contactPhone-hint" className="text-sm text-muted">
              Se guarda con el código de país para WhatsApp (un celular de 9 dígitos recibe el 51 de Perú).
              {loaderData.values.contactPhone
                ? ` Número actual: ${formatPhoneForDisplay(loaderData.values.contactPhone)}.`
                : null}
            </p>
          </div>
          <Field
            label="Dirección"
            error={errors.contactAddress}
            inputProps={{
              id: "contactAddress",
              name: "contactAddress",
              defaultValue: values.contactAddress,
              maxLength: 200,
              required: true,
            }}
          />
          <TextAreaField
            id="contactHours"
            label="Horario de atención"
            hint="Una línea por día o grupo de días, por ejemplo «Lunes a Sábado: 9:00 AM - 7:00 PM»."
            error={errors.contactHours}
            textareaProps={{
              name: "contactHours",
              defaultValue: values.contactHours,
              rows: 4,
              maxLength: 500,
              required: true,
            }}
          />
          <div className="flex justify-end">
            <SubmitButton size="lg">Guardar Cambios</SubmitButton>
          </div>
        </Form>
      </AdminCard>
    </div>
  );
}
