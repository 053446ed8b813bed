import { and, asc, count, desc, eq, inArray } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import {
  type HealthRecordKind,
  petHealthRecords,
  pets,
  type PetSize,
  type PetSpecies,
  products,
  productVariants,
} from "~/db/schema";

import { isFoodChoiceAllowed } from "./pet-food.server";
import { foodChoiceLabel, MAX_PETS_PER_ACCOUNT, PET_MESSAGES, petPhotoPath } from "./pet-labels";
import { removePetPhoto, storePetPhoto } from "./pet-photo.server";
import { PET_FORM_MESSAGES, type PetInput } from "./pets";

// A shopper's pets ('Mis Mascotas', issue 28). Every query is scoped to the owner's account:
// another account's pet id behaves exactly like one that does not exist.

export type Pet = {
  id: number;
  name: string;
  species: PetSpecies;
  breed: string;
  size: PetSize;
  birthDate: string | null;
  weightGrams: number | null;
  dailyFoodGrams: number | null;
  /** 'Su alimento': a presentación the shopper ordered, and its name ('' without one). */
  foodVariantId: number | null;
  foodLabel: string;
  notes: string;
  /** The photo's address (/mascota/{id}/foto?v=…), for its owner and the administrators; null without one. */
  photoUrl: string | null;
};

const petColumns = {
  id: pets.id,
  name: pets.name,
  species: pets.species,
  breed: pets.breed,
  size: pets.size,
  birthDate: pets.birthDate,
  weightGrams: pets.weightGrams,
  dailyFoodGrams: pets.dailyFoodGrams,
  foodVariantId: pets.foodVariantId,
  notes: pets.notes,
  photo: pets.photo,
  foodTitle: products.title,
  foodVariantName: productVariants.name,
  foodWeightGrams: productVariants.netWeightGrams,
};

type PetRow = Omit<Pet, "photoUrl" | "foodLabel"> & {
  photo: string | null;
  foodTitle: string | null;
  foodVariantName: string | null;
  foodWeightGrams: number | null;
};

function toPet({ photo, foodTitle, foodVariantName, foodWeightGrams, ...row }: PetRow): Pet {
  return {
    ...row,
    foodLabel: foodTitle === null ? "" : foodChoiceLabel(foodTitle, foodVariantName ?? "", foodWeightGrams),
    photoUrl: photo ? petPhotoPath(row.id, photo) : null,
  };
}

/** The pets with the name of their food, when they have one. */
function selectPets() {
  return getDb()
    .select(petColumns)
    .from(pets)
    .leftJoin(productVariants, eq(productVariants.id, pets.foodVariantId))
    .leftJoin(products, eq(products.id, productVariants.productId));
}

/** The shopper's pets, in the order they were added. */
export async function listPets(userId: string): Promise<Pet[]> {
  const rows = await selectPets().where(eq(pets.userId, userId)).orderBy(asc(pets.createdAt), asc(pets.id));
  return rows.map(toPet);
}

/** One of the shopper's pets; null for an unknown id or another account's pet. */
async function getOwnPet(userId: string, petId: number): Promise<Pet | null> {
  const [row] = await selectPets().where(and(eq(pets.id, petId), eq(pets.userId, userId)));
  return row ? toPet(row) : null;
}

/** What happens to the photo on an edit: kept, replaced by new bytes, or removed. */
export type PetPhotoChange = { kind: "keep" } | { kind: "replace"; bytes: Uint8Array } | { kind: "remove" };

export type PetSaveOutcome =
  | { status: "saved"; petId: number }
  | { status: "not-found" }
  | { status: "refused"; message: string }
  /** 'Su alimento' is not one the shopper ordered (a forged or stale form). */
  | { status: "invalid-food"; message: string }
  | { status: "invalid-photo"; message: string; httpStatus: number };

/** Checks and stores a new photo before the row is written; the row's failure removes it again. */
async function withStoredPhoto<T extends PetSaveOutcome>(
  bytes: Uint8Array | null,
  write: (fileName: string | null) => Promise<T>,
): Promise<T | Extract<PetSaveOutcome, { status: "invalid-photo" }>> {
  let fileName: string | null = null;
  if (bytes) {
    const stored = await storePetPhoto(bytes);
    if (!stored.ok) return { status: "invalid-photo", message: stored.message, httpStatus: stored.status };
    fileName = stored.fileName;
  }
  const outcome = await write(fileName).catch(async (error: unknown) => {
    await removePetPhoto(fileName);
    throw error;
  });
  if (outcome.status !== "saved") await removePetPhoto(fileName);
  return outcome;
}

