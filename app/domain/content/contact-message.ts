import { z } from "zod";

import { findNulCharacters } from "~/lib/form-data";

import {
  CONTACT_FIELD_LIMITS,
  CONTACT_HONEYPOT_FIELD,
  type ContactField,
  type ContactFormValues,
} from "./contact-fields";

const contactMessageSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, "Ingresa tu nombre completo.")
    .max(CONTACT_FIELD_LIMITS.fullName, `Usa como máximo ${CONTACT_FIELD_LIMITS.fullName} caracteres.`),
  email: z
    .string()
    .trim()
    .min(1, "Ingresa tu correo electrónico.")
    .max(CONTACT_FIELD_LIMITS.email, "Ingresa un correo electrónico válido.")
    .pipe(z.email("Ingresa un correo electrónico válido.")),
  subject: z
    .string()
    .trim()
    .min(1, "Ingresa el asunto de tu mensaje.")
    .max(CONTACT_FIELD_LIMITS.subject, `Usa como máximo ${CONTACT_FIELD_LIMITS.subject} caracteres.`),
  message: z
    .string()
    .trim()
    .min(1, "Escribe tu mensaje.")
    .max(CONTACT_FIELD_LIMITS.message, `Usa como máximo ${CONTACT_FIELD_LIMITS.message} caracteres.`),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export type ContactFormResult =
  | { isValid: true; message: ContactMessageInput; isSpam: boolean }
  | { isValid: false; errors: Partial<Record<ContactField, string>>; values: ContactFormValues };

/** Reads the posted form: the valid message, or the first Spanish error of each field. */
export function parseContactForm(form: FormData): ContactFormResult {
  const values: ContactFormValues = {
    fullName: readText(form, "fullName"),
    email: readText(form, "email"),
    subject: readText(form, "subject"),
    message: readText(form, "message"),
  };
  const nul = findNulCharacters(values);
  if (Object.keys(nul).length > 0) return { isValid: false, errors: nul, values };
  const parsed = contactMessageSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField;
      errors[field] ??= issue.message;
    }
    return { isValid: false, errors, values };
  }
  return { isValid: true, message: parsed.data, isSpam: readText(form, CONTACT_HONEYPOT_FIELD) !== "" };
}

function readText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
