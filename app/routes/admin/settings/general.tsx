import { useRef } from "react";
import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { DEFAULT_LOGO_PATH } from "~/domain/media/image";
import { fontFamilies, type FontFamily, fontStacks } from "~/domain/settings/settings";
import { getShopSettings } from "~/domain/settings/settings.server";
import {
  describeSavedParts,
  generalSettingsSchema,
  noChangesToast,
  readGeneralSettingsForm,
  socialNetworkNames,
  socialNetworkOrder,
  toGeneralSettingsFormValues,
} from "~/domain/settings/settings-admin";
import { saveGeneralSettings, toGeneralSettings } from "~/domain/settings/settings-admin.server";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ImageUpload } from "~/ui/admin/image-upload";
import { CheckboxField, Field, FieldError, SelectField } from "~/ui/form/field";
import { type FieldBinding, type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useFieldFromDom } from "~/ui/form/use-field-from-dom";

import type { Route } from "./+types/general";

export const meta: Route.MetaFunction = () => [{ title: "Configuración General | Gestión" }];

const SETTINGS_PATH = href("/admin/configuracion");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const row = await getShopSettings();
  return { values: toGeneralSettingsFormValues(toGeneralSettings(row)), version: row.updatedAt.toISOString() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(generalSettingsSchema, readGeneralSettingsForm(values));
  if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
  const parts = await saveGeneralSettings(admin.id, parsed.data);
  return redirectWithToast(SETTINGS_PATH, parts.length === 0 ? noChangesToast : describeSavedParts(parts));
}

/** A colour typed as #rrggbb, with a picker beside it that follows (and sets) the text. */
function ColourField({ label, field }: { label: string; field: FieldBinding }) {
  const { id, name, error } = field;
  const textRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useFieldFromDom(textRef, name, field.defaultValue ?? "");
  const isValid = /^#[0-9a-f]{6}$/i.test(value);
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`Selector de ${label.toLowerCase()}`}
          value={isValid ? value.toLowerCase() : "#000000"}
          onChange={(event) => setValue(event.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
        />
        <input
          ref={textRef}
          id={id}
          name={name}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          pattern="#[0-9a-fA-F]{6}"
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-10 w-32 rounded-lg border border-gray-300 bg-white px-3 font-mono text-base aria-[invalid=true]:border-red-600"
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function FontField({ f }: { f: FormFields }) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const [font, setFont] = useFieldFromDom(selectRef, "fontFamily", f.values.fontFamily ?? "Fredoka");
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Fuente principal"
        field={f.field("fontFamily")}
        selectProps={{ ref: selectRef, value: font, onChange: (event) => setFont(event.target.value) }}
      >
        {fontFamilies.map((family) => (
          <option key={family} value={family}>
            {family}
          </option>
        ))}
      </SelectField>
      <p
        className="rounded-lg border bg-surface px-3 py-2 text-lg"
        style={{ fontFamily: fontStacks[font as FontFamily] ?? fontStacks.Fredoka }}
      >
        Así se verán los textos de tu tienda: ¡Bienvenidos!
      </p>
    </div>
  );
}

function LogoCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Logotipo">
      <div className="flex flex-col gap-4">
        <ImageUpload
          isRemovable={false}
          name="logo"
          label="Logo de la tienda"
          defaultValue={f.values.logo}
          placeholderSrc={DEFAULT_LOGO_PATH}
          previewFit="object-contain"
          error={f.error("logo")}
          hint="Se muestra en la cabecera y en la portada. Para cambiarlo, sube otro: el logo no puede quedar vacío."
        />
        <Field label="Nombre de la tienda" field={f.field("shopName")} inputProps={{ maxLength: 80, required: true }} />
      </div>
    </AdminCard>
  );
}

function DesignCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Diseño">
      <p className="mb-4 text-sm text-muted">
        Los colores y la fuente se aplican a toda la tienda en la siguiente visita de cada página.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField label="Color primario" field={f.field("primaryColor")} />
        <ColourField label="Color secundario" field={f.field("secondaryColor")} />
      </div>
      <div className="mt-4">
        <FontField f={f} />
      </div>
    </AdminCard>
  );
}

function SocialNetworksCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Redes Sociales">
      <div className="flex flex-col gap-5">
        {socialNetworkOrder.map((network) => {
          const name = socialNetworkNames[network];
          return (
            <fieldset key={network} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <legend className="sr-only">{name}</legend>
              <Field
                label={name}
                field={{ ...f.field(`socialMedia.${network}.url`), id: `social-${network}` }}
                inputProps={{
                  type: "url",
                  inputMode: "url",
                  placeholder: `https://www.${network === "twitter" ? "x" : network}.com/tu-tienda`,
                }}
              />
              <CheckboxField
                label="Mostrar en la web"
                className="sm:pb-2.5"
                field={{ ...f.checkbox(`socialMedia.${network}.isActive`), id: `social-${network}-active` }}
                inputProps={{ "aria-label": `Mostrar ${name} en la web` }}
              />
            </fieldset>
          );
        })}
      </div>
    </AdminCard>
  );
}

function MapCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Mapa">
      <Field
        label="API Key de Google Maps"
        field={f.field("googleMapsApiKey")}
        inputProps={{ autoComplete: "off", spellCheck: false, placeholder: "AIza…" }}
      />
      <p className="mt-2 text-sm text-muted">
        Con la clave, la página de contacto muestra el mapa interactivo; sin ella, un aviso y el botón «Cómo llegar».
      </p>
    </AdminCard>
  );
}

function ProviderCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Datos del proveedor">
      <p className="mb-4 text-sm text-muted">Aparecen en el Libro de Reclamaciones.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          className="sm:col-span-2"
          label="Razón social"
          field={f.field("providerLegalName")}
          inputProps={{ maxLength: 150, required: true }}
        />
        <Field
          label="RUC"
          field={f.field("providerRuc")}
          inputProps={{ inputMode: "numeric", maxLength: 11, required: true }}
        />
        <Field label="Dirección" field={f.field("providerAddress")} inputProps={{ maxLength: 200, required: true }} />
      </div>
    </AdminCard>
  );
}

/** A whole number between 1 and `max`. */
function LimitField({ label, field, max }: { label: string; field: FieldBinding; max: number }) {
  return (
    <Field
      label={label}
      field={field}
      inputProps={{ type: "number", inputMode: "numeric", min: 1, max, step: 1, required: true }}
    />
  );
}

function OrdersCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Pedidos">
      <p className="mb-4 text-sm text-muted">
        Un pedido aparta sus unidades desde que se envía, antes del pago. Estos límites evitan que una sola persona
        agote la tienda con pedidos que no paga: cada pedido puede apartar como máximo el menor de los dos límites de
        cada producto (al menos 1 unidad si hay stock), contando los pedidos sin pagar que la misma persona hizo en la
        última hora. Las cantidades mayores se coordinan por WhatsApp.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <LimitField label="Máximo de unidades por pedido" field={f.field("maxUnitsPerOrder")} max={99} />
        <LimitField
          label="Porcentaje máximo del stock por pedido"
          field={f.field("maxStockPercentPerOrder")}
          max={100}
        />
        <LimitField label="Horas para pagar" field={f.field("paymentHours")} max={720} />
      </div>
      <p className="mt-2 text-sm text-muted">
        Un pedido que sigue Pendiente pasadas esas horas se cancela solo y sus productos vuelven al stock; el historial
        del pedido lo registra como cancelación automática.
      </p>
    </AdminCard>
  );
}

export default function GeneralSettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const f = useFormFields(loaderData.values, actionData);
  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Configuración General"
        description="Logotipo, colores y fuente de la tienda, redes sociales, mapa, datos del proveedor y límites de pedidos. Al guardar solo se envía lo que cambiaste."
      />
      <Form method="post" key={loaderData.version} className="flex flex-col gap-6" noValidate>
        <LogoCard f={f} />
        <DesignCard f={f} />
        <SocialNetworksCard f={f} />
        <MapCard f={f} />
        <ProviderCard f={f} />
        <OrdersCard f={f} />
        <div className="flex justify-end">
          <SubmitButton size="lg">Guardar Cambios</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
