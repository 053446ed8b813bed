import { href } from "react-router";

import type { HealthRecordKind } from "~/db/schema/bookings";
import { MAX_BREED_LENGTH, MAX_PET_NAME_LENGTH } from "~/domain/bookings/booking-labels";
import { MAX_IMAGE_BYTES } from "~/domain/media/image";

// 'Mis Mascotas' (issue 28): the words, limits and field names the page shows, without zod, so
// that the storefront's profile page does not carry it (ADR 013). The form's rules are pets.ts.

export { MAX_BREED_LENGTH, MAX_PET_NAME_LENGTH };
export const MAX_PET_NOTES_LENGTH = 1000;
export const MIN_WEIGHT_GRAMS = 100;
export const MAX_WEIGHT_GRAMS = 150_000;
export const MAX_DAILY_FOOD_GRAMS = 5000;
export const EARLIEST_BIRTH_DATE = "1990-01-01";
/** A post of the pet form: a photo and the text fields around it. */
export const MAX_PET_FORM_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/** A shopper's pets, at most: each may carry a photo on the shop's disk. */
export const MAX_PETS_PER_ACCOUNT = 30;

/** The pet form's field names (the photo is a file part; the others are text). */
export const PET_FIELDS = {
  id: "petId",
  name: "name",
  species: "species",
  breed: "breed",
  size: "size",
  birthDate: "birthDate",
  weight: "weight",
  dailyFoodGrams: "dailyFoodGrams",
  foodVariantId: "foodVariantId",
  notes: "notes",
  photo: "photo",
  removePhoto: "removePhoto",
} as const;

export const healthRecordKindLabels: Record<HealthRecordKind, string> = {
  vaccination: "Vacuna",
  deworming: "Desparasitación",
};

export const PET_MESSAGES = {
  saved: "Mascota guardada",
  deleted: "Mascota eliminada",
  notFound: "No encontramos esa mascota.",
  tooMany: `Puedes registrar hasta ${MAX_PETS_PER_ACCOUNT} mascotas. Elimina una para agregar otra.`,
  refusedTitle: "No pudimos guardar la mascota",
  unreadable: "No pudimos leer el formulario. Vuelve a elegir la foto e inténtalo de nuevo.",
} as const;

const weightFormat = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 3 });

/** '4.5 kg'. */
export function formatWeight(grams: number): string {
  return `${weightFormat.format(grams / 1000)} kg`;
}

/**
 * A food presentación as 'Su alimento' and the pet's card name it: 'Alimento X — Bolsa grande
 * (15 kg)'; the weight is left out when the name already ends with it ('Alimento X — 15 kg').
 */
export function foodChoiceLabel(title: string, variantName: string, netWeightGrams: number | null): string {
  const name = variantName ? `${title} — ${variantName}` : title;
  if (!netWeightGrams) return name;
  const weight = formatWeight(netWeightGrams);
  const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, "").replaceAll(",", ".");
  const [said, wanted] = [squeeze(name), squeeze(weight)];
  // '13 kg' does not say '3 kg'.
  const saysWeight = said.endsWith(wanted) && !/[\d.]/.test(said.charAt(said.length - wanted.length - 1));
  return saysWeight ? name : `${name} (${weight})`;
}

/** What the weight box shows for a stored weight: 4500 -> '4.5'. */
export function weightToInput(grams: number | null | undefined): string {
  return grams === null || grams === undefined ? "" : String(grams / 1000);
}

/**
 * The pet's photo, served only to its owner and the administrators. The version (part of the
 * file's random name) changes with the photo, so a page never shows the one it replaced.
 */
export function petPhotoPath(petId: number, photoFileName: string): string {
  return `${href("/mascota/:petId/foto", { petId: String(petId) })}?v=${photoFileName.slice(0, 8)}`;
}

/** The intents of the pet forms on /perfil (the profile's action hands them to the pets' module). */
export const PET_INTENTS = { save: "pet-save", remove: "pet-delete" } as const;
/** 'Mis Mascotas': /perfil?tab=mascotas, with '&nueva=1' for the add form or '&editar={id}' for an edit. */
const PETS_TAB_ID = "mascotas";
export const PET_EDITOR_PARAMS = { add: "nueva", edit: "editar" } as const;

/** A health record as the pet's card shows it (dates already written out). */
export type HealthRecordView = {
  id: number;
  kindLabel: string;
  name: string;
  givenOn: string;
  nextDueOn: string | null;
  note: string;
};

/** A pet as its card shows it. */
export type PetCardView = {
  id: number;
  name: string;
  speciesLabel: string;
  sizeLabel: string;
  breed: string;
  ageLabel: string;
  weightLabel: string;
  dailyFoodLabel: string;
  /** 'Su alimento', as foodChoiceLabel names it; '' without one. */
  foodLabel: string;
  notes: string;
  photoUrl: string | null;
  records: HealthRecordView[];
};

/** One option of 'Su alimento': a presentación with a net weight the shopper ordered. */
export type FoodChoice = { value: string; label: string };

/** The add or edit form: the values it starts with, the pet it edits, and the foods it offers. */
export type PetEditorView = { values: Record<string, string>; foodChoices: FoodChoice[] } & (
  { mode: "add" } | { mode: "edit"; petId: number; name: string; photoUrl: string | null }
);

export type PetsTabView = {
  pets: PetCardView[];
  editor: PetEditorView | null;
  /** At MAX_PETS_PER_ACCOUNT: no 'Agregar mascota'. */
  isFull: boolean;
  /** Today in Lima ('YYYY-MM-DD'), the latest birth date the form offers. */
  today: string;
};

/** '/perfil?tab=mascotas', with the editor's parameter when given ({ nueva: '1' }, { editar: '7' }). */
export function petsTabPath(
  params: Partial<Record<(typeof PET_EDITOR_PARAMS)[keyof typeof PET_EDITOR_PARAMS], string>> = {},
) {
  return `${href("/perfil")}?${new URLSearchParams({ tab: PETS_TAB_ID, ...params })}`;
}
