// One row of a sheet checked against the catalogue: each group of rules is a check of its
// own (checks/); this module runs them in order and gathers the values the row would leave
// and every reason to refuse it. Nothing is written here.
import { type CatalogKind, catalogKinds } from "../kinds";
import { cellText } from "./cells";
import { type BrandIndex, checkBrand, indexBrands, spellNewBrand, toBrandKey } from "./checks/brand";
import { checkFlags } from "./checks/flags";
import { formulaProblems } from "./checks/formulas";
import { claimKey, duplicateProblem, indexItems, type ItemIndex, startingValues } from "./checks/identity";
import { checkIgvTreatment } from "./checks/igv";
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
export type PlanContext = {
  kind: CatalogKind;
  items: ItemIndex;
  tree: TaxonomyIndex;
  brands: BrandIndex;
  options: PlanOptions;
};

export function planContext(kind: CatalogKind, snapshot: CatalogSnapshot, options: PlanOptions): PlanContext {
  return {
    kind,
    items: indexItems(snapshot.items),
    tree: indexTaxonomy(snapshot),
    brands: indexBrands(snapshot.brands),
    options,
  };
}

/** A row once checked: the item it names, the values it would leave and why it is refused. */
export type CheckedRow = {
  /** The title as the row writes it. */
  title: string;
  target: ExistingItem | undefined;
  values: CatalogValues;
  problems: string[];
  familyName: string;
  categoryName: string;
};

export function rowInput(row: SheetRow, present: ReadonlySet<ColumnKey>): RowInput {
  return { cells: row.cells, has: (key) => present.has(key), text: (key) => cellText(row.cells[key]) };
}

/** The item a row names (findTarget), and why the row cannot say which. */
export type RowIdentity = { target: ExistingItem | undefined; problems: string[] };

/**
 * Every check of a row, in the order its reasons are listed. The row's values start from
 * `base` (the item it names; for a product's row, with its presentación's price, offer and
 * stock) and its stock is checked against `stockTarget`'s (none: a new presentación).
 */
export function checkRow(
  context: PlanContext,
  row: RowInput,
  identity: RowIdentity,
  base: ExistingItem | undefined = identity.target,
  stockTarget: ExistingItem | undefined = base,
): CheckedRow {
  const { kind, options } = context;
  const { titleRequired, has, isFamilyRequired } = catalogKinds[kind];
  let values = startingValues(row, base);
  const problems = [...identity.problems, ...formulaProblems(row)];
  const apply = <Result extends CheckResult>(result: Result): Result => {
    values = { ...values, ...result.set };
    problems.push(...result.problems);
    return result;
  };
  apply(checkTexts(row, values, titleRequired));
  const prices = apply(checkPrices(row, has.showPrice));
  apply(checkStock(row, stockTarget, has.stock));
  apply(checkFlags(row, has.showPrice));
  apply(checkImage(row, values, options.isUploadPresent));
  const taxonomy = apply(checkTaxonomy(row, values, context.tree, isFamilyRequired));
  if (has.brand) apply(checkBrand(row, context.brands, options.createBrands));
  if (has.igvTreatment) apply(checkIgvTreatment(row));
  apply(checkPriceRules(values, prices, has.showPrice));
  const { familyName, categoryName } = taxonomy;
  return { title: row.text("title"), target: identity.target, values, problems, familyName, categoryName };
}

/** What the rows planned so far claim: each item by its first valid row, and the new brands. */
export type PlanState = { claimedBy: Map<string, number>; newBrands: Map<string, string> };

/**
 * Refuses a valid row naming an item an earlier valid row names; otherwise claims the item
 * and spells the row's new brand as the first row that named it. Answers the problems.
 */
export function claimRow(plan: ImportPlan, rowNumber: number, checked: CheckedRow, state: PlanState): string[] {
  const claim = claimKey(checked.target, checked.title);
  const problems = duplicateProblem(state.claimedBy.get(claim), catalogKinds[plan.kind].noun);
  if (problems.length > 0) return problems;
  state.claimedBy.set(claim, rowNumber);
  const spelling = spellNewBrand(checked.values, state.newBrands);
  if (spelling !== null) {
    checked.values.brandName = spelling;
    state.newBrands.set(toBrandKey(spelling), spelling);
  }
  return [];
}
