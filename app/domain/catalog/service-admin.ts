import { z } from "zod";

import type { PetSize } from "~/db/schema/bookings";
import { petSizeLabels } from "~/domain/bookings/booking";
import { centsToInput, isChecked, parseOptionalId, parseSoles, parseWholeNumber } from "~/lib/parse";

import { rawCatalogFields, readImage, readImageAlt, readOfferPrice } from "./catalog-admin";
import { catalogKinds } from "./kinds";

export const SERVICE_TITLE_MESSAGE = catalogKinds.services.titleRequired;
export const SERVICE_PRICE_MESSAGE =
  "El precio regular es obligatorio si la visualización de precio está activa y no hay oferta.";
export const SERVICE_SORT_KEYS = ["nombre", "categoria", "precio"] as const;
export type ServiceSortKey = (typeof SERVICE_SORT_KEYS)[number];

// 'Reserva en línea' (issue 28): a reservable service's capacity and, for each pet size it
// attends, the visit's duration and an optional price (null: the service's own price).
export const NO_BOOKING_SIZE_MESSAGE = "Elige al menos un tamaño con su duración.";
export const BOOKING_DURATION_MESSAGE = "Ingresa la duración en minutos (5 a 720).";
export const BOOKING_CAPACITY_MESSAGE = "Ingresa la capacidad: un número entero de 1 a 50.";
export const BOOKING_LIMITS = { minMinutes: 5, maxMinutes: 720, maxCapacity: 50 } as const;
/** Where the 'no size ticked' message goes: beside the sizes, not one input. */
export const BOOKING_SIZES_FIELD = "bookingSizes";
/** The pet sizes in the editor's order: Pequeño, Mediano, Grande. */
export const bookingSizeOrder = Object.keys(petSizeLabels) as PetSize[];

export type BookingSizePart = "isOffered" | "minutes" | "price";
/** The name of a size's input: 'bookingSizes.small.minutes'. */
export function bookingSizeField(size: PetSize, part: BookingSizePart): string {
  return `${BOOKING_SIZES_FIELD}.${size}.${part}`;
}

type ServiceBookingSize = { size: PetSize; durationMinutes: number; priceCents: number | null };
export type ServiceBookingSetup = { capacity: number; sizes: ServiceBookingSize[] };

/** A service as the editor saves it: ids resolved, money in céntimos. */
export type ServiceInput = {
  title: string;
  description: string;
  familyId: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  priceCents: number;
  showPrice: boolean;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  image: string | null;
  imageAlt: string;
  isBookable: boolean;
  /**
   * The capacity and sizes, replaced when the service is reservable; null when it is not,
   * and then the stored ones stay, so ticking 'Reservable en línea' again brings them back.
   */
  booking: ServiceBookingSetup | null;
};

/** A stored service as the editor loads it: its booking setup even when not reservable. */
export type ServiceForEditor = Omit<ServiceInput, "booking"> & { id: number; booking: ServiceBookingSetup };

type Issue = (message: string, field: string) => void;
type RawFields = Record<string, string | undefined>;

/** One ticked size: a whole number of minutes (5 to 720) and an optional price in soles. */
function readBookingSize(raw: RawFields, size: PetSize, addIssue: Issue): ServiceBookingSize | null {
  const minutes = parseWholeNumber(raw[bookingSizeField(size, "minutes")], { max: BOOKING_LIMITS.maxMinutes });
  const isDurationValid = typeof minutes === "number" && minutes >= BOOKING_LIMITS.minMinutes;
  if (!isDurationValid) addIssue(BOOKING_DURATION_MESSAGE, bookingSizeField(size, "minutes"));
  const priceText = (raw[bookingSizeField(size, "price")] ?? "").trim();
  const price = priceText === "" ? null : parseSoles(priceText);
  if (price && "error" in price) addIssue(price.error, bookingSizeField(size, "price"));
  if (!isDurationValid || (price && "error" in price)) return null;
  return { size, durationMinutes: minutes, priceCents: price ? price.cents : null };
}

/** The 'Reserva en línea' section: read only when the service is reservable. */
function readBookingSetup(raw: RawFields, addIssue: Issue): ServiceBookingSetup | null {
  if (!isChecked(raw.isBookable)) return null;
  const capacity = parseWholeNumber(raw.bookingCapacity, { max: BOOKING_LIMITS.maxCapacity, empty: 1 });
  if (typeof capacity !== "number" || capacity < 1) addIssue(BOOKING_CAPACITY_MESSAGE, "bookingCapacity");
  const ticked = bookingSizeOrder.filter((size) => isChecked(raw[bookingSizeField(size, "isOffered")]));
  if (ticked.length === 0) addIssue(NO_BOOKING_SIZE_MESSAGE, BOOKING_SIZES_FIELD);
  const sizes = ticked.flatMap((size) => readBookingSize(raw, size, addIssue) ?? []);
  return { capacity: typeof capacity === "number" ? capacity : 1, sizes };
}

