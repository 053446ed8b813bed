// The data an import works with: what the database holds (the snapshot), the rows of the
// sheet, the values a row would leave, and the plan that says what the import would do.
import type { IgvTreatment } from "~/db/schema/invoicing";

import type { CatalogKind } from "../kinds";
import type { VariantInput } from "../variants";
import type { ColumnKey } from "./layout";

export type TaxonomyEntry = { id: number; name: string; parentId: number | null };
export type BrandEntry = { id: number; name: string; slug: string };

/** Every field of a product or service; a kind ignores what it does not have. */
export type CatalogValues = {
  title: string;
  description: string;
  familyId: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  brandId: number | null;
  /** The brand's name; for a brand the import creates, the only way to find it. */
  brandName: string | null;
  priceCents: number;
  stock: number;
  showPrice: boolean;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  image: string | null;
  imageAlt: string;
  /** How a product's price is taxed in the comprobante; a service's stays the default. */
  igvTreatment: IgvTreatment;
};

/** A live presentación of a stored product, in the order the shopper sees them. */
export type ExistingVariant = {
  id: number;
  name: string;
  priceCents: number;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  stock: number;
  sku: string | null;
  netWeightGrams: number | null;
  /** Order lines name it: taken out of the sheet, it is archived instead of deleted. */
  isOrdered: boolean;
};

/** A stored product or service; a product with its live presentaciones. */
export type ExistingItem = CatalogValues & { id: number; variants?: ExistingVariant[] };

/** The values of a new row, before its cells are read. */
export const DEFAULT_VALUES: CatalogValues = {
  title: "",
  description: "",
  familyId: null,
  categoryId: null,
  subcategoryId: null,
  brandId: null,
  brandName: null,
  priceCents: 0,
  stock: 0,
  showPrice: true,
  isOfferActive: false,
  offerPriceCents: null,
  image: null,
  imageAlt: "",
  igvTreatment: "gravado",
};

/** What the database holds, read once per preview or confirmation. */
export type CatalogSnapshot = {
  families: TaxonomyEntry[];
  categories: TaxonomyEntry[];
  subcategories: TaxonomyEntry[];
  brands: BrandEntry[];
  items: ExistingItem[];
  /** Products: every SKU of the shop, lower-cased, and the product whose presentación holds it. */
  skuOwners?: Map<string, number>;
};

/** A data row of the sheet: its number as Excel shows it and the raw value of each column. */
export type SheetRow = { rowNumber: number; cells: Partial<Record<ColumnKey, unknown>> };

/** A row as the checks read it: which columns the sheet has, and each cell raw or as text. */
export type RowInput = {
  cells: SheetRow["cells"];
  has: (key: ColumnKey) => boolean;
  text: (key: ColumnKey) => string;
};

/** What one check of a row finds: values to set and the reasons to refuse the row. */
export type CheckResult = { set: Partial<CatalogValues>; problems: string[] };

/**
 * A row of a product's sheet: one presentación. `id`: the stored one it updates (null: a new
 * one). `isStockChanged`: only then is its stock written; orders keep taking units meanwhile.
 * `changes`: what it changes, as the preview names it (none for a new one).
 */
export type PlannedVariant = Pick<
  VariantInput,
  "id" | "name" | "priceCents" | "isOfferActive" | "offerPriceCents" | "stock" | "sku" | "netWeightGrams"
> & {
  rowNumber: number;
  isStockChanged: boolean;
  changes: string[];
};

/** A stored presentación the sheet leaves out: archived when orders name it, else deleted. */
export type RemovedVariant = { id: number; name: string; action: "archive" | "delete" };

/**
 * A product's presentaciones after the import, in the sheet's order. `isRewritten`: some are
 * created, removed, renamed, reordered or change their SKU, so the product's rows are written
 * one by one (ADR 019's save); otherwise only the values of the changed ones are updated.
 */
export type VariantsPlan = {
  rows: PlannedVariant[];
  removed: RemovedVariant[];
  isRewritten: boolean;
};

type PlannedCreate = {
  rowNumber: number;
  values: CatalogValues;
  familyName: string;
  categoryName: string;
  /** A product's presentaciones, in the sheet's order. */
  variants?: PlannedVariant[];
};
/**
 * `changes` names the fields the row changes, with the old and new values of the price and
 * the stock, so that an old export re-imported shows the stock it would bring back.
 * `isStockChanged`: only then is the stock written; orders keep taking units meanwhile.
 */
type PlannedUpdate = {
  rowNumber: number;
  id: number;
  values: CatalogValues;
  changes: string[];
  isStockChanged: boolean;
  /** A product's presentaciones. */
  variants?: VariantsPlan;
};
export type RowError = { rowNumber: number; title: string; messages: string[] };

export type ImportPlan = {
  kind: CatalogKind;
  creates: PlannedCreate[];
  /** Rows that change a product or service. */
  updates: PlannedUpdate[];
  /** Rows that name an existing product or service and change nothing. */
  unchanged: { rowNumber: number; id: number; title: string }[];
  errors: RowError[];
  /** Brands to create, as first written in the sheet (only those valid rows use). */
  newBrands: string[];
};
