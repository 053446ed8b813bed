import { z } from "zod";

import { customerNameSchema, customerPhoneSchema } from "~/domain/orders/checkout-schema";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";

// The booking form's rules and the agenda's words (issue 28), shared by the server and the page.
import { MAX_BOOKING_NOTES_LENGTH, MAX_BREED_LENGTH, MAX_PET_NAME_LENGTH } from "./booking-labels";
import { isIsoDate, parseClock } from "./slots";

export * from "./booking-labels";

function cleanText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => !text.includes("\u0000"), NUL_CHARACTER_MESSAGE);
}

const optionalEmail = z
  .string()
  .trim()
  .max(254, "Escribe un correo más corto.")
  .refine((email) => email === "" || z.email().safeParse(email).success, "Ingresa un correo válido.");

/** What the booking form posts; the slot itself is checked against the agenda in the transaction. */
export const bookingFormSchema = z.object({
  size: z.enum(["small", "medium", "large"], { error: "Elige el tamaño de tu mascota." }),
  date: z.string({ error: "Elige un día." }).refine(isIsoDate, "Elige un día del calendario."),
  time: z
    .string({ error: "Elige un horario." })
    .refine((time) => parseClock(time) !== null && time !== "24:00", "Elige un horario de la lista."),
  // A saved pet of the signed-in shopper, or the pet's details typed in.
  petId: z.coerce.number().int().positive().optional().catch(undefined),
  petName: cleanText(MAX_PET_NAME_LENGTH, `Escribe como máximo ${MAX_PET_NAME_LENGTH} caracteres.`).pipe(
    z.string().min(1, "Escribe el nombre de tu mascota."),
  ),
  petSpecies: z.enum(["dog", "cat"], { error: "Elige si es perro o gato." }),
  petBreed: cleanText(MAX_BREED_LENGTH, `Escribe como máximo ${MAX_BREED_LENGTH} caracteres.`).default(""),
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
  customerEmail: optionalEmail.default(""),
  notes: cleanText(
    MAX_BOOKING_NOTES_LENGTH,
    `Escribe como máximo ${MAX_BOOKING_NOTES_LENGTH} caracteres en las notas.`,
  ).default(""),
});
export type BookingForm = z.output<typeof bookingFormSchema>;
