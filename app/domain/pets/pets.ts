import { z } from "zod";

import { isIsoDate, limaDateOf } from "~/domain/bookings/slots";
import { toIsoDate } from "~/lib/date-input";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";

import {
  EARLIEST_BIRTH_DATE,
  MAX_BREED_LENGTH,
  MAX_DAILY_FOOD_GRAMS,
  MAX_PET_NAME_LENGTH,
  MAX_PET_NOTES_LENGTH,
  MAX_WEIGHT_GRAMS,
  MIN_WEIGHT_GRAMS,
} from "./pet-labels";

// The pet form's rules (issue 28, 'Mis Mascotas'): parsed again in the action as the source of
// truth. The page's words and limits are pet-labels.ts, which carries no zod.

export const PET_FORM_MESSAGES = {
  nameMissing: "Escribe el nombre de tu mascota.",
  nameTooLong: `Escribe el nombre en ${MAX_PET_NAME_LENGTH} caracteres como máximo.`,
  species: "Elige si es perro o gato.",
  breedTooLong: `Escribe la raza en ${MAX_BREED_LENGTH} caracteres como máximo.`,
  size: "Elige el tamaño de tu mascota.",
  birthDateInvalid: "Escribe una fecha de nacimiento válida (día, mes y año).",
  birthDateFuture: "La fecha de nacimiento no puede ser posterior a hoy.",
  birthDateTooOld: "La fecha de nacimiento no puede ser anterior a 1990.",
  weightInvalid: "Escribe el peso en kilos, por ejemplo 4.5 o 4,5.",
  weightRange: "El peso debe estar entre 0.1 y 150 kg.",
  dailyFoodInvalid: "Escribe los gramos como un número entero, por ejemplo 250.",
  dailyFoodRange: `Escribe entre 1 y ${MAX_DAILY_FOOD_GRAMS} gramos al día.`,
  foodUnknown: "Elige uno de los alimentos que pediste en la tienda, o «Ninguno».",
  notesTooLong: `Escribe como máximo ${MAX_PET_NOTES_LENGTH} caracteres en las notas.`,
} as const;

/** A weight typed in kilos ('4.5', '4,5', '12') to grams; null when it is not a weight. */
export function parseWeightGrams(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}([.,]\d{1,3})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed.replace(",", ".")) * 1000);
}

const noNul = (text: string) => !text.includes("\u0000");

function text(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).refine(noNul, NUL_CHARACTER_MESSAGE);
}

/** An optional text box: absent is ''. */
const optional = (schema: z.ZodType<string, string>) => z.string().default("").pipe(schema);

const birthDate = optional(z.string().trim().transform(toIsoDate))
  .refine((value) => value === "" || isIsoDate(value), { message: PET_FORM_MESSAGES.birthDateInvalid, abort: true })
  .refine((value) => value === "" || value >= EARLIEST_BIRTH_DATE, {
    message: PET_FORM_MESSAGES.birthDateTooOld,
    abort: true,
  })
  // Today in Lima, read at each parse: the form is checked on the day it is sent.
  .refine((value) => value === "" || value <= limaDateOf(new Date()), PET_FORM_MESSAGES.birthDateFuture)
  .transform((value) => value || null);

const weightGrams = optional(z.string().trim())
  .transform((value, context) => {
    if (value === "") return null;
    const grams = parseWeightGrams(value);
    if (grams === null) context.addIssue({ code: "custom", message: PET_FORM_MESSAGES.weightInvalid });
    else if (grams < MIN_WEIGHT_GRAMS || grams > MAX_WEIGHT_GRAMS)
      context.addIssue({ code: "custom", message: PET_FORM_MESSAGES.weightRange });
    return grams;
  })
  .pipe(z.number().nullable());

const dailyFoodGrams = optional(z.string().trim())
  .transform((value, context) => {
    if (value === "") return null;
    if (!/^\d{1,9}$/.test(value)) {
      context.addIssue({ code: "custom", message: PET_FORM_MESSAGES.dailyFoodInvalid });
      return null;
    }
    const grams = Number(value);
    if (grams < 1 || grams > MAX_DAILY_FOOD_GRAMS)
      context.addIssue({ code: "custom", message: PET_FORM_MESSAGES.dailyFoodRange });
    return grams;
  })
  .pipe(z.number().nullable());

/** 'Su alimento': a presentación's id, or '' for 'Ninguno'; whether the shopper ordered it is pets.server.ts's check. */
const foodVariantId = optional(z.string().trim())
  .transform((value, context) => {
    if (value === "") return null;
    const id = parseRecordId(value);
    if (id === null) context.addIssue({ code: "custom", message: PET_FORM_MESSAGES.foodUnknown });
    return id;
  })
  .pipe(z.number().nullable());

/** What the pet form posts (text fields; the photo is read apart). */
export const petFormSchema = z
  .object({
    name: z
      .string({ error: PET_FORM_MESSAGES.nameMissing })
      .pipe(text(MAX_PET_NAME_LENGTH, PET_FORM_MESSAGES.nameTooLong))
      .pipe(z.string().min(1, PET_FORM_MESSAGES.nameMissing)),
    species: z.enum(["dog", "cat"], { error: PET_FORM_MESSAGES.species }),
    breed: optional(text(MAX_BREED_LENGTH, PET_FORM_MESSAGES.breedTooLong)),
    size: z.enum(["small", "medium", "large"], { error: PET_FORM_MESSAGES.size }),
    birthDate,
    weight: weightGrams,
    dailyFoodGrams,
    foodVariantId,
    notes: optional(text(MAX_PET_NOTES_LENGTH, PET_FORM_MESSAGES.notesTooLong)),
  })
  .transform(({ weight, ...rest }) => ({ ...rest, weightGrams: weight }));

export type PetInput = z.output<typeof petFormSchema>;

/**
 * '2 años', '1 año', '5 meses', '1 mes', or 'Menos de 1 mes', from its birth date to `today`
 * (both 'YYYY-MM-DD', today in Lima); '' for a date after today.
 */
export function petAgeLabel(birthDate: string, today: string): string {
  if (!isIsoDate(birthDate) || !isIsoDate(today) || birthDate > today) return "";
  const [birthYear, birthMonth, birthDay] = birthDate.split("-").map(Number) as [number, number, number];
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const months = (year - birthYear) * 12 + (month - birthMonth) - (day < birthDay ? 1 : 0);
  if (months >= 12) {
    const years = Math.floor(months / 12);
    return years === 1 ? "1 año" : `${years} años`;
  }
  if (months >= 1) return months === 1 ? "1 mes" : `${months} meses`;
  return "Menos de 1 mes";
}
