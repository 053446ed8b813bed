import { href } from "react-router";

// Type-only imports: catalog.ts holds zod schemas, and these paths are built on every page
// (product cards, the header), so a value import would put zod in the shell chunk (ADR 013).
import type { TaxonomyLevel, TaxonomyPath } from "./catalog";
import type { CatalogKind } from "./kinds";

/** The levels of a path from the top down: family, then category, then subcategory. */
export function listPathLevels(path: TaxonomyPath): TaxonomyLevel[] {
  return [path.family, path.category, path.subcategory].filter((level): level is TaxonomyLevel => level !== undefined);
}

/** The two storefront catalogues, each a drill-down of family, category and subcategory. */
export type CatalogSection = CatalogKind;

type LevelSlugs = { familySlug?: string; categorySlug?: string; subcategorySlug?: string };

/**
 * Each section's storefront route. Here rather than in kinds.ts: every page builds these
 * paths (the header), and kinds.ts would add the whole kind configuration to every page.
 */
const sectionPaths: Record<CatalogSection, (params: LevelSlugs) => string> = {
  products: (params) => href("/productos/:familySlug?/:categorySlug?/:subcategorySlug?", params),
  services: (params) => href("/servicios/:familySlug?/:categorySlug?/:subcategorySlug?", params),
};

/**
 * '/productos/perros/alimentos' from the section and the slugs from the top level down.
 * `href` inserts params as given, so each slug is URL-encoded here ('baño' -> 'ba%C3%B1o').
 */
export function buildCatalogPathFromSlugs(section: CatalogSection, slugs: readonly string[]): string {
  const [familySlug, categorySlug, subcategorySlug] = slugs.map((slug) => encodeURIComponent(slug));
  return sectionPaths[section]({ familySlug, categorySlug, subcategorySlug });
}

/** The page of a catalogue level or, given `child`, of one of that level's children. */
export function buildCatalogPath(section: CatalogSection, path: TaxonomyPath = {}, child?: TaxonomyLevel): string {
  const levels = child ? [...listPathLevels(path), child] : listPathLevels(path);
  const slugs = levels.map((level) => level.slug);
  return buildCatalogPathFromSlugs(section, slugs);
}

/** Breadcrumbs from the section ('Productos' -> /productos) down to the path's last level. */
export function buildCrumbs(
  section: CatalogSection,
  sectionLabel: string,
  path: TaxonomyPath,
): { label: string; to: string }[] {
  const crumbs: { label: string; to: string }[] = [{ label: sectionLabel, to: buildCatalogPath(section) }];
  const partial: TaxonomyPath = {};
  for (const key of ["family", "category", "subcategory"] as const) {
    const level = path[key];
    if (!level) break;
    partial[key] = level;
    crumbs.push({ label: level.name, to: buildCatalogPath(section, partial) });
  }
  return crumbs;
}

/** A product's storefront page, '/producto/12'. */
export function buildProductPath(productId: number): string {
  return href("/producto/:productId", { productId: String(productId) });
}
