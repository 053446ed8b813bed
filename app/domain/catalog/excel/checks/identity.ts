// Which existing product or service a row is about: its ID, else the same title ignoring
// case and accents; and the key that tells a row naming an item a second time.
import { normalizeForSearch } from "~/lib/text";

import { type CatalogValues, DEFAULT_VALUES, type ExistingItem, type RowInput } from "../types";

export type ItemIndex = { byId: Map<number, ExistingItem>; byTitle: Map<string, ExistingItem[]> };

export function indexItems(items: ExistingItem[]): ItemIndex {
  const byTitle = new Map<string, ExistingItem[]>();
  for (const item of items) {
    const key = normalizeForSearch(item.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), item]);
  }
  return { byId: new Map(items.map((item) => [item.id, item])), byTitle };
}

/** The item the row updates (none: it creates one), and why the row cannot say which. */
export function findTarget(
  row: RowInput,
  items: ItemIndex,
  noun: string,
): { target: ExistingItem | undefined; problems: string[] } {
  const problems: string[] = [];
  const title = row.text("title");
  let target: ExistingItem | undefined;
  const idText = row.text("id");
  const isIdValid = idText === "" || /^[1-9]\d{0,8}$/.test(idText);
  if (!isIdValid) problems.push(`ID inválido: "${idText}".`);
  else if (idText) target = items.byId.get(Number(idText));
  if (!target && title && isIdValid) {
    const sameTitle = items.byTitle.get(normalizeForSearch(title)) ?? [];
    if (sameTitle.length > 1) {
      problems.push(
        `Hay ${sameTitle.length} ${noun}s con el título "${title}": indica el ID del que quieres actualizar.`,
      );
    } else target = sameTitle[0];
  }
  return { target, problems };
}

/**
 * The values the row's cells start from: the item's, or the defaults for a new one. Matched
 * by its title, a product keeps the title as written in the shop ('Ratón', not 'raton');
 * matched by its ID, the row may rename it.
 */
export function startingValues(row: RowInput, target: ExistingItem | undefined): CatalogValues {
  // A product's presentaciones are planned apart (plan-variants.ts), not as its values.
  const { variants: _, ...item } = target ?? { ...DEFAULT_VALUES, variants: undefined };
  const base: CatalogValues = item;
  const isMatchedByTitle = target !== undefined && Number(row.text("id")) !== target.id;
  return { ...base, title: isMatchedByTitle ? base.title : row.text("title") };
}

/** What a row claims: an existing item by its id, or a new one by its title. */
export function claimKey(target: ExistingItem | undefined, title: string): string {
  return target ? `id:${target.id}` : `title:${normalizeForSearch(title)}`;
}

/** A row naming an item an earlier valid row already names is refused. */
export function duplicateProblem(earlierRow: number | undefined, noun: string): string[] {
  return earlierRow === undefined ? [] : [`Este ${noun} ya aparece en la fila ${earlierRow}.`];
}
