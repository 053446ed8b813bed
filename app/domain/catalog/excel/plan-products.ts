// Planning a products sheet: a product is its rows, one per presentación. Rows are grouped by
// the product's ID, or by title for a new product (as findTarget matches them); the product's
// columns come from its first row and every row must repeat them; each row is a presentación
// with the product editor's rules. A product with a refused row is refused whole: importing
// the rest would remove the presentación of the refused row.
import { normalizeForSearch } from "~/lib/text";

import { catalogKinds } from "../kinds";
import {
  type CheckedRow,
  checkRow,
  claimRow,
  type PlanContext,
  type PlanState,
  type RowIdentity,
  rowInput,
} from "./check-row";
import { findTarget } from "./checks/identity";
import { sameProductProblems } from "./checks/same-product";
import { checkVariantFields, type GroupRow, matchVariants, skuProblems, type VariantFields } from "./checks/variants";
import type { ColumnKey } from "./layout";
import { describeProductChanges, plannedVariant, planVariants, withVariant } from "./plan-variants";
import type { ExistingVariant, ImportPlan, SheetRow } from "./types";

type ProductRow = GroupRow & { identity: RowIdentity };
type ProductGroup = { key: string; rows: ProductRow[] };

/** What every product is planned with: the plan, the claims so far, and the shop's SKUs. */
type Shared = {
  context: PlanContext;
  plan: ImportPlan;
  state: PlanState;
  isGrouped: boolean;
  skuOwners: ReadonlyMap<string, number>;
  skuClaims: Map<string, string>;
};

/** A group's rows once checked: each one's values, presentación fields and refusals. */
type CheckedGroup = {
  checked: CheckedRow[];
  stored: (ExistingVariant | undefined)[];
  fields: VariantFields[];
  problems: string[][];
};

/**
 * The key that groups a product's rows: its id, or the title of a new one. A sheet without
 * the presentación columns has one row per product, and a row that names no product (no
 * title, an invalid ID, a title several products share) is refused alone.
 */
function groupKey(row: ProductRow, isGrouped: boolean): string {
  const { target, problems } = row.identity;
  const title = row.input.text("title");
  if (isGrouped && target) return `id:${target.id}`;
  if (isGrouped && title !== "" && problems.length === 0) return `title:${normalizeForSearch(title)}`;
  return `row:${row.rowNumber}`;
}

function groupRows(shared: Shared, rows: SheetRow[], present: ReadonlySet<ColumnKey>): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const { rowNumber, cells } of rows) {
    const input = rowInput({ rowNumber, cells }, present);
    const identity = findTarget(input, shared.context.items, catalogKinds.products.noun);
    const row = { rowNumber, input, identity };
    const key = groupKey(row, shared.isGrouped);
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Every check of every row of a product, each row's reasons in the order they are listed. */
function checkGroup(shared: Shared, group: ProductGroup): CheckedGroup {
  const [first] = group.rows;
  const target = first!.identity.target;
  const matches = matchVariants(group.rows, target, shared.isGrouped);
  const stored = matches.map((match) => match.stored);
  const checked = group.rows.map((row, index) => {
    const base = withVariant(target, stored[index]);
    return checkRow(shared.context, row.input, row.identity, base, stored[index] ? base : undefined);
  });
  const fields = checkVariantFields(group.rows.map((row, index) => ({ input: row.input, stored: stored[index] })));
  const product = { id: target?.id, group: group.key };
  const problems = group.rows.map((row, index) => [
    ...new Set([
      ...checked[index]!.problems,
      ...(index > 0 ? sameProductProblems(first!.input, row.input) : []),
      ...matches[index]!.problems,
      ...fields[index]!.problems,
      ...skuProblems(fields[index]!.sku, product, shared.skuOwners, shared.skuClaims),
    ]),
  ]);
  return { checked, stored, fields, problems };
}

function refusedSiblingMessage(rowNumbers: number[]): string {
  const last = rowNumbers.at(-1);
  const list =
    rowNumbers.length === 1 ? `la fila ${last}` : `las filas ${rowNumbers.slice(0, -1).join(", ")} y ${last}`;
  return `Este producto no se importa: corrige ${list}.`;
}

/** Every row of a refused product is listed: with its reasons, or with the rows to fix. */
function refuseGroup(shared: Shared, group: ProductGroup, result: CheckedGroup): void {
  const refused = group.rows.filter((_, index) => result.problems[index]!.length > 0).map((row) => row.rowNumber);
  group.rows.forEach((row, index) => {
    const title = result.checked[index]!.title || "(sin título)";
    const name = shared.isGrouped ? row.input.text("variantName") : "";
    const problems = result.problems[index]!;
    shared.plan.errors.push({
      rowNumber: row.rowNumber,
      title: name ? `${title} — ${name}` : title,
      messages: problems.length > 0 ? problems : [refusedSiblingMessage(refused)],
    });
  });
}

/** Sorts a valid product into the plan: created, updated or unchanged. */
function recordGroup(shared: Shared, group: ProductGroup, result: CheckedGroup): void {
  const { plan } = shared;
  const lead = result.checked[0]!;
  const rowNumber = group.rows[0]!.rowNumber;
  const rows = group.rows.map((row, index) =>
    plannedVariant(row.rowNumber, result.stored[index], result.checked[index]!.values, result.fields[index]!),
  );
  const { target, values, familyName, categoryName } = lead;
  if (!target) {
    plan.creates.push({ rowNumber, values, familyName, categoryName, variants: rows });
    return;
  }
  const variants = planVariants(target.variants ?? [], rows);
  const changes = describeProductChanges(plan.kind, target, values, variants);
  if (changes.length === 0) {
    plan.unchanged.push({ rowNumber, id: target.id, title: values.title });
    return;
  }
  const isStockChanged = rows.some((row) => row.isStockChanged);
  plan.updates.push({ rowNumber, id: target.id, values, changes, isStockChanged, variants });
}

/** Plans the products of a sheet into `plan` (see planImport), refusals in the sheet's order. */
export function planProducts(
  context: PlanContext,
  plan: ImportPlan,
  rows: SheetRow[],
  present: ReadonlySet<ColumnKey>,
  skuOwners: ReadonlyMap<string, number>,
): void {
  const shared: Shared = {
    context,
    plan,
    state: { claimedBy: new Map(), newBrands: new Map() },
    // An old export or a hand-made sheet without the presentación columns: a row per product.
    isGrouped: present.has("variantName") || present.has("variantId"),
    skuOwners,
    skuClaims: new Map(),
  };
  for (const group of groupRows(shared, rows, present)) {
    const result = checkGroup(shared, group);
    if (result.problems.every((problems) => problems.length === 0)) {
      result.problems[0]!.push(...claimRow(plan, group.rows[0]!.rowNumber, result.checked[0]!, shared.state));
    }
    if (result.problems.some((problems) => problems.length > 0)) refuseGroup(shared, group, result);
    else recordGroup(shared, group, result);
  }
  plan.errors.sort((a, b) => a.rowNumber - b.rowNumber);
  plan.newBrands = [...shared.state.newBrands.values()];
}
