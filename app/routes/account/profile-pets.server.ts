// 'Mis Mascotas' on /perfil (issue 28): the tab's data and its two forms ('pet-save',
// 'pet-delete'), which profile.tsx's loader and action hand over here. Every pet is read and
// written through the signed-in account (pets.server.ts): another account's pet id answers 404.
import { data } from "react-router";

import { petSizeLabels, petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { limaDateOf } from "~/domain/bookings/slots";
import { IMAGE_TOO_LARGE_MESSAGE } from "~/domain/media/image";
import { listFoodChoices } from "~/domain/pets/pet-food.server";
import {
  type FoodChoice,
  formatWeight,
  healthRecordKindLabels,
  MAX_PET_FORM_BODY_BYTES,
  MAX_PETS_PER_ACCOUNT,
  PET_EDITOR_PARAMS,
  PET_FIELDS,
  PET_INTENTS,
  PET_MESSAGES,
  type PetCardView,
  type PetEditorView,
  petsTabPath,
  type PetsTabView,
  weightToInput,
} from "~/domain/pets/pet-labels";
import { petAgeLabel, petFormSchema } from "~/domain/pets/pets";
import {
  createPet,
  deletePet,
  type HealthRecord,
  listHealthRecords,
  listPets,
  type Pet,
  type PetPhotoChange,
  type PetSaveOutcome,
  updatePet,
} from "~/domain/pets/pets.server";
import { formFailure } from "~/lib/form.server";
import { type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { isChecked, parseRecordId } from "~/lib/parse";
import { type RateRule, takeSubmission, TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { readBodyWithLimit } from "~/lib/read-body.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

/** Each photo is a picture of up to 5 MB to decode: a generous hour of them per account. */
const PET_PHOTO_UPLOADS_PER_ACCOUNT: RateRule = { limit: 30, windowMs: 60 * 60 * 1000 };
const RETYPE_PHOTO_MESSAGE = "Vuelve a elegir la foto: no se guardó porque el formulario tenía errores.";

const dateLabel = new Intl.DateTimeFormat("es-PE", { dateStyle: "long", timeZone: "UTC" });
const writeDate = (isoDate: string) => dateLabel.format(new Date(`${isoDate}T00:00:00Z`));

function toCard(pet: Pet, records: HealthRecord[], today: string): PetCardView {
  return {
    id: pet.id,
    name: pet.name,
    speciesLabel: petSpeciesLabels[pet.species],
    sizeLabel: petSizeLabels[pet.size],
    breed: pet.breed,
    ageLabel: pet.birthDate ? petAgeLabel(pet.birthDate, today) : "",
    weightLabel: pet.weightGrams ? formatWeight(pet.weightGrams) : "",
    dailyFoodLabel: pet.dailyFoodGrams ? `Come ${pet.dailyFoodGrams} g al día` : "",
    foodLabel: pet.foodLabel,
    notes: pet.notes,
    photoUrl: pet.photoUrl,
    records: records
      .filter((record) => record.petId === pet.id)
      .map((record) => ({
        id: record.id,
        kindLabel: healthRecordKindLabels[record.kind],
        name: record.name,
        givenOn: writeDate(record.givenOn),
        nextDueOn: record.nextDueOn ? writeDate(record.nextDueOn) : null,
        note: record.note,
      })),
  };
}

function formValuesOf(pet: Pet): Record<string, string> {
  return {
    [PET_FIELDS.name]: pet.name,
    [PET_FIELDS.species]: pet.species,
    [PET_FIELDS.breed]: pet.breed,
    [PET_FIELDS.size]: pet.size,
    [PET_FIELDS.birthDate]: pet.birthDate ?? "",
    [PET_FIELDS.weight]: weightToInput(pet.weightGrams),
    [PET_FIELDS.dailyFoodGrams]: pet.dailyFoodGrams === null ? "" : String(pet.dailyFoodGrams),
    [PET_FIELDS.foodVariantId]: pet.foodVariantId === null ? "" : String(pet.foodVariantId),
    [PET_FIELDS.notes]: pet.notes,
  };
}

/** 'Su alimento': what the shopper ordered, and the pet's current food if it is no longer among them. */
function withCurrentFood(choices: FoodChoice[], pet: Pet | undefined): FoodChoice[] {
  if (!pet || pet.foodVariantId === null) return choices;
  const value = String(pet.foodVariantId);
  return choices.some((choice) => choice.value === value) ? choices : [...choices, { value, label: pet.foodLabel }];
}

/** The editor '&editar={id}' or '&nueva=1' asks for; an id that is not one of the shopper's pets is a 404. */
async function editorFor(userId: string, url: URL, pets: Pet[]): Promise<PetEditorView | null> {
  const editId = url.searchParams.get(PET_EDITOR_PARAMS.edit);
  if (editId !== null) {
    const id = parseRecordId(editId);
    const pet = pets.find((candidate) => candidate.id === id);
    if (!pet) throw data(null, { status: 404 });
    return {
      mode: "edit",
      petId: pet.id,
      name: pet.name,
      photoUrl: pet.photoUrl,
      values: formValuesOf(pet),
      foodChoices: withCurrentFood(await listFoodChoices(userId), pet),
    };
  }
  if (url.searchParams.get(PET_EDITOR_PARAMS.add) === null) return null;
  return { mode: "add", values: {}, foodChoices: await listFoodChoices(userId) };
}

/** The tab's pets as cards, each with its health records, and the form the address asks for. */
export async function loadPetsTab(userId: string, url: URL): Promise<PetsTabView> {
  const pets = await listPets(userId);
  const records = await listHealthRecords(pets.map((pet) => pet.id));
  const today = limaDateOf(new Date());
  return {
    pets: pets.map((pet) => toCard(pet, records, today)),
    editor: await editorFor(userId, url, pets),
    isFull: pets.length >= MAX_PETS_PER_ACCOUNT,
    today,
  };
}

function refuse(errors: Record<string, string>, values: FormValues, status = 400, description?: string) {
  return formFailure(errors, values, { title: PET_MESSAGES.refusedTitle, description }, status);
}

export type ProfilePost = { ok: true; form: FormData } | { ok: false; failure: ReturnType<typeof formFailure> };

/**
 * Reads a post to /perfil, at most MAX_PET_FORM_BODY_BYTES (the pet form may carry a photo; a
 * larger body is refused before it is kept). Any of the profile's forms reads the same way.
 */
export async function readProfilePost(request: Request): Promise<ProfilePost> {
  const bytes = await readBodyWithLimit(request, MAX_PET_FORM_BODY_BYTES);
  if (!bytes) return { ok: false, failure: refuse({ [PET_FIELDS.photo]: IMAGE_TOO_LARGE_MESSAGE }, {}, 413) };
  const headers = { "Content-Type": request.headers.get("Content-Type") ?? "" };
  const form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers }).formData().catch(() => null);
  if (!form) return { ok: false, failure: refuse({}, {}, 400, PET_MESSAGES.unreadable) };
  return { ok: true, form };
}

export function isPetIntent(intent: unknown): boolean {
  return intent === PET_INTENTS.save || intent === PET_INTENTS.remove;
}

function notFound() {
  const toast: ToastMessage = { title: "Error", description: PET_MESSAGES.notFound, variant: "destructive" };
  return data({ errors: {}, values: {}, toast }, { status: 404 });
}

async function photoOf(form: FormData): Promise<Uint8Array | null> {
  const file = form.get(PET_FIELDS.photo);
  return file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}

function answerSave(outcome: PetSaveOutcome, values: FormValues, name: string, hasPhoto: boolean) {
  switch (outcome.status) {
    case "saved":
      return redirectWithToast(petsTabPath(), {
        title: PET_MESSAGES.saved,
        description: `Guardamos los datos de ${name}.`,
      });
    case "invalid-photo":
      return refuse({ [PET_FIELDS.photo]: outcome.message }, values, outcome.httpStatus);
    case "refused":
      return refuse({}, values, 409, outcome.message);
    case "invalid-food": {
      const errors = { [PET_FIELDS.foodVariantId]: outcome.message };
      return refuse(hasPhoto ? { [PET_FIELDS.photo]: RETYPE_PHOTO_MESSAGE, ...errors } : errors, values, 400);
    }
    default:
      return notFound();
  }
}

/** 'Guardar mascota': a new pet (no petId) or one of the shopper's own. */
async function savePet(userId: string, form: FormData) {
  const values = readFormValues(form);
  const rawId = values[PET_FIELDS.id]?.trim() ?? "";
  const petId = rawId === "" ? null : parseRecordId(rawId);
  if (rawId !== "" && petId === null) return notFound();
  const photo = await photoOf(form);
  const parsed = parseWithSchema(petFormSchema, values);
  if (!parsed.success) {
    const errors = photo ? { [PET_FIELDS.photo]: RETYPE_PHOTO_MESSAGE, ...parsed.errors } : parsed.errors;
    return refuse(errors, values, 400, parsed.firstMessage);
  }
  if (photo && !(await takeSubmission(`pet-photo:user:${userId}`, PET_PHOTO_UPLOADS_PER_ACCOUNT))) {
    return refuse({ [PET_FIELDS.photo]: TOO_MANY_SUBMISSIONS_MESSAGE }, values, 429);
  }
  const hasPhoto = photo !== null;
  if (petId === null) {
    return answerSave(await createPet(userId, parsed.data, photo), values, parsed.data.name, hasPhoto);
  }
  const change: PetPhotoChange = photo
    ? { kind: "replace", bytes: photo }
    : isChecked(values[PET_FIELDS.removePhoto])
      ? { kind: "remove" }
      : { kind: "keep" };
  return answerSave(await updatePet(userId, petId, parsed.data, change), values, parsed.data.name, hasPhoto);
}

/** 'Eliminar': one of the shopper's pets, with its photo and health records. */
async function removePet(userId: string, form: FormData) {
  const petId = parseRecordId(form.get(PET_FIELDS.id));
  if (petId === null || !(await deletePet(userId, petId))) return notFound();
  return redirectWithToast(petsTabPath(), {
    title: PET_MESSAGES.deleted,
    description: "Borramos sus datos, su foto y sus registros.",
  });
}

/** The pet forms' action, for the signed-in shopper `userId` (isPetIntent told it is one of them). */
export function runPetAction(userId: string, form: FormData) {
  return form.get("intent") === PET_INTENTS.remove ? removePet(userId, form) : savePet(userId, form);
}
