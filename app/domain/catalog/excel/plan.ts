// Planning an import: the rows of a sheet against the catalogue as it is now. Each row is
// checked (check-row.ts) and sorted into the plan; a product's rows are its presentaciones,
// planned together (plan-products.ts). Nothing is written here.
import type { CatalogKind } from "../kinds";
import { catalogKinds } from "../kinds";
import { describeChanges } from "./changes";
import {
  type CheckedRow,
  checkRow,
  claimRow,
  type PlanContext,
  planContext,
  type PlanOptions,
  type PlanState,
  rowInput,
} from "./check-row";
import { findTarget } from "./checks/identity";
import type { ColumnKey } from "./layout";
import { planProducts } from "./plan-products";
import type { CatalogSnapshot, ImportPlan, SheetRow } from "./types";

export type { PlanOptions } from "./check-row";

/** Sorts a checked row into the plan: refused, created, updated or unchanged. */
function recordRow(plan: ImportPlan, rowNumber: number, checked: CheckedRow, state: PlanState): void {
  const { title, target, values, problems } = checked;
  if (problems.length === 0) problems.push(...claimRow(plan, rowNumber, checked, state));
  if (problems.length > 0) {
    plan.errors.push({ rowNumber, title: title || "(sin título)", messages: problems });
    return;
  }
  if (!target) {
    plan.creates.push({ rowNumber, values, familyName: checked.familyName, categoryName: checked.categoryName });
    return;
  }
  const changes = describeChanges(plan.kind, target, values);
  const isStockChanged = catalogKinds[plan.kind].has.stock && values.stock !== target.stock;
  if (changes.length === 0) plan.unchanged.push({ rowNumber, id: target.id, title: values.title });
  else plan.updates.push({ rowNumber, id: target.id, values, changes, isStockChanged });
}

function planRows(context: PlanContext, plan: ImportPlan, rows: SheetRow[], present: ReadonlySet<ColumnKey>) {
  const state: PlanState = { claimedBy: new Map(), newBrands: new Map() };
  for (const row of rows) {
    const input = rowInput(row, present);
    const identity = findTarget(input, context.items, catalogKinds[context.kind].noun);
    recordRow(plan, row.rowNumber, checkRow(context, input, identity), state);
  }
  plan.newBrands = [...state.newBrands.values()];
}

/**
 * Decides what an import would do: create (no ID or title match), update (an existing ID,
 * else the same title ignoring case and accents) or refuse with every reason in Spanish. A
 * column the sheet lacks keeps the current value (or the default for a new row); a column it
 * has is the truth, empty cells included. A service is a row; a product (a kind sold in
 * presentaciones) is its rows, one per presentación. Nothing is written here.
 */
export function planImport(
  kind: CatalogKind,
  rows: SheetRow[],
  present: ReadonlySet<ColumnKey>,
  snapshot: CatalogSnapshot,
  options: PlanOptions,
): ImportPlan {
  const context = planContext(kind, snapshot, options);
  const plan: ImportPlan = { kind, creates: [], updates: [], unchanged: [], errors: [], newBrands: [] };
  const { has } = catalogKinds[kind];
  if (has.variants) planProducts(context, plan, rows, present, snapshot.skuOwners ?? new Map());
  else planRows(context, plan, rows, present);
  return plan;
}
