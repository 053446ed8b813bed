// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

export const EMPTY_ANSWER_MESSAGE = "La palabra clave y la respuesta no pueden estar vacías.";
export const DEFAULT_UNDELETABLE_MESSAGE = "No se puede eliminar la respuesta por defecto.";
export const KEYWORD_TOO_LONG_MESSAGE = "La palabra clave puede tener hasta 60 caracteres.";
export const ANSWER_TOO_LONG_MESSAGE = "La respuesta puede tener hasta 2000 caracteres.";
export const ANSWER_NOT_FOUND_MESSAGE = "La respuesta ya no existe. Recarga la página.";

export function duplicateKeywordMessage(keyword: string): string {
  return `La palabra clave "${keyword}" ya existe. Edítala o usa otra.`;
}

/**
 * Keywords are stored trimmed and lower-cased; inner runs of spaces become one, since a
 * phrase typed with a double space would otherwise never be found in a message.
 */
export function normalizeKeyword(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, " ");
}

/** Add form, and the edit form of an answer other than 'default' (whose keyword is fixed). */
export const chatbotAnswerSchema = z.object({
  keyword: z
    .string()
    .default("")
    .transform(normalizeKeyword)
    .pipe(z.string().min(1, EMPTY_ANSWER_MESSAGE).max(60, KEYWORD_TOO_LONG_MESSAGE)),
  answer: z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().min(1, EMPTY_ANSWER_MESSAGE).max(2000, ANSWER_TOO_LONG_MESSAGE)),
});
export type ChatbotAnswerInput = z.output<typeof chatbotAnswerSchema>;
