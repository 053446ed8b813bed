// What the catalogue's writes drop from the page cache (ADR 024), once their transaction
// committed: a product's own page and the listings for an edit, and for a change of stock
// only the pages of the products whose stock moved, the listings too when one of them sold
// out or came back (listings and featured offers put the products in stock first).
import { inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

/** A product's total stock (its live presentaciones summed) before and after a write. */
export type StockChange = { productId: number; before: number; after: number };

/**
 * A product created, edited (presentaciones, prices, offers, stock included), removed,
 * archived or put back on sale: its page and share image, and every listing, since its title,
 * place, brand or presence decides which listings show it and where.
 */
export function invalidateProductPages(productId: number): void {
  invalidatePages([pageTags.product(productId), pageTags.productListings]);
}

/** The products' total stock as the transaction sees it now (read before and after a stock write). */
export async function readProductStocks(
  db: Pick<Database, "select">,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/** The products whose stock differs between two readings. */
export function compareStocks(before: Map<number, number>, after: Map<number, number>): StockChange[] {
  const changes: StockChange[] = [];
  for (const [productId, stockBefore] of before) {
    const stockAfter = after.get(productId) ?? 0;
    if (stockAfter !== stockBefore) changes.push({ productId, before: stockBefore, after: stockAfter });
  }
  return changes;
}

/**
 * The tags a change of stock drops: each product's own (its page, and every listing showing
 * its card), and the listings' own only when a product sold out or came back, which moves it
 * in their order. An order for one product leaves every other product's page cached.
 */
export function stockChangeTags(changes: readonly StockChange[]): string[] {
  const tags = changes.map((change) => pageTags.product(change.productId));
  if (changes.some((change) => change.before > 0 !== change.after > 0)) tags.push(pageTags.productListings);
  return tags;
}

/** Drops the pages a committed change of stock made stale (nothing when no stock moved). */
export function invalidateStockPages(changes: readonly StockChange[]): void {
  if (changes.length > 0) invalidatePages(stockChangeTags(changes));
}
