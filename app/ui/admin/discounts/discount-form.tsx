import { Form } from "react-router";

import { discountKindLabels } from "~/domain/discounts/discount-admin";
import { discountKinds } from "~/domain/discounts/discount-rules";
import { AdminCard } from "~/ui/admin/admin-page";
import { ClockField, DateField } from "~/ui/form/date-field";
import { CheckboxField, Field, FieldError, SelectField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

// The discount's form (/admin/descuentos/nuevo and /editar/:id): what it takes off, how the
// shopper gets it (a code or by itself), when, for whom and on which products. Works without
// JavaScript: every field is posted, the server ignores those the chosen type does not use.

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

function ValueCard({ form }: { form: FormFields }) {
  return (
    <AdminCard title="Descuento">
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label="Nombre"
          field={form.field("name")}
          hint="Lo ve el cliente si el descuento es automático."
          inputProps={{ maxLength: 80, required: true }}
        />
        <SelectField label="Tipo" field={form.field("kind")}>
          {discountKinds.map((kind) => (
            <option key={kind} value={kind}>
              {discountKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Porcentaje (%)"
          field={form.field("percent")}
          hint="Solo para el tipo porcentaje: de 1 a 100."
          inputProps={{ inputMode: "numeric" }}
        />
        <Field
          label="Monto (S/)"
          field={form.field("amount")}
          hint="Solo para el tipo monto fijo."
          inputProps={{ inputMode: "decimal" }}
        />
      </div>
    </AdminCard>
  );
}

function ApplicationCard({ form }: { form: FormFields }) {
  return (
    <AdminCard title="Cómo se aplica">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Cómo se aplica</legend>
        {(
          [
            ["code", "Con un código de cupón que el cliente escribe"],
            ["automatic", "Automático, cuando se cumplen las condiciones"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="application"
              value={value}
              defaultChecked={(form.value("application") || "code") === value}
              className="size-4 accent-primary-strong"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field
          label="Código del cupón"
          field={form.field("code")}
          hint="Sin importar mayúsculas: BIENVENIDA20."
          inputProps={{ maxLength: 30, autoCapitalize: "characters" }}
        />
        <div className="flex flex-col justify-end gap-3">
          <CheckboxField label="Se puede combinar con otros descuentos" field={form.checkbox("isCombinable")} />
          <CheckboxField label="Activo" field={form.checkbox("isActive")} />
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
        <p className="text-sm text-muted">Solo en algunos productos (sin marcar nada: en todos los productos).</p>
        <TargetGroup legend="Familias" name="familyIds" options={options.families} form={form} />
        <TargetGroup legend="Categorías" name="categoryIds" options={options.categories} form={form} />
        <TargetGroup legend="Marcas" name="brandIds" options={options.brands} form={form} />
        <input type="hidden" name="productIds" value={form.value("productIds")} />
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
