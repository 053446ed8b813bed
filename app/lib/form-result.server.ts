import { data } from "react-router";

import type { FieldErrors, FormValues } from "./form-data";
import type { ToastMessage } from "./toast";

export type FormFailure = { errors: FieldErrors; values: FormValues; toast: ToastMessage };

/**
 * The answer of an action whose input was refused: the field errors, the values typed (so
 * nothing is lost) and the spec's error toast ('Error de Validación' or 'Error').
 */
export function formFailure(
  errors: FieldErrors,
  values: FormValues,
  toast: { title?: string; description: string },
  status = 400,
) {
  return data<FormFailure>(
    {
      errors,
      values,
      toast: { title: toast.title ?? "Error", description: toast.description, variant: "destructive" },
    },
    { status },
  );
}
