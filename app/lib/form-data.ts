import type { z } from "zod";

export type FieldErrors = Record<string, string>;
export type FormValues = Record<string, string>;

/** Every text field of a form as a string (files are ignored; repeated names keep the first). */
export function readFormValues(formData: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  return values;
}

export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; errors: FieldErrors; firstMessage: string };

/** Parses with a zod schema; on failure, the first Spanish message per field (by path). */
export function parseWithSchema<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "form";
    if (!errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors, firstMessage: result.error.issues[0]?.message ?? "Revisa el formulario." };
}
