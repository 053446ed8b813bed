import { Form, useNavigation } from "react-router";

import {
  type ComplaintErrors,
  type ComplaintFormValues,
  CONSUMER_AUTHORITY_LEGEND,
  RESPONSE_DEADLINE_LEGEND,
} from "~/domain/complaints/complaint";
import { CheckboxField } from "~/ui/form/field";
import { formFields } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

import { ConsumerSection, ContractedGoodSection, DetailSection } from "./complaint-form-sections";
import { useComplaintValidation } from "./use-complaint-validation";

export { TERMS_TOAST } from "./use-complaint-validation";

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
  const { formRef, errors, handleSubmit, handleChange, preload } = useComplaintValidation(serverErrors);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const form = formFields(values, errors, "reclamo-");

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={handleSubmit}
      onChange={handleChange}
      onFocus={preload}
      className="flex flex-col gap-6"
      aria-label="Hoja de reclamación"
    >
      <ConsumerSection form={form} />
      <ContractedGoodSection form={form} />
      <DetailSection form={form} />
      <Legends />
      <CheckboxField
        label="Acepto los términos y condiciones: declaro que los datos consignados son verdaderos y autorizo su uso para atender esta reclamación."
        field={form.checkbox("acceptTerms")}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} className="self-stretch sm:self-start">
        <Icon name="send" aria-hidden />
        {isSubmitting ? "Enviando…" : "Enviar Reclamación"}
      </Button>
    </Form>
  );
}

function Legends() {
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-secondary-soft p-4 text-sm sm:p-5">
      <p>{RESPONSE_DEADLINE_LEGEND}</p>
      <p>{CONSUMER_AUTHORITY_LEGEND}</p>
    </div>
  );
}
