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

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors; firstMessage: string };

/** No person types a NUL character, and PostgreSQL's text cannot store one. */
export const NUL_CHARACTER_MESSAGE = "El texto contiene un carácter no permitido. Escríbelo de nuevo.";

/** The fields (by path, like zod's) of a form's values that hold a NUL character. */
function findNulCharacters(input: unknown, path: string[] = []): FieldErrors {
  if (typeof input === "string") {
    return input.includes("\u0000") ? { [path.join(".") || "form"]: NUL_CHARACTER_MESSAGE } : {};
  }
  if (!input || typeof input !== "object") return {};
  return Object.assign({}, ...Object.entries(input).map(([key, value]) => findNulCharacters(value, [...path, key])));
}

/**
 * Parses with a zod schema; on failure, the first Spanish message per field (by path).
 * Text with a NUL character is refused first: it would otherwise fail the insert (a 500).
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const nul = findNulCharacters(input);
  if (Object.keys(nul).length > 0) return { success: false, errors: nul, firstMessage: NUL_CHARACTER_MESSAGE };
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "form";
    if (!errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors, firstMessage: result.error.issues[0]?.message ?? "Revisa el formulario." };
}
