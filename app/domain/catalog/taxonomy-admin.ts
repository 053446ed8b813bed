// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { isStorableImagePath } from "~/domain/media/image";
import { toSlug } from "~/lib/text";

// The seven taxonomy blocks of /admin/taxonomia are one component fed these seven
// configurations; the action accepts a posted `level` only if it names one of them.

export type TaxonomyLevelKey =
  | "product-families"
  | "product-categories"
  | "product-subcategories"
  | "brands"
  | "service-families"
  | "service-categories"
  | "service-subcategories";

export type TaxonomyLevelConfig = {
  key: TaxonomyLevelKey;
  /** The block's heading. */
  title: string;
  /** The item in a sentence ('esta categoría'); every level's noun is feminine. */
  noun: string;
  group: "products" | "services";
  /** The level above, whose items this level's items hang from. */
  parent?: { key: TaxonomyLevelKey; label: "familia" | "categoría" };
};

export const taxonomyLevels: readonly TaxonomyLevelConfig[] = [
  { key: "product-families", title: "Familias de Productos", noun: "familia", group: "products" },
  {
    key: "product-categories",
    title: "Categorías de Productos",
    noun: "categoría",
    group: "products",
    parent: { key: "product-families", label: "familia" },
  },
  {
    key: "product-subcategories",
    title: "Subcategorías de Productos",
    noun: "subcategoría",
    group: "products",
    parent: { key: "product-categories", label: "categoría" },
  },
  { key: "brands", title: "Marcas de Productos", noun: "marca", group: "products" },
  { key: "service-families", title: "Familias de Servicios", noun: "familia", group: "services" },
  {
    key: "service-categories",
    title: "Categorías de Servicios",
    noun: "categoría",
    group: "services",
    parent: { key: "service-families", label: "familia" },
  },
  {
    key: "service-subcategories",
    title: "Subcategorías de Servicios",
    noun: "subcategoría",
    group: "services",
    parent: { key: "service-categories", label: "categoría" },
  },
];

/** The configuration a posted `level` names, or undefined for anything else. */
export function findTaxonomyLevel(key: unknown): TaxonomyLevelConfig | undefined {
  return taxonomyLevels.find((level) => level.key === key);
}

const NAME_REQUIRED_MESSAGE = "El nombre es obligatorio.";
const NAME_TOO_LONG_MESSAGE = "El nombre puede tener hasta 80 caracteres.";
const ICON_INVALID_MESSAGE = "El icono no es válido. Súbelo de nuevo.";
export const ITEM_NOT_FOUND_MESSAGE = "El elemento ya no existe. Recarga la página.";
export const UNKNOWN_PARENT_NAME = "Padre Desconocido";

/** The spec's wording, 'un familia' included. */
export function parentRequiredMessage(label: "familia" | "categoría"): string {
  return `Debes seleccionar un ${label} padre.`;
}

/** The add and inline-edit form of one level: name, icon and, below the top, a parent. */
export function buildTaxonomyItemSchema(level: TaxonomyLevelConfig) {
  const parentMessage = level.parent ? parentRequiredMessage(level.parent.label) : "";
  return z.object({
    name: z
      .string({ error: NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, NAME_REQUIRED_MESSAGE)
      .max(80, NAME_TOO_LONG_MESSAGE),
    icon: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || isStorableImagePath(value), ICON_INVALID_MESSAGE),
    parentId: level.parent
      ? z
          .string({ error: parentMessage })
          .regex(/^[1-9]\d{0,8}$/, parentMessage)
          .transform(Number)
      : z.undefined().catch(undefined),
  });
}
export type TaxonomyItemInput = { name: string; icon: string; parentId?: number | undefined };

/**
 * The spec's slug (lower case, spaces to hyphens), made safe as one URL segment: a
 * slash or '?' would split or end the catalogue path, and '.'/'..' are resolved away by
 * browsers.
 */
export function toTaxonomySlug(name: string): string {
  const slug = toSlug(name).replace(/(-*[/\\?#%]+-*)+/g, "-");
  return /^\.*$/.test(slug) ? "elemento" : slug;
}

/** `base`, or `base-2`, `base-3`… : the first one not in `taken`. */
export function pickFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const usageWords = {
  products: ["producto usa", "productos usan"],
  services: ["servicio usa", "servicios usan"],
  categories: ["categoría depende de", "categorías dependen de"],
  subcategories: ["subcategoría depende de", "subcategorías dependen de"],
} as const;
export type UsageKind = keyof typeof usageWords;

/**
 * Why an item cannot be deleted ('No se puede eliminar: 3 productos usan esta
 * categoría.'), or null when nothing uses it.
 */
export function describeDeleteRefusal(noun: string, usages: { kind: UsageKind; count: number }[]): string | null {
  const parts = usages
    .filter((usage) => usage.count > 0)
    .map(({ kind, count }) => `${count} ${usageWords[kind][count === 1 ? 0 : 1]} esta ${noun}`);
  return parts.length > 0 ? `No se puede eliminar: ${parts.join(" y ")}.` : null;
}

/** `?editar=brands:3&editar=product-families:1`: the item each block is editing (one per block). */
export function readEditingIds(search: URLSearchParams): Partial<Record<TaxonomyLevelKey, number>> {
  const editing: Partial<Record<TaxonomyLevelKey, number>> = {};
  for (const value of search.getAll("editar")) {
    const [key, id] = value.split(":");
    const level = findTaxonomyLevel(key);
    if (level && id && /^[1-9]\d{0,8}$/.test(id)) editing[level.key] = Number(id);
  }
  return editing;
}

/** The same query string with block `key` editing `id` (or nothing, when id is null). */
export function withEditing(search: URLSearchParams, key: TaxonomyLevelKey, id: number | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of search) {
    if (name === "editar" && value.split(":")[0] === key) continue;
    params.append(name, value);
  }
  if (id !== null) params.append("editar", `${key}:${id}`);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The id of a block's section, so a redirect can land on it (#bloque-brands). */
export function blockAnchor(key: TaxonomyLevelKey): string {
  return `bloque-${key}`;
}
