// Orders written straight into the test database for the order page's tests (/pedido/{code}),
// independent of the checkout, and the ways a request proves it may see one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, vi } from "vitest";

import type { Database } from "~/db/client.server";
import { orderLines, orders, type OrderStatus, orderStatusChanges } from "~/db/schema";
import { createOrderAccessToken } from "~/domain/orders/order-access.server";
import { rememberPlacedOrder } from "~/domain/orders/order-confirmation.server";

export type TestOrder = { id: number; code: string; accessToken: string };

export type TestOrderOptions = {
  userId?: string | null;
  status?: OrderStatus;
  createdAt?: Date;
  paidAt?: Date | null;
  fulfillment?: "pickup" | "delivery" | null;
  cancelReason?: string;
  /** The status changes after the first ('pendiente'), in order; automatic ones are the shop's expiry. */
  history?: { to: OrderStatus; at: Date; isAutomatic?: boolean }[];
  values?: Partial<typeof orders.$inferInsert>;
};

let nextCode = 900_000;

/** An order of two lines (S/ 60.00 + S/ 15.00) and its first status, as checkout stores one. */
export async function insertTestOrder(db: Database, options: TestOrderOptions = {}): Promise<TestOrder> {
  nextCode += 1;
  const code = `PED-${nextCode}`;
  const accessToken = createOrderAccessToken();
  const createdAt = options.createdAt ?? new Date();
  const isDelivery = (options.fulfillment ?? "delivery") === "delivery";
  const [order] = await db
    .insert(orders)
    .values({
      code,
      userId: options.userId ?? null,
      customerName: "Rosa Quispe",
      customerPhone: "987 654 321",
      paymentMethodId: "yape",
      paymentMethodName: "Yape",
      status: options.status ?? "pendiente",
      totalCents: 7500 + (isDelivery ? 1000 : 0),
      accessToken,
      fulfillment: options.fulfillment === undefined ? "delivery" : options.fulfillment,
      deliveryDistrict: isDelivery ? "Miraflores" : "",
      customerAddress: isDelivery ? "Calle Los Pinos 123, dpto. 402" : "",
      deliveryReference: isDelivery ? "Frente al parque Kennedy" : "",
      deliveryFeeCents: isDelivery ? 1000 : 0,
      comprobante: "boleta",
      documentType: "dni",
      documentNumber: "45678912",
      paidAt: options.paidAt ?? null,
      cancelReason: options.cancelReason ?? "",
      createdAt,
      ...options.values,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await db.insert(orderLines).values([
    {
      orderId,
      title: "Alimento Pro Plan",
      variantName: "3 kg",
      unitPriceCents: 3000,
      quantity: 2,
      lineTotalCents: 6000,
    },
    { orderId, title: "Pelota de Goma", unitPriceCents: 1500, quantity: 1, lineTotalCents: 1500 },
  ]);
  let from: OrderStatus = "pendiente";
  const changes: (typeof orderStatusChanges.$inferInsert)[] = [
    { orderId, fromStatus: null, toStatus: "pendiente", changedAt: createdAt },
  ];
  for (const step of options.history ?? []) {
    changes.push({
      orderId,
      fromStatus: from,
      toStatus: step.to,
      changedAt: step.at,
      isAutomatic: step.isAutomatic ?? false,
    });
    from = step.to;
  }
  await db.insert(orderStatusChanges).values(changes);
  return { id: orderId, code, accessToken };
}

/** The Cookie header of the browser that placed `code` (the signed cookie checkout sets). */
export async function placedHereCookie(code: string): Promise<string> {
  const setCookie = await rememberPlacedOrder(new Request("http://localhost:3000/carrito"), code);
  return setCookie.split(";")[0]!;
}

/** A real PNG picture of `size` pixels. */
export async function makePng(size = 64): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({
    create: { width: size, height: size, channels: 3, background: { r: 250, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/** Points DATA_DIR at a fresh folder for the calling test file, removed afterwards. */
export function withOwnDataDir(): () => string {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "patitas-order-page-"));
    vi.stubEnv("DATA_DIR", dir);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
