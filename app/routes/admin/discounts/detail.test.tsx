// A discount's page (/admin/descuentos/:id, issue 44) as the server renders it: the orders that
// carry it, each linked to its detail, with what it took off; the totals leave cancelled orders
// out, as the list does. Only an administrator reaches it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { discounts, products } from "~/db/schema";
import { formatMoney } from "~/lib/money";
import { requestAs } from "~test/auth";
import { insertTestOrder, type TestOrder } from "~test/orders";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import DiscountDetailPage, { loader } from "./detail";
import DiscountListPage, { loader as listLoader } from "./list";

const { handle, adminCookie } = seededShopWithAdmin();
let productId: number;
let couponId: number;
let otherId: number;
const placed: Record<string, TestOrder> = {};

type Screen = { Page: unknown; loader: (args: never) => unknown };

/** Renders `screen` at `path` as the server would, the URL's id given as its param. */
function render(path: string, params: Record<string, string>, screen: Screen = { Page: DiscountDetailPage, loader }) {
  const withParams = (run: (args: never) => unknown) => (args: object) => run({ ...args, params } as never);
  const run = withParams(screen.loader);
  return renderRoute({ Page: screen.Page, loader: run, action: run } as never, requestAs(adminCookie(), path));
}

/** The page's text without tags, spaces joined. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  const { db } = handle();
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 5000, priceCents: 5000, isOfferActive: false });
  const [coupon] = await db
    .insert(discounts)
    .values({ name: "Aniversario", code: "ANIV15", kind: "percent", percent: 15, maxUses: 50, usesCount: 2 })
    .returning({ id: discounts.id });
  const [other] = await db
    .insert(discounts)
    .values({ name: "Otro descuento", code: "OTRO5", kind: "amount", amountCents: 500 })
    .returning({ id: discounts.id });
  couponId = coupon!.id;
  otherId = other!.id;
  const carrying = (discountId: number, code: string, amountCents: number) => [
    { discountId, name: "Aniversario", code, kind: "percent" as const, amountCents },
  ];
  placed.rosa = await insertTestOrder(db, {
    lines: [{ productId, quantity: 2 }],
    createdAt: new Date("2026-12-03T15:00:00Z"), // 10:00 in Lima
    columns: { customerName: "Rosa Quispe", customerPhone: "955 111 222" },
    discounts: carrying(couponId, "ANIV15", 1500),
  });
  placed.luis = await insertTestOrder(db, {
    lines: [{ productId, quantity: 1 }],
    createdAt: new Date("2026-12-04T04:30:00Z"), // 23:30 on 3 December in Lima
    columns: { customerName: "Luis Ramos", deliveryFeeCents: 800 },
    discounts: carrying(couponId, "ANIV15", 750),
  });
  placed.cancelled = await insertTestOrder(db, {
    lines: [{ productId, quantity: 4 }],
    status: "cancelado",
    createdAt: new Date("2026-12-05T15:00:00Z"),
    columns: { customerName: "Carla Díaz" },
    discounts: carrying(couponId, "ANIV15", 3000),
  });
  placed.other = await insertTestOrder(db, {
    lines: [{ productId, quantity: 1 }],
    columns: { customerName: "Otra Persona" },
    discounts: [{ discountId: otherId, name: "Otro descuento", code: "OTRO5", kind: "amount", amountCents: 500 }],
  });
});

describe("/admin/descuentos/:discountId", () => {
  test("the orders that used it, newest first, each linked to its detail, and the totals of those that stand", async () => {
    const page = await render(`/admin/descuentos/${couponId}`, { discountId: String(couponId) });
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    for (const expected of [
      "Aniversario",
      "Cupón ANIV15 · 15 % · Usos: 2 de 50",
      "Estado: Vigente",
      `Pedidos que lo usaron 2`,
      `Total descontado ${formatMoney(1500 + 750).replace("\u00a0", " ")}`,
      // The two orders' totals: S/ 100.00 − 15.00, and S/ 50.00 + 8.00 − 7.50.
      `Ventas de esos pedidos ${formatMoney(8500 + 5050).replace("\u00a0", " ")}`,
      "Sin contar 1 pedido cancelado, que devolvió su uso.",
      "Pedidos con este descuento (3)",
      // Code (with its status and amount again, for phones), date in Lima, customer, amounts, status.
      `${placed.rosa!.code} Pendiente de pago −S/ 15.00 03/12/2026 10:00 Rosa Quispe 955 111 222 S/ 15.00 S/ 85.00 Pendiente de pago`,
      `${placed.luis!.code} Pendiente de pago −S/ 7.50 03/12/2026 23:30 Luis Ramos`,
      "S/ 7.50 S/ 50.50 Pendiente de pago",
      `${placed.cancelled!.code} Cancelado −S/ 30.00 05/12/2026 10:00 Carla Díaz`,
      "S/ 30.00 S/ 170.00 Cancelado",
    ]) {
      expect(text).toContain(expected);
    }
    // Newest first.
    const order = [placed.cancelled!, placed.luis!, placed.rosa!].map((one) => text.indexOf(one.code));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).not.toContain(placed.other!.code);
    for (const one of [placed.rosa!, placed.luis!, placed.cancelled!]) {
      expect(page.html).toContain(`href="/admin/pedidos/${one.id}"`);
    }
  });

  test("a discount no order used says so", async () => {
    const [unused] = await handle()
      .db.insert(discounts)
      .values({ name: "Sin usar", kind: "free_delivery", isActive: false })
      .returning({ id: discounts.id });
    const text = textOf((await render(`/admin/descuentos/${unused!.id}`, { discountId: String(unused!.id) })).html);
    expect(text).toContain("Automático · Delivery gratis · Usos: 0");
    expect(text).toContain("Estado: Inactivo");
    expect(text).toContain("Pedidos que lo usaron 0");
    expect(text).toContain("Ningún pedido ha usado este descuento todavía.");
  });

  test("the list links each discount to its page", async () => {
    const page = await render("/admin/descuentos", {}, { Page: DiscountListPage, loader: listLoader });
    expect(page.html).toMatch(new RegExp(`href="/admin/descuentos/${couponId}"[^>]*>Aniversario<`));
  });

  test("an unknown discount goes back to the list; a visitor who is not the administrator goes to /admin", async () => {
    await expect(
      loader({
        request: requestAs(adminCookie(), "/admin/descuentos/999999"),
        params: { discountId: "999999" },
        context: {},
      } as never),
    ).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) });
    const refused = await loader({
      request: requestAs(null, `/admin/descuentos/${couponId}`),
      params: { discountId: String(couponId) },
      context: {},
    } as never).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/admin");
    const [stored] = await handle().db.select().from(discounts).where(eq(discounts.id, couponId));
    expect(stored!.usesCount).toBe(2);
  });
});
