import { z } from "zod";

import { centsToInput, isChecked, parseOptionalId, parseSoles } from "~/lib/parse";

import { rawCatalogFields, readImage, readImageAlt, readOfferPrice } from "./catalog-admin";
import { catalogKinds } from "./kinds";

export const SERVICE_TITLE_MESSAGE = catalogKinds.services.titleRequired;
export const SERVICE_PRICE_MESSAGE =
  "El precio regular es obligatorio si la visualización de precio está activa y no hay oferta.";
export const SERVICE_SORT_KEYS = ["nombre", "categoria", "precio"] as const;
export type ServiceSortKey = (typeof SERVICE_SORT_KEYS)[number];

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
};

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
  .object({ ...rawCatalogFields, showPrice: z.string().optional() })
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
    };
  });

/** A stored service as the editor's inputs show it (the same names the form posts). */
export function toServiceFormValues(service: ServiceInput): Record<string, string> {
  const id = (value: number | null) => (value === null ? "" : String(value));
  return {
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
