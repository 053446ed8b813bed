import "~/lib/validation";

import { z } from "zod";

import { isStorableImagePath } from "~/domain/media/image";
import { parsePage, parseSoles } from "~/lib/parse";

// What the products and services back-office screens share: the list's query string,
// the catalogue's price rules, and the taxonomy choices of the editors.

export const ADMIN_PAGE_SIZE = 25;

export const OFFER_PRICE_MESSAGE = "El precio de oferta es obligatorio y debe ser mayor a 0 si la oferta está activa.";
export const INVALID_IMAGE_MESSAGE = "La imagen no es válida. Súbela de nuevo.";
export const OFFER_NOT_LOWER_MESSAGE = "El precio de oferta debe ser menor que el precio regular.";

/**
 * The largest stock the editors and the Excel import take (the price's is lib/parse's
 * MAX_PRICE_CENTS), the same in both so that an exported catalogue always imports again.
 */
export const MAX_STOCK = 1_000_000;

type SortDirection = "asc" | "desc";

/** The list's query string: search text, whitelisted sort column, direction, page. */
export type AdminListQuery<SortKey extends string> = {
  q: string;
  sort: SortKey;
  direction: SortDirection;
  page: number;
};

/** Reads `?q=&orden=&dir=&pagina=`; anything unknown falls back to the default sort. */
export function parseAdminListQuery<SortKey extends string>(
  url: URL,
  sortKeys: readonly [SortKey, ...SortKey[]],
): AdminListQuery<SortKey> {
  const params = url.searchParams;
  const sort = sortKeys.find((key) => key === params.get("orden")) ?? sortKeys[0];
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    sort,
    direction: params.get("dir") === "desc" ? "desc" : "asc",
    page: parsePage(params.get("pagina")),
  };
}

/** Total rows to page count (at least one page, so an empty list is 'page 1 of 1'). */
export function countPages(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

/** The text fields every catalogue editor posts; all optional strings, checked by the rules. */
export const rawCatalogFields = {
  title: z.string().optional(),
  description: z.string().optional(),
  familyId: z.string().optional(),
  categoryId: z.string().optional(),
  subcategoryId: z.string().optional(),
  price: z.string().optional(),
  isOfferActive: z.string().optional(),
  offerPrice: z.string().optional(),
  image: z.string().optional(),
  imageAlt: z.string().optional(),
};

type Issue = (message: string, field: string) => void;

/**
 * The offer rule shared by products and services: null when off, > 0 céntimos when on,
 * and below the regular price when there is one (a service may hide a price of 0). An
 * offer of 599.00 on a regular 59.90 is a typo that would charge ten times the price.
 */
export function readOfferPrice(
  isOfferActive: boolean,
  raw: string | undefined,
  addIssue: Issue,
  regularCents: number | null = null,
): number | null {
  if (!isOfferActive) return null;
  const parsed = parseSoles(raw);
  if ("error" in parsed || parsed.cents <= 0) {
    addIssue(OFFER_PRICE_MESSAGE, "offerPrice");
    return null;
  }
  if (regularCents !== null && regularCents > 0 && parsed.cents >= regularCents) {
    addIssue(OFFER_NOT_LOWER_MESSAGE, "offerPrice");
  }
  return parsed.cents;
}

/** '' (no image) or a path this shop serves; never a foreign URL. */
export function readImage(raw: string | undefined, addIssue: Issue): string | null {
  const image = (raw ?? "").trim();
  if (image === "") return null;
  if (!isStorableImagePath(image)) addIssue(INVALID_IMAGE_MESSAGE, "image");
  return image;
}

export const IMAGE_ALT_REQUIRED_MESSAGE =
  "Describe la imagen en el texto alternativo: lo leen los buscadores y los lectores de pantalla.";

/** The alt text, required whenever there is an image (SEO and accessibility). */
export function readImageAlt(image: string | null, raw: string | undefined, addIssue: Issue): string {
  const alt = (raw ?? "").trim();
  if (image !== null && alt === "") addIssue(IMAGE_ALT_REQUIRED_MESSAGE, "imageAlt");
  return alt;
}

/** One option of the editors' taxonomy selects, with the id of its parent level. */
export type TaxonomyOption = { id: number; name: string; parentId?: number };

export type TaxonomyOptions = {
  families: TaxonomyOption[];
  categories: TaxonomyOption[];
  subcategories: TaxonomyOption[];
};
