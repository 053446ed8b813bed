// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { toSearchPhrase } from "~/domain/search/search-words";

import { splitKeywords } from "./chatbot";

const EMPTY_ANSWER_MESSAGE = "La palabra clave y la respuesta no pueden estar vacías.";
export const DEFAULT_UNDELETABLE_MESSAGE = "No se puede eliminar la respuesta por defecto.";
const KEYWORD_TOO_LONG_MESSAGE = "Cada palabra clave puede tener hasta 60 caracteres.";
const TOO_MANY_KEYWORDS_MESSAGE = "Escribe hasta 20 palabras clave por respuesta.";
const MAX_KEYWORD_LENGTH = 60;
const MAX_KEYWORDS = 20;
/** The whole field: 20 keywords of 60 characters and their commas. */
export const MAX_KEYWORDS_FIELD_LENGTH = MAX_KEYWORDS * (MAX_KEYWORD_LENGTH + 2);
const ANSWER_TOO_LONG_MESSAGE = "La respuesta puede tener hasta 2000 caracteres.";
export const ANSWER_NOT_FOUND_MESSAGE = "La respuesta ya no existe. Recarga la página.";

export function duplicateKeywordMessage(keyword: string): string {
  return `La palabra clave "${keyword}" ya existe. Edítala o usa otra.`;
}

/**
 * Keywords are stored trimmed and lower-cased, separated by ', '; inner runs of spaces become
 * one, and blanks and repeats (any accent or punctuation) go: 'Ubicación,  Dónde ESTÁN,,
 * ubicacion' -> 'ubicación, dónde están'.
 */
function normalizeKeyword(raw: string): string {
  const seen = new Set<string>();
  return splitKeywords(raw.toLowerCase().replace(/\s+/g, " "))
    .filter((keyword) => {
      const phrase = toSearchPhrase(keyword);
      if (phrase === "" || seen.has(phrase)) return false;
      seen.add(phrase);
      return true;
    })
    .join(", ");
}

/** Add form, and the edit form of an answer other than 'default' (whose keyword is fixed). */
export const chatbotAnswerSchema = z.object({
  keyword: z
    .string()
    .default("")
    .pipe(z.string().max(MAX_KEYWORDS_FIELD_LENGTH, TOO_MANY_KEYWORDS_MESSAGE))
    .transform(normalizeKeyword)
    .pipe(
      z
        .string()
        .min(1, EMPTY_ANSWER_MESSAGE)
        .refine((field) => splitKeywords(field).length <= MAX_KEYWORDS, TOO_MANY_KEYWORDS_MESSAGE)
        .refine(
          (field) => splitKeywords(field).every((keyword) => keyword.length <= MAX_KEYWORD_LENGTH),
          KEYWORD_TOO_LONG_MESSAGE,
        ),
    ),
  answer: z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().min(1, EMPTY_ANSWER_MESSAGE).max(2000, ANSWER_TOO_LONG_MESSAGE)),
});
export type ChatbotAnswerInput = z.output<typeof chatbotAnswerSchema>;
