// The server half of the form kit: every action reads its form here, parses it with its zod
// schema, and answers a refused form the same way (errors beside the fields, what was typed
// kept, the spec's error toast). The browser half is ui/form/form-fields.ts.
import { data } from "react-router";
import type { z } from "zod";

import { type FieldErrors, type FormValues, parseWithSchema, readFormValues } from "./form-data";
import type { ToastMessage } from "./toast";

export type FormFailure = { errors: FieldErrors; values: FormValues; toast: ToastMessage };

export const VALIDATION_TOAST_TITLE = "Error de Validación";

/**
 * The answer of an action whose input was refused: the field errors, the values typed (so
 * nothing is lost) and the spec's error toast ('Error' unless told otherwise; parseForm's
 * refusals say 'Error de Validación'), whose text is the first error's unless told otherwise.
 * `more` is what else a form shows of a refusal (the checkout's lines short of stock).
 */
export function formFailure<More extends object = Record<never, never>>(
  errors: FieldErrors,
  values: FormValues,
  toast: { title?: string; description?: string } = {},
  status = 400,
  more?: More,
) {
  const description = toast.description ?? Object.values(errors)[0] ?? "Revisa el formulario.";
  return data<FormFailure & More>(
    {
      ...(more as More),
      errors,
      values,
      toast: { title: toast.title ?? "Error", description, variant: "destructive" },
    },
    { status },
  );
}

export type ParsedForm<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; values: FormValues; failure: ReturnType<typeof formFailure> };

/**
 * Reads a posted form (a Request or its FormData) and parses it with `schema`. On success
 * the typed data and the raw values (to send back after a later refusal); on failure the
 * ready answer: `if (!form.ok) return form.failure;`.
 */
export async function parseForm<S extends z.ZodType>(
  input: Request | FormData,
  schema: S,
  toastTitle = VALIDATION_TOAST_TITLE,
): Promise<ParsedForm<z.output<S>>> {
  const values = readFormValues(input instanceof Request ? await input.formData() : input);
  const parsed = parseWithSchema(schema, values);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return {
    ok: false,
    values,
    failure: formFailure(parsed.errors, values, { title: toastTitle, description: parsed.firstMessage }),
  };
}