/** Refuses a food the shopper never ordered; the pet's current one (`currentVariantId`) may stay. */
async function checkFood(userId: string, input: PetInput, currentVariantId: number | null = null) {
  if (input.foodVariantId === null) return null;
  if (await isFoodChoiceAllowed(userId, input.foodVariantId, currentVariantId)) return null;
  return { status: "invalid-food", message: PET_FORM_MESSAGES.foodUnknown } as const;
}

/** Adds a pet to the shopper's account, with its photo when one is sent. */
export async function createPet(
  userId: string,
  input: PetInput,
  photo: Uint8Array | null = null,
): Promise<PetSaveOutcome> {
  const [owned] = await getDb().select({ total: count() }).from(pets).where(eq(pets.userId, userId));
  if ((owned?.total ?? 0) >= MAX_PETS_PER_ACCOUNT) return { status: "refused", message: PET_MESSAGES.tooMany };
  const badFood = await checkFood(userId, input);
  if (badFood) return badFood;
  return withStoredPhoto(photo, async (fileName): Promise<PetSaveOutcome> => {
    const [row] = await getDb()
      .insert(pets)
      .values({ ...input, userId, photo: fileName })
      .returning({ id: pets.id });
    return { status: "saved", petId: row!.id };
  });
}

/**
 * Saves the shopper's changes to one of their pets. A replaced or removed photo's file is
 * deleted once the row no longer names it; another account's pet is 'not-found' and untouched.
 */
export async function updatePet(
  userId: string,
  petId: number,
  input: PetInput,
  photo: PetPhotoChange = { kind: "keep" },
): Promise<PetSaveOutcome> {
  // Checked first, so that a stranger's post costs no image work.
  const current = await getOwnPet(userId, petId);
  if (!current) return { status: "not-found" };
  const badFood = await checkFood(userId, input, current.foodVariantId);
  if (badFood) return badFood;
  let replaced: string | null = null;
  const outcome = await withStoredPhoto(photo.kind === "replace" ? photo.bytes : null, (fileName) =>
    getDb().transaction(async (tx): Promise<PetSaveOutcome> => {
      const [before] = await tx
        .select({ photo: pets.photo })
        .from(pets)
        .where(and(eq(pets.id, petId), eq(pets.userId, userId)))
        .for("update");
      if (!before) return { status: "not-found" };
      const photoColumn = photo.kind === "keep" ? {} : { photo: fileName };
      await tx
        .update(pets)
        .set({ ...input, ...photoColumn })
        .where(eq(pets.id, petId));
      if (photo.kind !== "keep") replaced = before.photo;
      return { status: "saved", petId };
    }),
  );
  if (outcome.status === "saved") await removePetPhoto(replaced);
  return outcome;
}

/** Removes one of the shopper's pets, its health records and its photo; false when it is not theirs. */
export async function deletePet(userId: string, petId: number): Promise<boolean> {
  const [removed] = await getDb()
    .delete(pets)
    .where(and(eq(pets.id, petId), eq(pets.userId, userId)))
    .returning({ photo: pets.photo });
  if (!removed) return false;
  await removePetPhoto(removed.photo);
  return true;
}

export type HealthRecord = {
  id: number;
  petId: number;
  kind: HealthRecordKind;
  name: string;
  givenOn: string;
  nextDueOn: string | null;
  note: string;
};

/** The vaccinations and dewormings the shop noted on these pets, newest first. */
export async function listHealthRecords(petIds: readonly number[]): Promise<HealthRecord[]> {
  if (petIds.length === 0) return [];
  return getDb()
    .select({
      id: petHealthRecords.id,
      petId: petHealthRecords.petId,
      kind: petHealthRecords.kind,
      name: petHealthRecords.name,
      givenOn: petHealthRecords.givenOn,
      nextDueOn: petHealthRecords.nextDueOn,
      note: petHealthRecords.note,
    })
    .from(petHealthRecords)
    .where(inArray(petHealthRecords.petId, [...petIds]))
    .orderBy(desc(petHealthRecords.givenOn), desc(petHealthRecords.id));
}

/**
 * A pet's stored photo file name, for whoever may see it: the pet's owner or an
 * administrator. Null for anyone else, an unknown pet, or a pet without a photo.
 */
export async function findPetPhotoFor(viewer: { id: string; isAdmin: boolean }, petId: number) {
  const [row] = await getDb()
    .select({ photo: pets.photo })
    .from(pets)
    .where(viewer.isAdmin ? eq(pets.id, petId) : and(eq(pets.id, petId), eq(pets.userId, viewer.id)));
  return row?.photo ?? null;
}
