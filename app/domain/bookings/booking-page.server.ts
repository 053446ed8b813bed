import { asc, eq } from "drizzle-orm";

import { getSessionUser } from "~/auth/guards.server";
import { getDb } from "~/db/client.server";
import { pets, type PetSize, petSizes } from "~/db/schema";
import { getProfile } from "~/domain/account/account.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { parseRecordId } from "~/lib/parse";

import { petSizeLabels } from "./booking-labels";
import { type BookableService, getBookableService, listBookableDays, listFreeSlots } from "./booking-store.server";
import { isIsoDate } from "./slots";

// What /reservar/{serviceId} shows (issue 28): the service and its sizes, the saved pets of a
// signed-in shopper, the window's days with room for the chosen size, and the free times of the
// chosen day. The chosen size and day travel in the address (?tamano=&fecha=); without
// JavaScript the whole form travels there too, so nothing typed is lost between steps.

/** The form's fields a GET step may carry (never the service id: that is the path). */
const BOOKING_FORM_FIELDS = [
  "petId",
  "petName",
  "petSpecies",
  "petBreed",
  "size",
  "date",
  "time",
  "customerName",
  "customerPhone",
  "customerEmail",
  "notes",
] as const;

/** The service the address names, if it is one that can be booked online; null otherwise. */
export async function findBookableService(rawId: string | undefined): Promise<BookableService | null> {
  const serviceId = parseRecordId(rawId);
  return serviceId === null ? null : getBookableService(serviceId);
}

/** The signed-in shopper's pets, to book with one. */
export async function listSavedPets(userId: string) {
  return getDb()
    .select({ id: pets.id, name: pets.name, species: pets.species, breed: pets.breed, size: pets.size })
    .from(pets)
    .where(eq(pets.userId, userId))
    .orderBy(asc(pets.name), asc(pets.id));
}

function readValues(url: URL): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of BOOKING_FORM_FIELDS) {
    const value = url.searchParams.get(field);
    if (value !== null) values[field] = value.slice(0, 2000);
  }
  return values;
}

function chosenSize(service: BookableService, raw: string | null): PetSize {
  const wanted = petSizes.find((size) => size === raw);
  return service.sizes.find((option) => option.size === wanted)?.size ?? service.sizes[0]!.size;
}

export async function loadBookingPage(request: Request, service: BookableService, now = new Date()) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const savedPetList = user ? await listSavedPets(user.id) : [];
  // A shopper with saved pets books for one of them unless they chose otherwise ('Otra mascota' sends petId="").
  const preselected = url.searchParams.has("petId") ? undefined : savedPetList[0];
  const values: Record<string, string> = {
    ...(preselected
      ? {
          petId: String(preselected.id),
          petName: preselected.name,
          petSpecies: preselected.species,
          petBreed: preselected.breed,
        }
      : {}),
    ...readValues(url),
  };
  const size = chosenSize(service, url.searchParams.get("tamano") ?? values.size ?? preselected?.size ?? null);
  const [days, profile, settings] = await Promise.all([
    listBookableDays(service, size, now),
    user ? getProfile(user).catch(() => null) : Promise.resolve(null),
    getShopSettings(),
  ]);
  const rawDate = url.searchParams.get("fecha") ?? values.date ?? "";
  const date = isIsoDate(rawDate) && days.some((day) => day.date === rawDate && day.free > 0) ? rawDate : null;
  const slots = date ? await listFreeSlots(service, size, date, now) : [];
  return {
    service: {
      id: service.id,
      title: service.title,
      description: service.description,
      image: service.image,
      imageAlt: service.imageAlt,
      showPrice: service.showPrice,
      sizes: service.sizes.map((option) => ({ ...option, label: petSizeLabels[option.size] })),
    },
    size,
    date,
    days,
    slots: slots.map((slot) => slot.time),
    pets: savedPetList,
    isSignedIn: user !== null,
    values: {
      customerName: profile?.fullName ?? "",
      customerPhone: profile?.phone ?? "",
      customerEmail: profile?.email ?? "",
      petSpecies: "dog",
      ...values,
      size,
      date: date ?? "",
    },
    whatsappPhone: settings.contactPhone,
  };
}
