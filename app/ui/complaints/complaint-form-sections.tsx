import type { ReactNode } from "react";

import {
  COMPLAINT_TYPE_EXPLANATIONS,
  complaintTypeLabels,
  complaintTypes,
  documentTypeLabels,
  documentTypes,
} from "~/domain/complaints/complaint";
import { CheckboxField, Field, FieldError, SelectField, TextAreaField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";

// The numbered sections of the hoja de reclamación (complaint-form.tsx). Every field's id
// is 'reclamo-' and its name: the form binds them with formFields(values, errors, 'reclamo-').

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-primary/25 bg-white p-4 shadow-sm sm:p-6">
      <legend className="flex items-center gap-2 px-1 text-lg font-bold text-primary-strong">
        <span
          aria-hidden
          className="inline-flex size-7 items-center justify-center rounded-full bg-primary-strong text-sm text-white"
        >
          {number}
        </span>
        <span>
          <span className="sr-only">{number}. </span>
          {title}
        </span>
      </legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function ConsumerSection({ form }: { form: FormFields }) {
  return (
    <Section number={1} title="Identificación del Consumidor Reclamante">
      <Field
        label="Nombre completo"
        field={form.field("fullName")}
        className="sm:col-span-2"
        inputProps={{ autoComplete: "name", maxLength: 150 }}
      />
      <SelectField
        label="Tipo de documento"
        field={{ ...form.field("documentType"), defaultValue: form.value("documentType") || "DNI" }}
      >
        {documentTypes.map((type) => (
          <option key={type} value={type}>
            {documentTypeLabels[type]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Número de documento"
        field={form.field("documentNumber")}
        inputProps={{ maxLength: 20, autoComplete: "off" }}
      />
      <Field
        label="Teléfono"
        field={form.field("phone")}
        inputProps={{ type: "tel", autoComplete: "tel", maxLength: 20 }}
      />
      <Field
        label="Correo electrónico"
        field={form.field("email")}
        inputProps={{ type: "email", autoComplete: "email", maxLength: 254 }}
      />
      <Field
        label="Dirección"
        field={form.field("address")}
        className="sm:col-span-2"
        inputProps={{ autoComplete: "street-address", maxLength: 250 }}
      />
      <GuardianFields form={form} />
    </Section>
  );
}

/** The guardian block shows through CSS (:has), so it also works without JavaScript. */
function GuardianFields({ form }: { form: FormFields }) {
  return (
    <div className="group/minor flex flex-col gap-4 sm:col-span-2">
      <CheckboxField
        label="El consumidor reclamante es menor de edad"
        field={form.checkbox("isMinor")}
        inputProps={{ "aria-controls": "reclamo-guardian" }}
      />
      <fieldset
        id="reclamo-guardian"
        className="grid gap-4 rounded-xl border border-dashed border-primary/40 bg-primary-soft/40 p-4 group-has-[#reclamo-isMinor:not(:checked)]/minor:hidden sm:grid-cols-2"
      >
        <legend className="px-1 text-sm font-semibold">
          Padre, madre o apoderado{" "}
          <span className="font-normal text-muted">(solo si el consumidor es menor de edad)</span>
        </legend>
        <Field
          label="Nombre completo del padre, madre o apoderado"
          field={form.field("guardianFullName")}
          inputProps={{ maxLength: 150 }}
        />
        <Field
          label="N.° de documento del padre, madre o apoderado"
          field={form.field("guardianDocumentNumber")}
          inputProps={{ maxLength: 20 }}
        />
      </fieldset>
    </div>
  );
}

export function ContractedGoodSection({ form }: { form: FormFields }) {
  return (
    <Section number={2} title="Identificación del Bien Contratado">
      <Field
        label="Producto o servicio (opcional)"
        field={form.field("productOrService")}
        className="sm:col-span-2"
        inputProps={{ maxLength: 200 }}
      />
      <Field
        label="Monto reclamado en S/ (opcional)"
        field={form.field("amount")}
        inputProps={{ type: "number", step: "0.01", min: "0", inputMode: "decimal", placeholder: "0.00" }}
      />
    </Section>
  );
}

export function DetailSection({ form }: { form: FormFields }) {
  return (
    <Section number={3} title="Detalle de la Reclamación y Pedido del Consumidor">
      <ComplaintTypeChoice chosen={form.value("complaintType") || "reclamo"} error={form.error("complaintType")} />
      <TextAreaField
        label="Detalle de la reclamación"
        hint="Cuéntanos qué pasó: fecha, producto o servicio, y lo que esperabas."
        field={form.field("description")}
        className="sm:col-span-2"
        textareaProps={{ maxLength: 5000 }}
      />
      <TextAreaField
        label="Pedido del consumidor"
        hint="¿Qué solución solicitas?"
        field={form.field("request")}
        className="sm:col-span-2"
        textareaProps={{ maxLength: 2000, rows: 3 }}
      />
    </Section>
  );
}

/** Reclamo or queja: radios, each read with its explanation. */
function ComplaintTypeChoice({ chosen, error }: { chosen: string; error: string | undefined }) {
  return (
    <fieldset
      className="flex flex-col gap-2 sm:col-span-2"
      aria-describedby={error ? "reclamo-complaintType-error" : undefined}
    >
      <legend className="mb-1.5 text-sm font-semibold">Tipo</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {complaintTypes.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-300 bg-white p-3 has-checked:border-primary-strong has-checked:bg-primary-soft"
          >
            <input
              type="radio"
              name="complaintType"
              value={type}
              defaultChecked={chosen === type}
              aria-describedby={`reclamo-tipo-${type}`}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-4 shrink-0 accent-primary-strong"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold">{complaintTypeLabels[type]}</span>
              <span id={`reclamo-tipo-${type}`} className="text-sm text-muted">
                {COMPLAINT_TYPE_EXPLANATIONS[type]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="reclamo-complaintType-error" message={error} />
    </fieldset>
  );
}
