import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";

import {
  type ComplaintErrors,
  type ComplaintField,
  readComplaintForm,
  TERMS_MESSAGE,
} from "~/domain/complaints/complaint";
// Type only: the schema itself (with zod) is fetched on first use, see loadSchema.
import type { parseComplaintForm } from "~/domain/complaints/complaint-schema";
import { useToast } from "~/ui/toaster";

export const TERMS_TOAST = {
  title: "Error de Envío",
  description: TERMS_MESSAGE,
  variant: "destructive",
} as const;

type ParseComplaintForm = typeof parseComplaintForm;

// zod and the schema are not part of the page's first load (ADR 009): they are fetched
// when the shopper first touches the form, long before "Enviar".
const loadSchema = () => import("~/domain/complaints/complaint-schema").then((module) => module.parseComplaintForm);

/** The schema's parser, fetched once; `withParser` runs with it as soon as it is here. */
function useLazyParser() {
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

  return { parserRef, withParser };
}

/**
 * The form's messages, as the schema finds them (through the form kit's parse, the action's
 * too) and the amount box's own reading.
 */
function validate(form: HTMLFormElement, parse: ParseComplaintForm): ComplaintErrors {
  const result = parse(readComplaintForm(new FormData(form)));
  const found: ComplaintErrors = result.success ? {} : result.errors;
  // A number box holding text it cannot read submits '', which would drop the amount silently.
  const amount = form.elements.namedItem("amount");
  if (amount instanceof HTMLInputElement && amount.validity.badInput) {
    found.amount = "Ingresa un monto válido en soles, por ejemplo 59.90.";
  }
  return found;
}

/** The messages shown: the server's, then the browser's; each new set focuses the first wrong field. */
function useShownErrors(serverErrors: ComplaintErrors | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ComplaintErrors>(serverErrors ?? {});
  const [focusRequest, setFocusRequest] = useState(0);
  const showToast = useToast();

  useEffect(() => {
    if (!serverErrors) return;
    setErrors(serverErrors);
    setFocusRequest((count) => count + 1);
  }, [serverErrors]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function showErrors(found: ComplaintErrors) {
    setErrors(found);
    setFocusRequest((count) => count + 1);
    if (found.acceptTerms) showToast(TERMS_TOAST);
  }

  // Messages already shown follow the edits (and go once fixed); new ones wait for "Enviar".
  function followEdits(found: ComplaintErrors) {
    setErrors((current) => {
      const next: ComplaintErrors = {};
      for (const field of Object.keys(current) as ComplaintField[]) {
        if (found[field]) next[field] = found[field];
      }
      return next;
    });
  }

  return { formRef, errors, showErrors, followEdits };
}

/**
 * The complaint sheet's checks in the browser: the same schema as the action before
 * sending (instant Spanish messages, focus on the first wrong field).
 */
export function useComplaintValidation(serverErrors: ComplaintErrors | undefined) {
  const submit = useSubmit();
  const { parserRef, withParser } = useLazyParser();
  const { formRef, errors, showErrors, followEdits } = useShownErrors(serverErrors);

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

  function handleChange(event: FormEvent<HTMLFormElement>) {
    if (Object.keys(errors).length === 0) return;
    const form = event.currentTarget;
    withParser((parse) => followEdits(validate(form, parse)));
  }

  const preload = () => withParser(() => {});

  return { formRef, errors, handleSubmit, handleChange, preload };
}
