import { asc } from "drizzle-orm";

import { getDb } from "~/db/client.server";

import { type TaxonomyLevelKey, taxonomyLevels, UNKNOWN_PARENT_NAME } from "./taxonomy-admin";
import { parentIdColumn, type Reader, storage } from "./taxonomy-storage.server";

// The reads of /admin/taxonomia: every level's items with their parents' names.

type TaxonomyAdminItem = {
  id: number;
  name: string;
  slug: string;
  icon: string | null;
  parentId: number | null;
  /** 'Perros' for a category, 'Perros › Alimentos' for a subcategory, 'Padre Desconocido' if gone. */
  parentName: string | null;
};

export type TaxonomyBlockData = {
  key: TaxonomyLevelKey;
  items: TaxonomyAdminItem[];
  /** The parent select's options (empty for a top level). */
  parentOptions: { id: number; name: string }[];
};

async function readLevelRows(db: Reader, key: TaxonomyLevelKey) {
  const level = storage[key];
  const { table } = level;
  return db
    .select({
      id: table.id,
      name: table.name,
      slug: table.slug,
      icon: table.icon,
      parentId: parentIdColumn(level),
    })
    .from(table)
    .orderBy(asc(table.sortOrder), asc(table.name), asc(table.id));
}

type LevelRows = Record<TaxonomyLevelKey, Awaited<ReturnType<typeof readLevelRows>>>;

/** Each level's items by id, named as a child's parent select shows them. */
function buildDisplayNames(rows: LevelRows): Map<TaxonomyLevelKey, Map<number, string>> {
  // A subcategory's parent reads 'Perros › Alimentos': both families have an 'Alimentos'.
  const displayNames = new Map<TaxonomyLevelKey, Map<number, string>>();
  for (const level of taxonomyLevels) {
    const parentNames = level.parent ? displayNames.get(level.parent.key) : undefined;
    displayNames.set(
      level.key,
      new Map(
        rows[level.key].map((row) => {
          const parentName = row.parentId === null ? undefined : parentNames?.get(row.parentId);
          return [row.id, parentName ? `${parentName} › ${row.name}` : row.name];
        }),
      ),
    );
  }
  return displayNames;
}

/** Every level's items, each with its parent's name, for the taxonomy screen. */
export async function listTaxonomyBlocks(): Promise<TaxonomyBlockData[]> {
  const db = getDb();
  const rows = Object.fromEntries(
    await Promise.all(taxonomyLevels.map(async (level) => [level.key, await readLevelRows(db, level.key)] as const)),
  ) as LevelRows;
  const displayNames = buildDisplayNames(rows);

  return taxonomyLevels.map((level) => {
    const parentNames = level.parent ? displayNames.get(level.parent.key)! : undefined;
    const items = rows[level.key].map((row) => ({
      ...row,
      parentName: parentNames ? (parentNames.get(row.parentId as number) ?? UNKNOWN_PARENT_NAME) : null,
    }));
    // Grouped under their parents (a stable sort keeps the storefront's order within each).
    if (parentNames) items.sort((a, b) => (a.parentName ?? "").localeCompare(b.parentName ?? "", "es"));
    return {
      key: level.key,
      items,
      parentOptions: parentNames
        ? [...parentNames].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, "es"))
        : [],
    };
  });
}
