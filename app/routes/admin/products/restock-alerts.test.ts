// 'Avísame cuando haya stock' from the owner's side (issue 23): stock brought back by the
// editor or by a cancelled order reaches the shoppers waiting for that presentación (who
// confirmed, issue 41), once.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test, vi } from "vitest";

import { orders, productVariants, stockAlerts } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { confirmStockAlert, subscribeStockAlert } from "~/domain/catalog/stock-alerts.server";
import { placeOrder } from "~/domain/orders/order.server";
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { requestAs } from "~test/auth";
import { sentMails } from "~test/captured-mail";
import { callCatalogEditor } from "~test/catalog-editor";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { findSizes } from "~test/variants";

import { action as editorAction, loader as editorLoader } from "./editor";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));
const sent = sentMails;

const { handle, adminCookie, adminId } = seededShopWithAdmin();

beforeEach(() => {
  sent.length = 0;
});

/** The alerts go out after the answer: wait for them (at most 5 s). */
async function mailsTo(count: number): Promise<typeof sentMails> {
  for (let waited = 0; sent.length < count && waited < 5000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sent;
}

/** Subscribes `email` and follows the link of its confirmation e-mail, as the inbox's owner would. */
async function subscribeConfirmed(productId: number, variantId: number, email: string): Promise<void> {
  expect(await subscribeStockAlert({ productId, variantId, email })).toBe("subscribed");
  const confirmation = await vi.waitFor(() => {
    const mail = sent.find((candidate) => candidate.to === email && candidate.subject === "Confirma tu aviso de stock");
    expect(mail).toBeDefined();
    return mail!;
  });
  const link = new URL(/http:\/\/\S+\/aviso-stock\/confirmar\?t=[\w-]+/.exec(confirmation.text)![0]);
  expect(await confirmStockAlert(link.searchParams.get("t")!)).toMatchObject({ isConfirmed: true });
  sent.length = 0;
}

test("restocking a sold-out size in the editor mails its waiting shoppers once", async () => {
  const collar = await findSizes(handle().db, "Collar Reflectivo Ajustable");
  const talla = collar.ids[1]!;
  for (const email of ["ana@example.com", "luis@example.com"]) {
    await subscribeConfirmed(collar.id, talla, email);
  }
  // Nobody confirmed this one: it gets nothing.
  expect(await subscribeStockAlert({ productId: collar.id, variantId: talla, email: "nadie@example.com" })).toBe(
    "subscribed",
  );
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  sent.length = 0;
  const request = requestAs(adminCookie(), `/admin/productos/editar/${collar.id}`);
  const loaded = (await editorLoader({ request, params: { productId: String(collar.id) }, context: {} } as never)) as {
    values: Record<string, string>;
  };
  const key = Object.keys(loaded.values)
    .find((name) => loaded.values[name] === String(talla))!
    .split(".")[1]!;
  await callCatalogEditor(
    "products",
    editorAction,
    adminCookie(),
    { ...loaded.values, [`v.${key}.stock`]: "6" },
    collar.id,
  );

  const mails = await mailsTo(2);
  expect(mails.map((mail) => mail.to).sort()).toEqual(["ana@example.com", "luis@example.com"]);
  expect(mails[0]!.subject).toBe("Ya hay stock: Collar Reflectivo Ajustable — Talla M");
  const left = await handle().db.select().from(stockAlerts).where(eq(stockAlerts.variantId, talla));
  expect(left.map((alert) => alert.email)).toEqual(["nadie@example.com"]);
});

test("a cancelled order that brings the last units back mails the waiting shopper", async () => {
  const food = await findSizes(handle().db, "Alimento Pro Plan Cachorro Razas Pequeñas");
  const large = food.ids[1]!;
  await handle().db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, large));
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId: food.id, variantId: large, quantity: 1 })).status).toBe("added");
  const placed = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: "Rosa Quispe",
    customerPhone: "955 111 222",
  });
  expect(placed.status).toBe("placed");
  await subscribeConfirmed(food.id, large, "rosa@example.com");
  const [order] = await handle().db.select().from(orders).where(eq(orders.customerName, "Rosa Quispe"));
  expect((await changeOrderStatus({ id: adminId() }, order!.id, "cancelado")).status).toBe("changed");

  const mails = await mailsTo(1);
  expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
    ["rosa@example.com", "Ya hay stock: Alimento Pro Plan Cachorro Razas Pequeñas — 15 kg"],
  ]);
});
