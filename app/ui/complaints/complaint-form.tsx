import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";

import {
  COMPLAINT_TYPE_EXPLANATIONS,
  type ComplaintErrors,
  type ComplaintField,
  type ComplaintFormValues,
  complaintTypeLabels,
  complaintTypes,
  CONSUMER_AUTHORITY_LEGEND,
  documentTypeLabels,
  documentTypes,
  readComplaintForm,
  RESPONSE_DEADLINE_LEGEND,
  TERMS_MESSAGE,
} from "~/domain/complaints/complaint";
import type { parseComplaintForm } from "~/domain/complaints/complaint-schema";
import { Field } from "~/ui/form/field";
import { CheckboxField, FieldError, SelectField, TextAreaField } from "~/ui/form/field";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toaster";

export const TERMS_TOAST = {
  title: "Error de Envío",
  description: TERMS_MESSAGE,
  variant: "destructive",
} as const;

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

type ParseComplaintForm = typeof parseComplaintForm;

// zod and the schema (about 26 KB) are not part of the page's first load: they are fetched
// when the shopper first touches the form, long before "Enviar".
const loadSchema = () => import("~/domain/complaints/complaint-schema").then((module) => module.parseComplaintForm);

/**
 * The complaint sheet. It validates with the same schema as the action before
 * sending (instant Spanish messages, focus on the first wrong field); without
 * JavaScript the action answers with the same messages and keeps what was typed.
 */
