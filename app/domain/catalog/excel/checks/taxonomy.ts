// Taxonomy by name, each level within the one above. A level that is missing or unknown
// already explains the row, so the levels below it are not judged again.
import { normalizeForSearch } from "~/lib/text";

import type { CatalogSnapshot, CatalogValues, CheckResult, RowInput, TaxonomyEntry } from "../types";

/** Finds taxonomy entries by name, accent- and case-insensitively, optionally under a parent. */
class NameIndex {
  private readonly entries = new Map<string, TaxonomyEntry[]>();

  constructor(list: TaxonomyEntry[]) {
    for (const entry of list) {
      const key = normalizeForSearch(entry.name);
      this.entries.set(key, [...(this.entries.get(key) ?? []), entry]);
    }
  }

  find(name: string, parentId?: number | null): TaxonomyEntry | undefined {
    const found = this.entries.get(normalizeForSearch(name)) ?? [];
    return parentId === undefined ? found[0] : found.find((entry) => entry.parentId === parentId);
  }
}

export type TaxonomyIndex = {
  families: NameIndex;
  categories: NameIndex;
  subcategories: NameIndex;
  familyNames: Map<number, string>;
  categoryNames: Map<number, string>;
};

export function indexTaxonomy(snapshot: CatalogSnapshot): TaxonomyIndex {
  return {
    families: new NameIndex(snapshot.families),
    categories: new NameIndex(snapshot.categories),
    subcategories: new NameIndex(snapshot.subcategories),
    familyNames: new Map(snapshot.families.map((entry) => [entry.id, entry.name])),
    categoryNames: new Map(snapshot.categories.map((entry) => [entry.id, entry.name])),
  };
}

/** How a level is checked: the row, the tree, and whether the kind requires family and category. */
type Level = { row: RowInput; tree: TaxonomyIndex; isRequired: boolean };

const nameOf = (names: Map<number, string>, id: number | null) => (id === null ? "" : (names.get(id) ?? ""));

function checkFamily({ row, tree, isRequired }: Level): CheckResult {
  if (!row.has("family")) return { set: {}, problems: [] };
  const name = row.text("family");
  const family = name ? tree.families.find(name) : undefined;
  const problems: string[] = [];
  if (!name && isRequired) problems.push("La familia es obligatoria.");
  if (name && !family) problems.push(`Familia desconocida: "${name}".`);
  return { set: { familyId: family?.id ?? null }, problems };
}

/** `before`: the values before the row's taxonomy; a new family drops the old category. */
function checkCategory({ row, tree, isRequired }: Level, values: CatalogValues, before: CatalogValues): CheckResult {
  if (!row.has("category")) {
    return { set: values.familyId !== before.familyId ? { categoryId: null } : {}, problems: [] };
  }
  const isFamilyExplained = values.familyId === null && (isRequired || row.text("family") !== "");
  const name = row.text("category");
  const category = name && values.familyId !== null ? tree.categories.find(name, values.familyId) : undefined;
  const problems: string[] = [];
  if (!name && isRequired) problems.push("La categoría es obligatoria.");
  else if (name && !category && !isFamilyExplained) {
    if (values.familyId === null) problems.push(`Indica la familia de la categoría "${name}".`);
    else if (tree.categories.find(name)) {
      problems.push(`Categoría "${name}" no pertenece a la familia "${nameOf(tree.familyNames, values.familyId)}".`);
    } else problems.push(`Categoría desconocida: "${name}".`);
  }
  return { set: { categoryId: category?.id ?? null }, problems };
}

function checkSubcategory({ row, tree, isRequired }: Level, values: CatalogValues, before: CatalogValues): CheckResult {
  if (!row.has("subcategory")) {
    return { set: values.categoryId !== before.categoryId ? { subcategoryId: null } : {}, problems: [] };
  }
  const isCategoryExplained = values.categoryId === null && (isRequired || row.text("category") !== "");
  const name = row.text("subcategory");
  const subcategory = name && values.categoryId !== null ? tree.subcategories.find(name, values.categoryId) : undefined;
  const problems: string[] = [];
  if (name && !subcategory && !isCategoryExplained) {
    if (values.categoryId === null) problems.push(`Indica la categoría de la subcategoría "${name}".`);
    else if (tree.subcategories.find(name)) {
      const categoryName = nameOf(tree.categoryNames, values.categoryId);
      problems.push(`Subcategoría "${name}" no pertenece a la categoría "${categoryName}".`);
    } else problems.push(`Subcategoría desconocida: "${name}".`);
  }
  return { set: { subcategoryId: subcategory?.id ?? null }, problems };
}

/**
 * The family, category and subcategory of a row, and the names of the first two (the
 * preview shows them for a new row). `isRequired`: the kind's items must hang from a family
 * and a category (products); others may float (services).
 */
export function checkTaxonomy(
  row: RowInput,
  values: CatalogValues,
  tree: TaxonomyIndex,
  isRequired: boolean,
): CheckResult & { familyName: string; categoryName: string } {
  const level: Level = { row, tree, isRequired };
  const family = checkFamily(level);
  const withFamily = { ...values, ...family.set };
  const category = checkCategory(level, withFamily, values);
  const withCategory = { ...withFamily, ...category.set };
  const subcategory = checkSubcategory(level, withCategory, values);
  return {
    set: { ...family.set, ...category.set, ...subcategory.set },
    problems: [...family.problems, ...category.problems, ...subcategory.problems],
    familyName: nameOf(tree.familyNames, withCategory.familyId),
    categoryName: nameOf(tree.categoryNames, withCategory.categoryId),
  };
}
