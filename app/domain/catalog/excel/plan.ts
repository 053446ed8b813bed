// Planning an import: the rows of a sheet against the catalogue as it is now. Each group of
// rules is a check of its own (checks/); this module runs them in order, row by row, and
// sorts each row into the plan. Nothing is written here.
import { type CatalogKind, catalogKinds } from "../kinds";
import { cellText } from "./cells";
import { describeChanges } from "./changes";
import { type BrandIndex, checkBrand, indexBrands, spellNewBrand, toBrandKey } from "./checks/brand";
import { checkFlags } from "./checks/flags";
import { formulaProblems } from "./checks/formulas";
import { claimKey, duplicateProblem, findTarget, indexItems, type ItemIndex, startingValues } from "./checks/identity";
import { checkImage } from "./checks/image";
import { checkPriceRules, checkPrices } from "./checks/prices";
import { checkStock } from "./checks/stock";
import { checkTaxonomy, indexTaxonomy, type TaxonomyIndex } from "./checks/taxonomy";
import { checkTexts } from "./checks/texts";
import type { ColumnKey } from "./layout";
import type {
  CatalogSnapshot,
  CatalogValues,
  CheckResult,
  ExistingItem,
  ImportPlan,
  RowInput,
  SheetRow,
} from "./types";

export type PlanOptions = {
  createBrands: boolean;
  /**
   * Whether an uploaded image (/uploads/…) is still on disk: the housekeeping deletes
   * pictures nothing uses, so an old export may name one that is gone (ADR 010).
   */
  isUploadPresent?: (image: string) => boolean;
};

/** What every row is checked against: the kind, the catalogue's indexes and the options. */
type PlanContext = {
  kind: CatalogKind;
  items: ItemIndex;
  tree: TaxonomyIndex;
  brands: BrandIndex;
  options: PlanOptions;
};

/** A row once checked: the item it names, the values it would leave and why it is refused. */
type CheckedRow = {
  /** The title as the row writes it. */
  title: string;
  target: ExistingItem | undefined;
  values: CatalogValues;
  problems: string[];
  familyName: string;
  categoryName: string;
};

function rowInput(row: SheetRow, present: ReadonlySet<ColumnKey>): RowInput {
  return { cells: row.cells, has: (key) => present.has(key), text: (key) => cellText(row.cells[key]) };
}

/** Every check of a row, in the order its reasons are listed. */
function checkRow(context: PlanContext, row: RowInput): CheckedRow {
  const { kind, options } = context;
  const { noun, titleRequired, has, isFamilyRequired } = catalogKinds[kind];
  const identity = findTarget(row, context.items, noun);
  let values = startingValues(row, identity.target);
  const problems = [...identity.problems, ...formulaProblems(row)];
  const apply = <Result extends CheckResult>(result: Result): Result => {
    values = { ...values, ...result.set };
    problems.push(...result.problems);
    return result;
  };
  apply(checkTexts(row, values, titleRequired));
  const prices = apply(checkPrices(row, has.showPrice));
  apply(checkStock(row, identity.target, has.stock));
  apply(checkFlags(row, has.showPrice));
  apply(checkImage(row, values, options.isUploadPresent));
  const taxonomy = apply(checkTaxonomy(row, values, context.tree, isFamilyRequired));
  if (has.brand) apply(checkBrand(row, context.brands, options.createBrands));
  apply(checkPriceRules(values, prices, has.showPrice));
  const { familyName, categoryName } = taxonomy;
  return { title: row.text("title"), target: identity.target, values, problems, familyName, categoryName };
}

/** Sorts a checked row into the plan: refused, created, updated or unchanged. */
function recordRow(
  plan: ImportPlan,
  rowNumber: number,
  checked: CheckedRow,
  state: { claimedBy: Map<string, number>; newBrands: Map<string, string> },
): void {
  const { title, target, values, problems } = checked;
  const claim = claimKey(target, title);
  if (problems.length === 0) {
    problems.push(...duplicateProblem(state.claimedBy.get(claim), catalogKinds[plan.kind].noun));
  }
  if (problems.length > 0) {
    plan.errors.push({ rowNumber, title: title || "(sin título)", messages: problems });
    return;
  }
  state.claimedBy.set(claim, rowNumber);
  const spelling = spellNewBrand(values, state.newBrands);
  if (spelling !== null) {
    values.brandName = spelling;
    state.newBrands.set(toBrandKey(spelling), spelling);
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

/**
 * Decides, row by row, what an import would do: create (no ID or title match), update (an
 * existing ID, else the same title ignoring case and accents) or refuse with every reason
 * in Spanish. A column the sheet lacks keeps the current value (or the default for a new
 * row); a column it has is the truth, empty cells included. Nothing is written here.
 */
export function planImport(
  kind: CatalogKind,
  rows: SheetRow[],
  present: ReadonlySet<ColumnKey>,
  snapshot: CatalogSnapshot,
  options: PlanOptions,
): ImportPlan {
  const context: PlanContext = {
    kind,
    items: indexItems(snapshot.items),
    tree: indexTaxonomy(snapshot),
    brands: indexBrands(snapshot.brands),
    options,
  };
  const plan: ImportPlan = { kind, creates: [], updates: [], unchanged: [], errors: [], newBrands: [] };
  // The first valid row that names each item: by id, or by title for a new one; and the
  // brands to create, by brand key.
  const state = { claimedBy: new Map<string, number>(), newBrands: new Map<string, string>() };
  for (const row of rows) recordRow(plan, row.rowNumber, checkRow(context, rowInput(row, present)), state);
  plan.newBrands = [...state.newBrands.values()];
  return plan;
}
