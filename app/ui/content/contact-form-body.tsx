import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";

import { CONTACT_FIELD_LIMITS, CONTACT_HONEYPOT_FIELD, type ContactField } from "~/domain/content/contact-fields";
import { Field, TextAreaField } from "~/ui/form/field";
import { type FormActionData, type FormFields, useFormFields } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

// The contact form itself, a chunk of its own (contact-form.tsx loads it).

/**
 * Posts to the route's action, which validates with the form kit and answers with the
 * Spanish message of each field and the error toast (what was typed is kept), or redirects
 * back with the thank-you toast: the new location remounts the form, so it comes back empty.
 * Works without JavaScript too.
 */
export function ContactForm({ state }: { state: FormActionData }) {
  const form = useFormFields<ContactField>(undefined, state, "contacto-");
  const location = useLocation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (state) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [state]);

  return (
    <Form
      ref={formRef}
      key={location.key}
      method="post"
      noValidate
      preventScrollReset
      className="flex flex-col gap-4"
      aria-label="Formulario de contacto"
    >
      <ContactFields form={form} />
      {/* Left empty by people (it is never shown); bots that fill every field give themselves away. */}
      <div hidden>
        <label>
          Sitio web
          <input name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" className="self-start" disabled={isSubmitting}>
        <Icon name="send" aria-hidden />
        {isSubmitting ? "Enviando..." : "Enviar Mensaje"}
      </Button>
    </Form>
  );
}

function ContactFields({ form }: { form: FormFields<ContactField> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Nombre completo"
          field={form.field("fullName")}
          inputProps={{ autoComplete: "name", required: true, maxLength: CONTACT_FIELD_LIMITS.fullName }}
        />
        <Field
          label="Correo electrónico"
          field={form.field("email")}
          inputProps={{
            type: "email",
            autoComplete: "email",
            inputMode: "email",
            required: true,
            maxLength: CONTACT_FIELD_LIMITS.email,
          }}
        />
      </div>
      <Field
        label="Asunto"
        field={form.field("subject")}
        inputProps={{ required: true, maxLength: CONTACT_FIELD_LIMITS.subject }}
      />
      <TextAreaField
        label="Mensaje"
        field={form.field("message")}
        textareaProps={{ rows: 6, required: true, maxLength: CONTACT_FIELD_LIMITS.message }}
      />
    </>
  );
}
