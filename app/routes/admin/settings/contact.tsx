import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { formatPhoneForDisplay } from "~/domain/content/shop-profile";
import { getShopSettings } from "~/domain/settings/settings.server";
import { contactSettingsSchema, noChangesToast } from "~/domain/settings/settings-admin";
import { saveContactSettings } from "~/domain/settings/settings-admin.server";
import { parseForm } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { CheckboxField, Field, TextAreaField } from "~/ui/form/field";
import { useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

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
      alertEmail: settings.alertEmail,
      isWeeklySummaryOn: settings.isWeeklySummaryOn ? "on" : "",
    } satisfies FormValues,
    version: settings.updatedAt.toISOString(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await parseForm(request, contactSettingsSchema, "Error");
  if (!form.ok) return form.failure;
  const hasChanged = await saveContactSettings(admin.id, form.data);
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
  const f = useFormFields(loaderData.values, actionData);
  const savedPhone = loaderData.values.contactPhone;
  return (
    <div className="max-w-3xl">
      <AdminPageHeader
        title="Información de Contacto"
        description="Se muestra en la página de Contacto, el pie de página y los enlaces de WhatsApp. Todos los campos son obligatorios, salvo el correo para avisos."
      />
      <AdminCard>
        <Form method="post" key={loaderData.version} className="flex flex-col gap-4" noValidate>
          <Field
            label="Correo electrónico"
            field={f.field("contactEmail")}
            inputProps={{ type: "email", autoComplete: "off", maxLength: 150, required: true }}
          />
          <div className="flex flex-col gap-1">
            <Field
              label="Teléfono / WhatsApp"
              field={f.field("contactPhone")}
              inputProps={{
                type: "tel",
                inputMode: "tel",
                placeholder: "924 810 866",
                maxLength: 30,
                required: true,
                "aria-describedby": "contactPhone-hint",
              }}
            />
            <p id="contactPhone-hint" className="text-sm text-muted">
              Se guarda con el código de país para WhatsApp (un celular de 9 dígitos recibe el 51 de Perú).
              {savedPhone ? ` Número actual: ${formatPhoneForDisplay(savedPhone)}.` : null}
            </p>
          </div>
          <Field label="Dirección" field={f.field("contactAddress")} inputProps={{ maxLength: 200, required: true }} />
          <TextAreaField
            label="Horario de atención"
            hint="Una línea por día o grupo de días, por ejemplo «Lunes a Sábado: 9:00 AM - 7:00 PM»."
            field={f.field("contactHours")}
            textareaProps={{ rows: 4, maxLength: 500, required: true }}
          />
          <div className="flex flex-col gap-1">
            <Field
              label="Correo para avisos (opcional)"
              field={f.field("alertEmail")}
              inputProps={{
                type: "email",
                autoComplete: "off",
                maxLength: 150,
                placeholder: loaderData.values.contactEmail,
                "aria-describedby": "alertEmail-hint",
              }}
            />
            <p id="alertEmail-hint" className="text-sm text-muted">
              Aquí te avisamos de cada pedido, reclamación y mensaje nuevos, y cada día a las 8:00 te enviamos un
              resumen de las reclamaciones por vencer y los pedidos sin pagar. Si lo dejas vacío, los avisos llegan al
              correo de contacto.
            </p>
          </div>
          <CheckboxField
            label="Enviar el resumen semanal: cada lunes a las 8:00, las ventas, pedidos y reservas de la semana anterior comparados con la semana previa."
            field={f.checkbox("isWeeklySummaryOn")}
          />
          <div className="flex justify-end">
            <SubmitButton size="lg">Guardar Cambios</SubmitButton>
          </div>
        </Form>
      </AdminCard>
    </div>
  );
}
