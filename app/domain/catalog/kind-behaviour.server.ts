// What each catalogue kind does on the server, beside the data of kinds.ts (which the
// browser's bundles import, so none of this is there): the domain functions that load, list,
// save and delete its items, the taxonomy it hangs from, how the Excel sheet reads and writes
// it, and what a confirmed import sets off. The shared flows (routes/admin/catalog/*.server.ts,
// excel/) call these instead of asking which kind they hold: a third kind is one more entry.
import type { z } from "zod";

import type { FieldErrors, FormValues } from "~/lib/form-data";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidateAllPages, invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import { type AdminListQuery, parseAdminListQuery, type TaxonomyOption, type TaxonomyOptions } from "./catalog-admin";
import { writeProducts, writeServices } from "./excel/commit-items.server";
import type { Transaction } from "./excel/commit-sql.server";
import { type StoredItems, storedProducts, storedServices } from "./excel/stored-items.server";
import type { ImportPlan } from "./excel/types";
import type { CatalogKind } from "./kinds";
import {
  NEW_PRODUCT_VALUES,
  PRODUCT_SORT_KEYS,
  type ProductForm,
  productFormSchema,
  toProductFormValues,
} from "./product-admin";
import {
  type AdminProductRow,
  getProductForEditor,
  listAdminProducts,
  listProductFormOptions,
  removeProduct,
  restoreProduct,
  saveProduct,
} from "./product-admin.server";
import { SERVICE_SORT_KEYS, serviceFormSchema, type ServiceInput, toServiceFormValues } from "./service-admin";
import {
  type AdminServiceRow,
  getServiceForEditor,
  listAdminServices,
  listServiceFormOptions,
  removeService,
  saveService,
  setServicePriceVisibility,
} from "./service-admin.server";
import { sendDueStockAlertsLater } from "./stock-alerts.server";
import { productTree, serviceTree, type TaxonomyTree } from "./taxonomy.server";
import { variantField } from "./variants";

type Admin = { id: string };

/** The types that differ by kind: what its editor's form parses to, and a row of its list. */
type KindTypes = {
  products: { form: ProductForm; row: AdminProductRow };
  services: { form: ServiceInput; row: AdminServiceRow };
};

/** A page of a kind's back office list, with the search and the filters it was asked for. */
export type AdminListPage<K extends CatalogKind> = {
  rows: KindTypes[K]["row"][];
  total: number;
  page: number;
  pageCount: number;
  query: AdminListQuery<string>;
  isArchivedShown: boolean;
  isLowStockOnly: boolean;
};

type EditorSaveOutcome =
  | { status: "saved"; title: string }
  | { status: "not-found" }
  | { status: "invalid"; errors: FieldErrors; values: FormValues };

type RemoveOutcome = { status: "deleted" | "archived"; title: string } | { status: "not-found" };

type KindBehaviour<K extends CatalogKind> = {
  /** The three levels its items hang from. */
  taxonomy: TaxonomyTree;
  /** The cached pages a change of that taxonomy drops (taxonomy-admin.server.ts). */
  taxonomyPageTags: readonly string[];
  /**
   * The editor: a stored item's form values (null: no such item), the form's choices, a new
   * item's values, the schema the action parses with, and the save of what it parsed.
   */
  editor: {
    load: (id: number) => Promise<{ values: FormValues; isArchived: boolean } | null>;
    listOptions: () => Promise<TaxonomyOptions & { brands: TaxonomyOption[] }>;
    newValues: FormValues;
    schema: z.ZodType<KindTypes[K]["form"]>;
    save: (
      admin: Admin,
      form: { data: KindTypes[K]["form"]; values: FormValues },
      id: number | undefined,
    ) => Promise<EditorSaveOutcome>;
  };
  /** The back office list: a page of it, and what its buttons do (null: the kind has no such button). */
  list: {
    load: (url: URL) => Promise<AdminListPage<K>>;
    remove: (admin: Admin, id: number) => Promise<RemoveOutcome>;
    restore: ((admin: Admin, id: number) => Promise<{ title: string } | null>) | null;
    setPriceVisibility:
      ((admin: Admin, id: number, showPrice: boolean) => ReturnType<typeof setServicePriceVisibility>) | null;
  };
  /** The Excel sheet: the stored items it exports and plans against, the import's writes, and what they set off. */
  excel: {
    stored: StoredItems;
    write: (tx: Transaction, plan: ImportPlan, brandIds: Map<string, number>) => Promise<void>;
    afterImport: (plan: ImportPlan) => void;
  };
};

