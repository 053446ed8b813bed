// Issue 24: the checkout's delivery and comprobante, computed and checked on the server.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { cartLines, deliveryZones, orderLines, orders, products, shopSettings } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { formatMoney } from "~/lib/money";
import { messageOf } from "~test/order-message";
import { setUpTestDatabase } from "~test/test-database";

import { submitCheckout } from "./order.server";

const { handle } = setUpTestDatabase();

type Product = typeof products.$inferSelect;
type Zone = typeof deliveryZones.$inferSelect;
let croquetas: Product; // S/ 114.90 on offer: over the free-delivery threshold
let raton: Product; // S/ 14.90
let miraflores: Zone; // S/ 7.00, free from S/ 100.00
let surco: Zone; // S/ 10.00, minimum S/ 40.00

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const all = await db.select().from(products);
  croquetas = all.find((product) => product.title.startsWith("Croquetas"))!;
  raton = all.find((product) => product.title.startsWith("Ratón"))!;
  const zones = await db.select().from(deliveryZones);
  miraflores = zones.find((zone) => zone.district === "Miraflores")!;
  surco = zones.find((zone) => zone.district === "Santiago de Surco")!;
});

async function cartWith(lines: [Product, number][]): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  for (const [product, quantity] of lines) {
    expect((await addCartLine(cartId, { productId: product.id, quantity })).status).toBe("added");
  }
  return cartId;
}

let phoneCounter = 0;
function checkout(cartId: string, fields: Record<string, string>) {
  phoneCounter += 1;
  return submitCheckout({
    cartId,
    user: null,
    clientIp: null,
    form: {
      intent: "checkout",
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: `976 543 ${String(phoneCounter).padStart(3, "0")}`,
      ...fields,
    },
  });
}

async function storedOrder(code: string) {
  const [order] = await handle().db.select().from(orders).where(eq(orders.code, code));
  return order!;
}

const delivery = (zone: Zone, extra: Record<string, string> = {}) => ({
  fulfillment: "delivery",
  deliveryZoneId: String(zone.id),
  customerAddress: "Av. Larco 345, dpto. 501",
  deliveryReference: "Frente al parque Kennedy",
  ...extra,
});

describe("delivery or pickup", () => {
  test("pickup costs nothing: the total is the products'", async () => {
    const result = await checkout(await cartWith([[raton, 2]]), { fulfillment: "pickup" });
    if (result.status !== "placed") throw new Error(result.status);
    expect(await storedOrder(result.code)).toMatchObject({
      fulfillment: "pickup",
      deliveryFeeCents: 0,
      totalCents: 2 * 1490,
      deliveryDistrict: "",
    });
    expect(await messageOf(result)).toContain("Entrega: Recojo en tienda");
  });

  test("delivery adds the district's fee, stored with the address; the total is lines + fee to the céntimo", async () => {
    const result = await checkout(await cartWith([[raton, 3]]), delivery(miraflores));
    if (result.status !== "placed") throw new Error(result.status);
    const order = await storedOrder(result.code);
    expect(order).toMatchObject({
      fulfillment: "delivery",
      deliveryDistrict: "Miraflores",
      customerAddress: "Av. Larco 345, dpto. 501",
      deliveryReference: "Frente al parque Kennedy",
      deliveryFeeCents: 700,
      totalCents: 3 * 1490 + 700,
    });
    const lines = await handle().db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(order.totalCents).toBe(lines.reduce((sum, line) => sum + line.lineTotalCents, 0) + order.deliveryFeeCents);
    expect(await messageOf(result)).toContain("Entrega: Delivery a Miraflores");
    expect(await messageOf(result)).toContain("Dirección: Av. Larco 345, dpto. 501");
    expect(await messageOf(result)).toContain("Referencia: Frente al parque Kennedy");
    expect(await messageOf(result)).toContain(`Costo de envío: ${formatMoney(700)}`);
    expect(await messageOf(result)).toContain(`Total: ${formatMoney(3 * 1490 + 700)}`);
  });

  test("from the district's 'Envío gratis desde' the fee is 0", async () => {
    const result = await checkout(await cartWith([[croquetas, 1]]), delivery(miraflores));
    if (result.status !== "placed") throw new Error(result.status);
    const order = await storedOrder(result.code);
    const [line] = await handle().db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line!.lineTotalCents).toBeGreaterThanOrEqual(miraflores.freeFromCents!);
    expect(order).toMatchObject({ deliveryFeeCents: 0, totalCents: line!.lineTotalCents });
    expect(await messageOf(result)).toContain("Costo de envío: gratis");
  });

  test("below the district's minimum the order is refused with its message and nothing changes", async () => {
    const cartId = await cartWith([[raton, 2]]);
    const stock = (await handle().db.select().from(products).where(eq(products.id, raton.id)))[0]!.stock;
    const result = await checkout(cartId, delivery(surco));
    expect(result).toEqual({
      status: "below-minimum",
      message: `Te faltan ${formatMoney(4000 - 2 * 1490)} para el pedido mínimo en Santiago de Surco`,
    });
    expect(await handle().db.select().from(cartLines).where(eq(cartLines.cartId, cartId))).toHaveLength(1);
    expect((await handle().db.select().from(products).where(eq(products.id, raton.id)))[0]!.stock).toBe(stock);
  });

  test("a forged fee or total changes nothing: the server's fee and total are stored", async () => {
    const result = await checkout(
      await cartWith([[raton, 1]]),
      delivery(miraflores, { deliveryFeeCents: "0", totalCents: "1", feeCents: "0" }),
    );
    if (result.status !== "placed") throw new Error(result.status);
    expect(await storedOrder(result.code)).toMatchObject({ deliveryFeeCents: 700, totalCents: 1490 + 700 });
  });

  test("an unknown, inactive or forged district, a district not served and a missing address are refused in Spanish", async () => {
    const cartId = await cartWith([[raton, 1]]);
    const [inactive] = await handle()
      .db.insert(deliveryZones)
      .values({ district: "Ate", feeCents: 1500, isActive: false })
      .returning();
    for (const [zoneId, message] of [
      ["999999", "Ese distrito ya no está disponible. Elige otro."],
      [String(inactive!.id), "Ese distrito ya no está disponible. Elige otro."],
      ["1; drop table orders", "Ese distrito ya no está disponible. Elige otro."],
      ["otro", "Aún no llegamos a tu distrito"],
      ["", "Elige tu distrito."],
    ] as const) {
      const result = await checkout(cartId, delivery(miraflores, { deliveryZoneId: zoneId }));
      expect(result).toMatchObject({ status: "invalid", fieldErrors: { deliveryZoneId: message } });
    }
    expect(await checkout(cartId, delivery(miraflores, { customerAddress: " " }))).toMatchObject({
      status: "invalid",
      fieldErrors: { customerAddress: "Escribe la dirección de entrega." },
    });
    expect(await checkout(cartId, { fulfillment: "teletransporte" })).toMatchObject({
      status: "invalid",
      fieldErrors: { fulfillment: "Elige cómo quieres recibir tu pedido." },
    });
    expect(await handle().db.select().from(cartLines).where(eq(cartLines.cartId, cartId))).toHaveLength(1);
  });

  test("pickup is refused once the owner turns it off", async () => {
    await handle().db.update(shopSettings).set({ isPickupEnabled: false });
    try {
      const result = await checkout(await cartWith([[raton, 1]]), { fulfillment: "pickup" });
      expect(result).toMatchObject({
        status: "invalid",
        fieldErrors: { fulfillment: "El recojo en tienda no está disponible. Elige delivery." },
      });
    } finally {
      await handle().db.update(shopSettings).set({ isPickupEnabled: true });
    }
  });
});

