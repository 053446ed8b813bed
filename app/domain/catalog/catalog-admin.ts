import "~/lib/validation";

import { z } from "zod";

import { isStorableImagePath } from "~/domain/media/image";

// What the products and services back-office screens share: the list's query string,
// the parsing of prices typed in soles, and the taxonomy choices of the editors.

export const ADMIN_PAGE_SIZE = 25;

export const OFFER_PRICE_MESSAGE = "El precio de oferta es obligatorio y debe ser mayor a 0 si la oferta está activa.";
export const NEGATIVE_PRICE_MESSAGE = "El precio no puede ser negativo.";
export const INVALID_PRICE_MESSAGE = "Escribe el precio en soles, con hasta dos decimales (por ejemplo 12.50).";
export const INVALID_IMAGE_MESSAGE = "La imagen no es válida. Súbela de nuevo.";
export const OFFER_NOT_LOWER_MESSAGE = "El precio de oferta debe ser menor que el precio regular.";

/**
 * The largest price and stock the editors and the Excel import take, the same in both so
 * that an exported catalogue always imports again: S/ 999,999.99 and 1,000,000 units.
 */
export const MAX_PRICE_CENTS = 99_999_999;
export const MAX_STOCK = 1_000_000;
export const PRICE_TOO_HIGH_MESSAGE = "El precio máximo es S/ 999,999.99.";

export type SortDirection = "asc" | "desc";

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
  const page = Number(params.get("pagina"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    sort,
    direction: params.get("dir") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Total rows to page count (at least one page, so an empty list is 'page 1 of 1'). */
export function countPages(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

export type MoneyParse = { cents: number } | { error: string };

/**
 * A price typed in soles ('12.5', '12,50', '') to céntimos, without float drift: the
 * digits are checked first, so Math.round only removes the binary representation error.
 * Empty means 0, as the spec's 'price parses to a number, default 0'.
 */
export function parseSoles(raw: string | undefined): MoneyParse {
  const text = (raw ?? "").trim().replace(",", ".");
  if (text === "") return { cents: 0 };
  if (text.startsWith("-") && Number(text) < 0) return { error: NEGATIVE_PRICE_MESSAGE };
  if (!/^\d*(\.\d{1,2})?$/.test(text)) return { error: INVALID_PRICE_MESSAGE };
  const cents = Math.round(Number(text) * 100);
  if (!Number.isSafeInteger(cents)) return { error: INVALID_PRICE_MESSAGE };
  return cents <= MAX_PRICE_CENTS ? { cents } : { error: PRICE_TOO_HIGH_MESSAGE };
}

/** Céntimos back to what the price input shows: 1290 -> '12.90'. */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);
}

/** The largest id a serial (PostgreSQL integer) column can hold. */
export const MAX_RECORD_ID = 2_147_483_647;

/** An optional select's id: '' or absent is null, anything but a positive integer is refused. */
export function parseOptionalId(raw: string | undefined): number | null | "invalid" {
  const text = (raw ?? "").trim();
  if (text === "") return null;
  const id = Number(text);
  // Ids are PostgreSQL integers: a larger number names no record and would fail the query.
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_RECORD_ID ? id : "invalid";
}

/** A checkbox of a posted form: browsers send 'on' when ticked and nothing otherwise. */
export function isChecked(raw: string | undefined): boolean {
  return raw === "on" || raw === "true";
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
