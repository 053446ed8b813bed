import { z } from "zod";

import { CONTACT_FIELD_LIMITS, type ContactField } from "./contact-fields";

/** A text the sender must write: absent from the post or blank, the same Spanish message. */
const requiredText = (missing: string) => z.string({ error: missing }).trim().min(1, missing);

/** The /contacto form, parsed by its action with the form kit (parseForm, lib/form.server.ts). */
export const contactMessageSchema = z.object({
  fullName: requiredText("Ingresa tu nombre completo.").max(
    CONTACT_FIELD_LIMITS.fullName,
    `Usa como máximo ${CONTACT_FIELD_LIMITS.fullName} caracteres.`,
  ),
  email: requiredText("Ingresa tu correo electrónico.")
    .max(CONTACT_FIELD_LIMITS.email, "Ingresa un correo electrónico válido.")
    .pipe(z.email("Ingresa un correo electrónico válido.")),
  subject: requiredText("Ingresa el asunto de tu mensaje.").max(
    CONTACT_FIELD_LIMITS.subject,
    `Usa como máximo ${CONTACT_FIELD_LIMITS.subject} caracteres.`,
  ),
  message: requiredText("Escribe tu mensaje.").max(
    CONTACT_FIELD_LIMITS.message,
    `Usa como máximo ${CONTACT_FIELD_LIMITS.message} caracteres.`,
  ),
} satisfies Record<ContactField, z.ZodType>);

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