describe("the comprobante and the e-mail", () => {
  test("a boleta with a DNI and a factura with a valid RUC are stored as given", async () => {
    const boleta = await checkout(await cartWith([[raton, 1]]), {
      fulfillment: "pickup",
      comprobante: "boleta",
      documento: "4567 8912",
      customerEmail: "ana@example.pe",
    });
    if (boleta.status !== "placed") throw new Error(boleta.status);
    expect(await storedOrder(boleta.code)).toMatchObject({
      comprobante: "boleta",
      documentType: "dni",
      documentNumber: "45678912",
      customerEmail: "ana@example.pe",
    });
    expect(await messageOf(boleta)).toContain("Comprobante: Boleta (DNI 45678912)");

    const factura = await checkout(await cartWith([[raton, 1]]), {
      fulfillment: "pickup",
      comprobante: "factura",
      ruc: "20100047218",
      razonSocial: "Banco de Crédito del Perú",
      direccionFiscal: "Calle Centenario 156, La Molina",
    });
    if (factura.status !== "placed") throw new Error(factura.status);
    expect(await storedOrder(factura.code)).toMatchObject({
      comprobante: "factura",
      documentType: "ruc",
      documentNumber: "20100047218",
      businessName: "Banco de Crédito del Perú",
      fiscalAddress: "Calle Centenario 156, La Molina",
    });
    expect(await messageOf(factura)).toContain("Comprobante: Factura, RUC 20100047218");
  });

  test("a wrong RUC, a factura without razón social and a bad e-mail are refused beside their fields", async () => {
    const cartId = await cartWith([[raton, 1]]);
    const result = await checkout(cartId, {
      fulfillment: "pickup",
      comprobante: "factura",
      ruc: "20100047219",
      razonSocial: "",
      direccionFiscal: "Av. Arequipa 100",
      customerEmail: "ana@",
    });
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        ruc: "El RUC no es válido.",
        razonSocial: "La razón social es obligatoria para factura.",
        customerEmail: "Escribe un correo válido, por ejemplo nombre@correo.com.",
      },
    });
    expect(await checkout(cartId, { fulfillment: "pickup", comprobante: "factura", ruc: "2010004721" })).toMatchObject({
      fieldErrors: { ruc: "El RUC debe tener 11 dígitos." },
    });
  });

  test("the message links to the order's page with its token, and a long cart stays under 2,000 characters", async () => {
    const { db } = handle();
    const [template] = await db.select().from(products).where(eq(products.id, raton.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = template!;
    const many = await db
      .insert(products)
      .values(
        Array.from({ length: 40 }, (_, index) => ({ ...fields, title: `Juguete largo de prueba número ${index + 1}` })),
      )
      .returning();
    const cartId = await cartWith(many.map((product) => [product, 1] as [Product, number]));
    const result = await checkout(
      cartId,
      delivery(miraflores, {
        customerAddress: "Av. José Pardo 1234, edificio Los Olivos, torre B, departamento 1502".repeat(2),
        comprobante: "factura",
        ruc: "20100047218",
        razonSocial: "Banco de Crédito del Perú",
        direccionFiscal: "Calle Centenario 156, La Molina",
      }),
    );
    if (result.status !== "placed") throw new Error(result.status);
    const order = await storedOrder(result.code);
    expect(order.accessToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await messageOf(result)).length).toBeLessThan(2000);
    expect(await messageOf(result)).toMatch(/…y \d+ productos más/);
    expect(await messageOf(result)).toContain(`/pedido/${result.code}?t=${order.accessToken}`);
    expect(await messageOf(result)).toContain(`Total: ${formatMoney(order.totalCents)}`);
  });
});