export function ComplaintForm({
  values,
  serverErrors,
}: {
  values: Partial<ComplaintFormValues>;
  serverErrors: ComplaintErrors | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ComplaintErrors>(serverErrors ?? {});
  const [focusRequest, setFocusRequest] = useState(0);
  const showToast = useToast();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const submit = useSubmit();
  const parserRef = useRef<ParseComplaintForm | null>(null);

  function withParser(run: (parse: ParseComplaintForm) => void, onFailure?: () => void) {
    if (parserRef.current) return run(parserRef.current);
    // Without the schema (offline), edits are checked again by the action on "Enviar".
    loadSchema().then(
      (parse) => {
        parserRef.current = parse;
        run(parse);
      },
      onFailure ?? (() => {}),
    );
  }

  useEffect(() => {
    if (!serverErrors) return;
    setErrors(serverErrors);
    setFocusRequest((count) => count + 1);
  }, [serverErrors]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function validate(form: HTMLFormElement, parse: ParseComplaintForm): ComplaintErrors {
    const result = parse(readComplaintForm(new FormData(form)));
    const found = result.success ? {} : result.errors;
    // A number box holding text it cannot read submits '', which would drop the amount silently.
    const amount = form.elements.namedItem("amount");
    if (amount instanceof HTMLInputElement && amount.validity.badInput) {
      found.amount = "Ingresa un monto válido en soles, por ejemplo 59.90.";
    }
    return found;
  }

  function showErrors(found: ComplaintErrors) {
    setErrors(found);
    setFocusRequest((count) => count + 1);
    if (found.acceptTerms) showToast(TERMS_TOAST);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parse = parserRef.current;
    if (parse) {
      const found = validate(form, parse);
      if (Object.keys(found).length === 0) return;
      event.preventDefault();
      showErrors(found);
      return;
    }
    // The schema is still on its way: wait for it, then send or show the messages. If it
    // cannot be fetched, the form goes as it is and the action answers with the same rules.
    event.preventDefault();
    withParser(
      (loaded) => {
        const found = validate(form, loaded);
        if (Object.keys(found).length === 0) void submit(form);
        else showErrors(found);
      },
      () => void submit(form),
    );
  }

  // Messages already shown follow the edits (and go once fixed); new ones wait for "Enviar".
  function handleChange(event: FormEvent<HTMLFormElement>) {
    if (Object.keys(errors).length === 0) return;
    const form = event.currentTarget;
    withParser((parse) => followEdits(validate(form, parse)));
  }

  function followEdits(found: ComplaintErrors) {
    setErrors((current) => {
      const next: ComplaintErrors = {};
      for (const field of Object.keys(current) as ComplaintField[]) {
        if (found[field]) next[field] = found[field];
      }
      return next;
    });
  }

  const inputProps = (name: ComplaintField, extra: ComponentProps<"input"> = {}): ComponentProps<"input"> => ({
    id: `reclamo-${name}`,
    name,
    defaultValue: values[name] ?? "",
    ...extra,
  });

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={handleSubmit}
      onChange={handleChange}
      onFocus={() => withParser(() => {})}
      className="flex flex-col gap-6"
      aria-label="Hoja de reclamación"
    >
      <Section number={1} title="Identificación del Consumidor Reclamante">
        <Field
          label="Nombre completo"
          error={errors.fullName}
          className="sm:col-span-2"
          inputProps={inputProps("fullName", { autoComplete: "name", maxLength: 150 })}
        />
        <SelectField
          id="reclamo-documentType"
          label="Tipo de documento"
          error={errors.documentType}
          selectProps={{ name: "documentType", defaultValue: values.documentType || "DNI" }}
        >
          {documentTypes.map((type) => (
            <option key={type} value={type}>
              {documentTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Número de documento"
          error={errors.documentNumber}
          inputProps={inputProps("documentNumber", { maxLength: 20, autoComplete: "off" })}
        />
        <Field
          label="Teléfono"
          error={errors.phone}
          inputProps={inputProps("phone", { type: "tel", autoComplete: "tel", maxLength: 20 })}
        />
        <Field
          label="Correo electrónico"
          error={errors.email}
          inputProps={inputProps("email", { type: "email", autoComplete: "email", maxLength: 254 })}
        />
        <Field
          label="Dirección"
          error={errors.address}
          className="sm:col-span-2"
          inputProps={inputProps("address", { autoComplete: "street-address", maxLength: 250 })}
        />
        {/* The guardian block shows through CSS (:has), so it also works without JavaScript. */}
        <div className="group/minor flex flex-col gap-4 sm:col-span-2">
          <CheckboxField
            id="reclamo-isMinor"
            label="El consumidor reclamante es menor de edad"
            inputProps={{
              name: "isMinor",
              defaultChecked: values.isMinor === "on",
              "aria-controls": "reclamo-guardian",
            }}
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
              error={errors.guardianFullName}
              inputProps={inputProps("guardianFullName", { maxLength: 150 })}
            />
            <Field
              label="N.° de documento del padre, madre o apoderado"
              error={errors.guardianDocumentNumber}
              inputProps={inputProps("guardianDocumentNumber", { maxLength: 20 })}
            />
          </fieldset>
        </div>
      </Section>

      <Section number={2} title="Identificación del Bien Contratado">
        <Field
          label="Producto o servicio (opcional)"
          error={errors.productOrService}
          className="sm:col-span-2"
          inputProps={inputProps("productOrService", { maxLength: 200 })}
        />
        <Field
          label="Monto reclamado en S/ (opcional)"
          error={errors.amount}
          inputProps={inputProps("amount", {
            type: "number",
            step: "0.01",
            min: "0",
            inputMode: "decimal",
            placeholder: "0.00",
          })}
        />
      </Section>

      <Section number={3} title="Detalle de la Reclamación y Pedido del Consumidor">
        <fieldset
          className="flex flex-col gap-2 sm:col-span-2"
          aria-describedby={errors.complaintType ? "reclamo-complaintType-error" : undefined}
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
                  defaultChecked={(values.complaintType || "reclamo") === type}
                  aria-describedby={`reclamo-tipo-${type}`}
                  aria-invalid={errors.complaintType ? true : undefined}
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
          <FieldError id="reclamo-complaintType-error" message={errors.complaintType} />
        </fieldset>
        <TextAreaField
          id="reclamo-description"
          label="Detalle de la reclamación"
          hint="Cuéntanos qué pasó: fecha, producto o servicio, y lo que esperabas."
          error={errors.description}
          className="sm:col-span-2"
          textareaProps={{ name: "description", defaultValue: values.description ?? "", maxLength: 5000 }}
        />
        <TextAreaField
          id="reclamo-request"
          label="Pedido del consumidor"
          hint="¿Qué solución solicitas?"
          error={errors.request}
          className="sm:col-span-2"
          textareaProps={{ name: "request", defaultValue: values.request ?? "", maxLength: 2000, rows: 3 }}
        />
      </Section>

      <div className="flex flex-col gap-2 rounded-2xl bg-secondary-soft p-4 text-sm sm:p-5">
        <p>{RESPONSE_DEADLINE_LEGEND}</p>
        <p>{CONSUMER_AUTHORITY_LEGEND}</p>
      </div>

      <CheckboxField
        id="reclamo-acceptTerms"
        label="Acepto los términos y condiciones: declaro que los datos consignados son verdaderos y autorizo su uso para atender esta reclamación."
        error={errors.acceptTerms}
        inputProps={{ name: "acceptTerms", defaultChecked: values.acceptTerms === "on" }}
      />

      <Button type="submit" size="lg" disabled={isSubmitting} className="self-stretch sm:self-start">
        <Icon name="send" aria-hidden />
        {isSubmitting ? "Enviando…" : "Enviar Reclamación"}
      </Button>
    </Form>
  );
}
