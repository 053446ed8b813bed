import { z } from "zod";

import { MAX_QUERY_LENGTH } from "~/domain/search/query-length";

import type { Priced } from "./pricing";

export const PRODUCTS_PER_PAGE = 24;

export type TaxonomyLevel = { id: number; name: string; slug: string; icon: string | null };

/** The levels a catalogue URL names; absent levels are undefined. */
/** What a product card shows (catalogue grids, featured offers). */
export type ProductCardData = Priced & {
  id: number;
  title: string;
  description: string;
  image: string | null;
  imageAlt: string;
  stock: number;
  /** Its presentaciones differ in price: the card says 'Desde' the cheapest. */
  priceVaries: boolean;
  /** Some presentación is on offer (the OFERTA badge), the cheapest or not. */
  hasAnyOffer: boolean;
};

export type TaxonomyPath = {
  family?: TaxonomyLevel;
  category?: TaxonomyLevel;
  subcategory?: TaxonomyLevel;
};

/** The query string of a product list: search text, brand slug and page, as shared in links. */
export const catalogQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH)
    .optional()
    .transform((value) => value || undefined),
  marca: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export function parseCatalogQuery(url: URL): CatalogQuery {
  const parsed = catalogQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : { q: undefined, marca: undefined, pagina: 1 };
}

/** A LIKE pattern that matches `text` anywhere, with the user's % and _ taken literally. */
export function toContainsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
