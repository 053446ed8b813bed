import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import { parseWithSchema } from "~/lib/form-data";

import { discountFormSchema, type DiscountInput, MAX_TARGET_PRODUCTS, readProductLines } from "./discount-admin";

// The discount editor's products (issue 44): the owner writes them one a line, by the SKU of
// one of their presentaciones or by the product's exact name, and the form shows the stored
// ones back the same way. A catalogue of hundreds of products needs no list of check boxes.

const lower = (column: typeof products.title | typeof productVariants.sku) => sql<string>`lower(${column})`;

/** The live products each line names: by a presentación's SKU first, else by the product's name. */
async function findProducts(lines: string[]) {
  const keys = lines.map((line) => line.toLowerCase());
  const db = getDb();
  const [bySku, byTitle] = await Promise.all([
    db
      .select({ key: lower(productVariants.sku), productId: productVariants.productId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(inArray(lower(productVariants.sku), keys), eq(products.isArchived, false))),
    db
      .select({ key: lower(products.title), productId: products.id })
      .from(products)
      .where(and(inArray(lower(products.title), keys), eq(products.isArchived, false))),
  ]);
  const ids = new Map<string, number[]>();
  for (const row of [...bySku, ...byTitle]) {
    if (!ids.has(row.key)) ids.set(row.key, []);
    ids.get(row.key)!.push(row.productId);
  }
  return lines.map((line) => ({ line, ids: ids.get(line.toLowerCase()) ?? [] }));
}

function quoted(lines: string[]): string {
  return lines.map((line) => `«${line}»`).join(", ");
}

/** The products the lines name, or the Spanish message of those it cannot tell. */
async function resolveProducts(lines: string[]): Promise<{ ids: number[] } | { error: string }> {
  if (lines.length === 0) return { ids: [] };
  const found = await findProducts(lines);
  const unknown = found.filter((one) => one.ids.length === 0).map((one) => one.line);
  // A SKU names one presentación; a name shared by two products names neither.
  const ambiguous = found.filter((one) => new Set(one.ids).size > 1).map((one) => one.line);
  const messages = [
    ...(unknown.length > 0
      ? [
          `No encontramos ${unknown.length === 1 ? "este producto" : "estos productos"}: ${quoted(unknown)}. Escribe el SKU de una presentación o el nombre exacto del producto, uno por línea.`,
        ]
      : []),
    ...(ambiguous.length > 0
      ? [`Hay varios productos llamados ${quoted(ambiguous)}: escribe el SKU de una de sus presentaciones.`]
      : []),
  ];
  if (messages.length > 0) return { error: messages.join(" ") };
  return { ids: [...new Set(found.map((one) => one.ids[0]!))].sort((a, b) => a - b) };
}

export type DiscountFormResult =
  { ok: true; data: DiscountInput } | { ok: false; errors: Record<string, string>; firstMessage: string };

/** The editor's posted values as a discount: the form's rules and its products, every error at once. */
export async function parseDiscountForm(values: Record<string, string>): Promise<DiscountFormResult> {
  const parsed = parseWithSchema(discountFormSchema, values);
  const lines = readProductLines(values.products ?? "");
  const targets = lines.length > MAX_TARGET_PRODUCTS ? { ids: [] } : await resolveProducts(lines);
  if (parsed.success && "ids" in targets) {
    const { productNames: _typed, ...input } = parsed.data;
    return { ok: true, data: { ...input, productIds: targets.ids } };
  }
  const errors = parsed.success ? {} : { ...parsed.errors };
  if ("error" in targets) errors.products ??= targets.error;
  return { ok: false, errors, firstMessage: parsed.success ? Object.values(errors)[0]! : parsed.firstMessage };
}

/**
 * How the form writes stored products back: the name, or the first SKU when another live
 * product has the same name (so that saving again finds the same product).
 */
export async function describeDiscountProducts(ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = getDb();
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      namesakes: sql<number>`(select count(*) from ${products} same where lower(same.title) = lower(${products.title}) and same.is_archived = false)::int`,
      sku: sql<
        string | null
      >`(select v.sku from ${productVariants} v where v.product_id = ${products.id} and v.sku is not null order by v.is_archived, v.sort_order, v.id limit 1)`,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.title), asc(products.id));
  return rows.map((row) => (Number(row.namesakes) > 1 && row.sku ? row.sku : row.title));
}
