import { Form } from "react-router";

import { discountKindLabels } from "~/domain/discounts/discount-admin";
import { discountKinds } from "~/domain/discounts/discount-rules";
import { AdminCard } from "~/ui/admin/admin-page";
import { ClockField, DateField } from "~/ui/form/date-field";
import { CheckboxField, Field, FieldError, TextAreaField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

// The discount's form (/admin/descuentos/nuevo and /editar/:id): what it takes off, how the
// shopper gets it (a code or by itself), when, for whom and on which products. Works without
// JavaScript: every field is posted, the server ignores those the chosen type does not use.
// Products are written one a line (SKU or name) and looked up on the server.

type Option = { id: number; name: string };
export type DiscountTargetOptions = { families: Option[]; categories: Option[]; brands: Option[] };

function TargetGroup({
  legend,
  name,
  options,
  form,
}: {
  legend: string;
  name: string;
  options: Option[];
  form: FormFields;
}) {
  const chosen = new Set(form.value(name).split(","));
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="grid max-h-56 gap-1.5 overflow-y-auto rounded-lg border p-3 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={chosen.has(String(option.id))}
              className="size-4 accent-primary-strong"
            />
            {option.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Radios whose ids (`{name}-{value}`) the fields they reveal name in their `:has()` rule. */
function ChoiceGroup({
  legend,
  name,
  choices,
  form,
}: {
  legend: string;
  name: string;
  choices: readonly (readonly [string, string])[];
  form: FormFields;
}) {
  const chosen = form.value(name) || choices[0]![0];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {choices.map(([value, label]) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            id={`${name}-${value}`}
            name={name}
            value={value}
            defaultChecked={chosen === value}
            className="size-4 accent-primary-strong"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

// The percentage shows only for a percentage and the amount only for a fixed amount, by CSS on
// the checked radio (ADR 032), so before the scripts too; hidden, they are still posted and the
// server ignores them.
function ValueCard({ form }: { form: FormFields }) {
  return (
    <AdminCard title="Descuento">
      <div className="group/kind grid gap-4 md:grid-cols-2">
        <Field
          label="Nombre"
          field={form.field("name")}
          hint="Lo ve el cliente si el descuento es automático."
          inputProps={{ maxLength: 80, required: true }}
          className="md:col-span-2"
        />
        <ChoiceGroup
          legend="Tipo"
          name="kind"
          choices={discountKinds.map((kind) => [kind, discountKindLabels[kind]] as const)}
          form={form}
        />
        <div className="hidden group-has-[#kind-percent:checked]/kind:block">
          <Field
            label="Porcentaje (%)"
            field={form.field("percent")}
            hint="De 1 a 100, sobre los productos a los que se aplica."
            inputProps={{ inputMode: "numeric" }}
          />
        </div>
        <div className="hidden group-has-[#kind-amount:checked]/kind:block">
          <Field
            label="Monto (S/)"
            field={form.field("amount")}
            hint="Se descuenta de los productos a los que se aplica."
            inputProps={{ inputMode: "decimal" }}
          />
        </div>
        <FieldError id="kind-error" message={form.error("kind")} />
      </div>
    </AdminCard>
  );
}

function ApplicationCard({ form }: { form: FormFields }) {
  return (
    <AdminCard title="Cómo se aplica">
      <div className="group/application flex flex-col gap-4">
        <ChoiceGroup
          legend="Cómo lo obtiene el cliente"
          name="application"
          choices={[
            ["code", "Con un código de cupón que el cliente escribe"],
            ["automatic", "Automático, cuando se cumplen las condiciones"],
          ]}
          form={form}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {/* An automatic discount has no code: the box goes away while 'Automático' is chosen. */}
          <div className="group-has-[#application-automatic:checked]/application:hidden">
            <Field
              label="Código del cupón"
              field={form.field("code")}
              hint="Sin importar mayúsculas: BIENVENIDA20."
              inputProps={{ maxLength: 30, autoCapitalize: "characters" }}
            />
          </div>
          <div className="flex flex-col justify-end gap-3">
            <CheckboxField label="Se puede combinar con otros descuentos" field={form.checkbox("isCombinable")} />
            <CheckboxField label="Activo" field={form.checkbox("isActive")} />
          </div>
        </div>
      </div>
    </AdminCard>
  );
}

function ConditionsCard({ form, options }: { form: FormFields; options: DiscountTargetOptions }) {
  return (
    <AdminCard title="Condiciones">
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label="Pedido mínimo (S/)"
          field={form.field("minSubtotal")}
          hint="Subtotal de productos. Vacío: sin mínimo."
          inputProps={{ inputMode: "decimal" }}
        />
        <div className="flex items-end">
          <CheckboxField
            label="Solo para la primera compra (por cuenta, teléfono y correo)"
            field={form.checkbox("isFirstPurchaseOnly")}
          />
        </div>
        <DateField label="Válido desde" field={form.field("startDate")} hint="Hora de Lima. Vacío: desde ya." />
        <ClockField label="Hora de inicio" field={form.field("startTime")} hint="Vacío: 00:00." />
        <DateField label="Válido hasta" field={form.field("endDate")} hint="Vacío: sin fecha de fin." />
        <ClockField label="Hora de fin" field={form.field("endTime")} hint="Vacío: 23:59." />
        <Field
          label="Usos en total"
          field={form.field("maxUses")}
          hint="Vacío: sin límite."
          inputProps={{ inputMode: "numeric" }}
        />
        <Field
          label="Usos por cliente"
          field={form.field("maxUsesPerCustomer")}
          hint="Vacío: sin límite."
          inputProps={{ inputMode: "numeric" }}
        />
      </div>
      <div className="mt-6 flex flex-col gap-4">
        <p className="text-sm text-muted">
          Solo en algunos productos (sin marcar ni escribir nada: en todos los productos).
        </p>
        <TargetGroup legend="Familias" name="familyIds" options={options.families} form={form} />
        <TargetGroup legend="Categorías" name="categoryIds" options={options.categories} form={form} />
        <TargetGroup legend="Marcas" name="brandIds" options={options.brands} form={form} />
        <TextAreaField
          label="Productos"
          field={form.field("products")}
          hint="Uno por línea: el SKU de una presentación o el nombre exacto del producto."
          textareaProps={{ rows: 4, spellCheck: false }}
        />
      </div>
    </AdminCard>
  );
}

export function DiscountForm({
  form,
  options,
  isNew,
}: {
  form: FormFields;
  options: DiscountTargetOptions;
  isNew: boolean;
}) {
  return (
    <Form method="post" className="flex flex-col gap-6" noValidate>
      <FieldError id="discount-form-error" message={form.error("form")} />
      <ValueCard form={form} />
      <ApplicationCard form={form} />
      <ConditionsCard form={form} options={options} />
      <div>
        <SubmitButton intent="save">{isNew ? "Crear descuento" : "Guardar cambios"}</SubmitButton>
      </div>
    </Form>
  );
}
