// What the two storefront catalogues (/productos/... and /servicios/...) share in their
// loaders: the level named by the URL (null when there is none: the route answers 404), and
// the head of its page.
import { readConfig } from "~/config.server";

import type { TaxonomyPath } from "./catalog";
import { buildCatalogPath, buildCrumbs, listPathLevels } from "./catalog-paths";
import { type CatalogKind, catalogKinds } from "./kinds";
import { resolveTaxonomyPath, type TaxonomyTree } from "./taxonomy.server";

type LevelSlugs = { familySlug?: string; categorySlug?: string; subcategorySlug?: string };

/** The level the URL names; null when the URL names none. */
export function resolveLevel(tree: TaxonomyTree, params: LevelSlugs): Promise<TaxonomyPath | null> {
  return resolveTaxonomyPath(tree, params);
}

/**
 * The title (the page's own at the top, 'Perros - Alimento' below), the description (only
 * at the top), the canonical address and the breadcrumbs of a level.
 */
export function describeLevel(
  kind: CatalogKind,
  path: TaxonomyPath,
  page: { mainTitle: string; mainDescription: string } | null,
) {
  const levels = listPathLevels(path);
  const { Plural } = catalogKinds[kind];
  return {
    levels,
    /** What the page shows and its head reads. */
    page: {
      title: levels.length === 0 ? (page?.mainTitle ?? `Nuestros ${Plural}`) : levels.map((l) => l.name).join(" - "),
      description: levels.length === 0 ? (page?.mainDescription ?? "") : "",
      canonicalUrl: `${readConfig().appUrl}${buildCatalogPath(kind, path)}`,
      crumbs: buildCrumbs(kind, Plural, path),
    },
  };
}

/** The ids of a level's parts, for a search restricted to it (issue 27). */
export function levelIds(path: TaxonomyPath): { familyId?: number; categoryId?: number; subcategoryId?: number } {
  return {
    ...(path.family ? { familyId: path.family.id } : {}),
    ...(path.category ? { categoryId: path.category.id } : {}),
    ...(path.subcategory ? { subcategoryId: path.subcategory.id } : {}),
  };
}
