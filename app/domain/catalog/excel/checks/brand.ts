// The brand of a product's row, by name or slug; an unknown one is created only when the
// admin asks for it.
import { normalizeForSearch, toSlug } from "~/lib/text";

import type { BrandEntry, CatalogValues, CheckResult, RowInput } from "../types";

/** One key for every spelling of a brand: 'Pro Plan', 'pro  plan', 'Pró-Plan'. */
export function toBrandKey(name: string): string {
  return toSlug(normalizeForSearch(name));
}

export type BrandIndex = Map<string, BrandEntry>;

export function indexBrands(brands: BrandEntry[]): BrandIndex {
  const byName: BrandIndex = new Map();
  for (const brand of brands) {
    // By slug too: slugs are unique, so a brand the import creates must not take one.
    byName.set(brand.slug, brand);
    byName.set(toBrandKey(brand.name), brand);
  }
  return byName;
}

export function checkBrand(row: RowInput, brands: BrandIndex, createBrands: boolean): CheckResult {
  if (!row.has("brand")) return { set: {}, problems: [] };
  const name = row.text("brand");
  const brand = name ? (brands.get(toBrandKey(name)) ?? brands.get(toSlug(name))) : undefined;
  const set: Partial<CatalogValues> = { brandId: brand?.id ?? null, brandName: brand?.name ?? (name || null) };
  const problems =
    name && !brand && !createBrands
      ? [`Marca desconocida: "${name}". Marca la casilla "Crear las marcas que no existan" para crearla.`]
      : [];
  return { set, problems };
}

/** One new brand however its rows spell it ('Acmé', 'acme'): the first spelling wins. */
export function spellNewBrand(values: CatalogValues, newBrands: ReadonlyMap<string, string>): string | null {
  if (!values.brandName || values.brandId !== null) return null;
  return newBrands.get(toBrandKey(values.brandName)) ?? values.brandName;
}