/** The section's inputs, declared so that the schema keeps them (a zod object drops the rest). */
const rawBookingFields: Record<string, z.ZodOptional<z.ZodString>> = Object.fromEntries([
  ["isBookable", z.string().optional()],
  ["bookingCapacity", z.string().optional()],
  ...bookingSizeOrder.flatMap((size) =>
    (["isOffered", "minutes", "price"] as const).map((part) => [bookingSizeField(size, part), z.string().optional()]),
  ),
]);

/**
 * A shown price needs a regular price above 0 unless an offer replaces it; a hidden price
 * ('Consultar') may stay at 0. The editor and the list's visibility button both apply it.
 */
export function lacksShownPrice(service: { showPrice: boolean; isOfferActive: boolean; priceCents: number }): boolean {
  return service.showPrice && !service.isOfferActive && service.priceCents <= 0;
}

/**
 * The service editor's form (section 5): the title is required; the offer rule; and the
 * shown-price rule (lacksShownPrice).
 */
export const serviceFormSchema = z
  .object({ ...rawBookingFields, ...rawCatalogFields, showPrice: z.string().optional() })
  .transform((raw, ctx): ServiceInput => {
    const addIssue = (message: string, field: string) => ctx.addIssue({ code: "custom", message, path: [field] });
    const title = (raw.title ?? "").trim();
    if (!title) addIssue(SERVICE_TITLE_MESSAGE, "title");
    const readId = (field: "familyId" | "categoryId" | "subcategoryId") => {
      const id = parseOptionalId(raw[field]);
      if (id !== "invalid") return id;
      addIssue("Elige una opción de la lista.", field);
      return null;
    };
    const ids = {
      familyId: readId("familyId"),
      categoryId: readId("categoryId"),
      subcategoryId: readId("subcategoryId"),
    };
    if (ids.categoryId !== null && ids.familyId === null) {
      addIssue("Elige primero la familia del servicio.", "familyId");
    }

    const showPrice = isChecked(raw.showPrice);
    const isOfferActive = isChecked(raw.isOfferActive);
    const price = parseSoles(raw.price);
    if ("error" in price) addIssue(price.error, "price");
    else if (lacksShownPrice({ showPrice, isOfferActive, priceCents: price.cents }))
      addIssue(SERVICE_PRICE_MESSAGE, "price");
    const offerPriceCents = readOfferPrice(
      isOfferActive,
      raw.offerPrice,
      addIssue,
      "cents" in price ? price.cents : null,
    );
    const image = readImage(raw.image, addIssue);
    const booking = readBookingSetup(raw, addIssue);

    return {
      title,
      description: (raw.description ?? "").trim(),
      ...ids,
      priceCents: "cents" in price ? price.cents : 0,
      showPrice,
      isOfferActive,
      offerPriceCents,
      image,
      imageAlt: readImageAlt(image, raw.imageAlt, addIssue),
      isBookable: booking !== null,
      booking,
    };
  });

/** A stored booking setup as the section's inputs show it. */
function toBookingFormValues(isBookable: boolean, booking: ServiceBookingSetup): Record<string, string> {
  const values: Record<string, string> = {
    isBookable: isBookable ? "on" : "",
    bookingCapacity: String(booking.capacity),
  };
  for (const row of booking.sizes) {
    values[bookingSizeField(row.size, "isOffered")] = "on";
    values[bookingSizeField(row.size, "minutes")] = String(row.durationMinutes);
    values[bookingSizeField(row.size, "price")] = centsToInput(row.priceCents);
  }
  return values;
}

/** What a new service's form starts with: its price shown, one pet at a time. */
export const NEW_SERVICE_VALUES: Record<string, string> = { showPrice: "on", bookingCapacity: "1" };

/** A stored service as the editor's inputs show it (the same names the form posts). */
export function toServiceFormValues(service: ServiceForEditor): Record<string, string> {
  const id = (value: number | null) => (value === null ? "" : String(value));
  return {
    ...toBookingFormValues(service.isBookable, service.booking),
    title: service.title,
    description: service.description,
    familyId: id(service.familyId),
    categoryId: id(service.categoryId),
    subcategoryId: id(service.subcategoryId),
    price: centsToInput(service.priceCents),
    showPrice: service.showPrice ? "on" : "",
    isOfferActive: service.isOfferActive ? "on" : "",
    offerPrice: centsToInput(service.offerPriceCents),
    image: service.image ?? "",
    imageAlt: service.imageAlt,
  };
}
