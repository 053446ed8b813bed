// A discount as the owner's form gives it (10 % off everything, no limits), for the tests that
// save one through the shop's own code; a test overrides what it checks.
import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { discounts, products } from "~/db/schema";
import type { DiscountInput } from "~/domain/discounts/discount-admin";

import { setVariantValues } from "./variants";

export const DISCOUNT_INPUT: DiscountInput = {
  name: "Prueba",
  code: null,
  kind: "percent",
  percent: 10,
  amountCents: null,
  minSubtotalCents: 0,
  isFirstPurchaseOnly: false,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  isCombinable: true,
  isActive: true,
  familyIds: [],
  categoryIds: [],
  brandIds: [],
  productIds: [],
};

/**
 * The seeded shop without its own discounts (they would mix into a test's figures), and one live
 * product at S/ 50.00, not on offer, with 1,000 units: its id.
 */
export async function shopWithoutDiscounts(db: Database): Promise<number> {
  await db.delete(discounts);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.isArchived, false)).limit(1);
  await setVariantValues(db, product!.id, { stock: 1000, priceCents: 5000, isOfferActive: false });
  return product!.id;
}