async function saveProductForm(
  admin: Admin,
  { data, values }: { data: ProductForm; values: FormValues },
  id: number | undefined,
): Promise<EditorSaveOutcome> {
  const result = await saveProduct(admin, data, id);
  if (result.status === "saved") sendDueStockAlertsLater(result.restocked);
  if (result.status !== "invalid") return result;
  // After a stock conflict the form shows the current stock as its new starting point,
  // so saving again with the owner's figure goes through.
  const stockNow: FormValues = Object.fromEntries(
    Object.entries(result.stockNow ?? {}).map(([key, stock]) => [variantField(key, "stockShown"), String(stock)]),
  );
  return { ...result, values: { ...values, ...stockNow } };
}

async function listProducts(url: URL): Promise<AdminListPage<"products">> {
  const query = parseAdminListQuery(url, PRODUCT_SORT_KEYS);
  const isArchivedShown = url.searchParams.get("archivados") === "1";
  const isLowStockOnly = url.searchParams.get("stock") === "bajo";
  const list = await listAdminProducts({ ...query, isArchivedShown, isLowStockOnly });
  return { ...list, query, isArchivedShown, isLowStockOnly };
}

async function listServices(url: URL): Promise<AdminListPage<"services">> {
  const query = parseAdminListQuery(url, SERVICE_SORT_KEYS);
  const list = await listAdminServices(query);
  return { ...list, query, isArchivedShown: false, isLowStockOnly: false };
}

export const catalogKindBehaviour: { [K in CatalogKind]: KindBehaviour<K> } = {
  products: {
    taxonomy: productTree,
    taxonomyPageTags: [pageTags.catalog("products"), pageTags.productListings],
    editor: {
      load: async (id) => {
        const product = await getProductForEditor(id);
        return product && { values: toProductFormValues(product), isArchived: product.isArchived };
      },
      listOptions: listProductFormOptions,
      newValues: NEW_PRODUCT_VALUES,
      schema: productFormSchema,
      save: saveProductForm,
    },
    list: { load: listProducts, remove: removeProduct, restore: restoreProduct, setPriceVisibility: null },
    excel: {
      stored: storedProducts,
      write: writeProducts,
      // Up to 20,000 rows of any product (prices, stock, places, brands): every page, rather
      // than a tag per row; and the stock the sheet brought back reaches the shoppers waiting for it.
      afterImport: () => {
        invalidateAllPages();
        sendDueStockAlertsLater();
      },
    },
  },
  services: {
    taxonomy: serviceTree,
    taxonomyPageTags: [pageTags.catalog("services")],
    editor: {
      load: async (id) => {
        const service = await getServiceForEditor(id);
        return service && { values: toServiceFormValues(service), isArchived: false };
      },
      listOptions: () => listServiceFormOptions().then((tree) => ({ ...tree, brands: [] })),
      // A new service shows its price by default (the spec's showPrice default true).
      newValues: { showPrice: "on" },
      schema: serviceFormSchema,
      save: async (admin, { data, values }, id) => {
        const result = await saveService(admin, data, id);
        return result.status === "invalid" ? { ...result, values } : result;
      },
    },
    list: {
      load: listServices,
      // Services are never part of an order: a deleted one is gone for good.
      remove: async (admin, id) => {
        const deleted = await removeService(admin, id);
        return deleted ? { status: "deleted", title: deleted.title } : { status: "not-found" };
      },
      restore: null,
      setPriceVisibility: setServicePriceVisibility,
    },
    excel: {
      stored: storedServices,
      write: writeServices,
      // Services show only in their own catalogue.
      afterImport: (plan) => {
        if (plan.newBrands.length > 0) invalidateAllPages();
        else invalidatePages([pageTags.catalog("services")]);
      },
    },
  },
};
