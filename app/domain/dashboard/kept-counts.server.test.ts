// The dashboard's catalogue counts are kept in memory (ADR 043): every committed change to a
// product or to its stock, through the shop's own code, must show in the next dashboard. The
// suite otherwise runs without the kept values (tests/support/direct-reads.ts); here they are on.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { productVariants } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { removeProduct, restoreProduct } from "~/domain/catalog/product-admin.server";
import { placeOrder } from "~/domain/orders/order.server";
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { setSharedReadsEnabled } from "~/lib/page-cache/shared-reads.server";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import { getDashboardFigures } from "./dashboard.server";

const { handle, adminId } = seededShopWithAdmin();
const admin = { id: "" };

beforeAll(() => {
  setSharedReadsEnabled(true);
  admin.id = adminId();
});
afterAll(() => setSharedReadsEnabled(false));

const catalogTiles = async () => {
  const { productCount, lowStockCount, soldOutCount } = await getDashboardFigures();
  return { productCount, lowStockCount, soldOutCount };
};

test("an order, its cancellation and a product removed and restored show in the next dashboard", async () => {
  const [variant] = await handle()
    .db.select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.isArchived, false))
    .limit(1);
  const productId = variant!.productId;
  // Written straight into the database before anything is kept, as a test may.
  await setVariantValues(handle().db, productId, { stock: 7 });
  const before = await catalogTiles();

  // An order of 3 units leaves 4: one presentación more at or under the threshold of 5.
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId, quantity: 3 })).status).toBe("added");
  const placed = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: "Cliente",
    customerPhone: "987 654 321",
  });
  if (placed.status !== "placed") throw new Error(placed.status);
  expect(await catalogTiles()).toEqual({ ...before, lowStockCount: before.lowStockCount + 1 });

  // Cancelled, its units come back.
  expect((await changeOrderStatus(admin, placed.orderId, "cancelado")).status).toBe("changed");
  expect(await catalogTiles()).toEqual(before);

  // Removed (archived: an order names it), then put back on sale.
  expect((await removeProduct(admin, productId)).status).toBe("archived");
  expect((await catalogTiles()).productCount).toBe(before.productCount - 1);
  expect(await restoreProduct(admin, productId)).not.toBeNull();
  expect(await catalogTiles()).toEqual(before);
});
