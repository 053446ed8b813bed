import { and, asc, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import {
  orderLines,
  orders,
  type OrderStatus,
  orderStatusChanges,
  products,
  productVariants,
  users,
} from "~/db/schema";
import { storePrivateImage } from "~/domain/media/image-upload.server";
import { formatOrderCode } from "~/domain/orders/order";
import { createOrderAccessToken } from "~/domain/orders/order-access.server";
import { loadSharp } from "~/lib/lazy-modules.server";

// A few orders for a new shop's owner to see the flow (issue 24): one delivered, one paid for
// pickup with a factura, one waiting for payment with the shopper's receipt uploaded, and one
// cancelled because nobody paid it. Seeded once, with the demo shop, when DEMO_ORDERS is not
// "0"; the ones still open hold their units like any order.

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
const HOUR = 60 * 60 * 1000;

type DemoLine = { title: string; quantity: number };
type DemoOrder = {
  hoursAgo: number;
  customerName: string;
  customerPhone: string;
  lines: DemoLine[];
  paymentMethodId: string;
  paymentMethodName: string;
  /** The statuses it went through after 'pendiente', each some hours after the previous one. */
  path: OrderStatus[];
  /** The expiry cancelled it (no person). */
  expired?: boolean;
  holdsStock: boolean;
  paid: boolean;
  receipt?: { operation: string };
  fulfillment: "pickup" | "delivery";
  delivery?: { district: string; address: string; reference: string; feeCents: number };
  comprobante:
    | { kind: "boleta"; documentNumber?: string }
    | { kind: "factura"; ruc: string; businessName: string; fiscalAddress: string };
};

export const demoOrders: DemoOrder[] = [
  {
    hoursAgo: 72,
    customerName: "María Fernández",
    customerPhone: "987 111 222",
    lines: [{ title: "Croquetas Ricocan Adulto Razas Medianas 15 kg", quantity: 1 }],
    paymentMethodId: "yape",
    paymentMethodName: "Yape",
    path: ["pagado", "en_preparacion", "en_camino", "entregado"],
    holdsStock: false,
    paid: true,
    fulfillment: "delivery",
    // Over S/ 100.00: free delivery.
    delivery: {
      district: "Miraflores",
      address: "Av. Larco 345, dpto. 501",
      reference: "Frente al parque",
      feeCents: 0,
    },
    comprobante: { kind: "boleta", documentNumber: "45678912" },
  },
  {
    hoursAgo: 5,
    customerName: "Veterinaria San Borja E.I.R.L.",
    customerPhone: "912 333 444",
    lines: [{ title: "Snack Dental para Perro x 7 unidades", quantity: 3 }],
    paymentMethodId: "transferencia",
    paymentMethodName: "Transferencia Bancaria",
    path: ["pagado"],
    holdsStock: true,
    paid: true,
    fulfillment: "pickup",
    comprobante: {
      kind: "factura",
      ruc: "20100047218",
      businessName: "Veterinaria San Borja E.I.R.L.",
      fiscalAddress: "Av. San Luis 2050, San Borja",
    },
  },
  {
    hoursAgo: 1,
    customerName: "Jorge Quispe",
    customerPhone: "955 666 777",
    lines: [
      { title: "Ratón de Juguete con Catnip", quantity: 2 },
      { title: "Snack Dental para Perro x 7 unidades", quantity: 1 },
    ],
    paymentMethodId: "yape",
    paymentMethodName: "Yape",
    path: [],
    holdsStock: true,
    paid: false,
    receipt: { operation: "08123456" },
    fulfillment: "delivery",
    delivery: {
      district: "San Isidro",
      address: "Calle Los Pinos 120",
      reference: "Casa de rejas blancas",
      feeCents: 800,
    },
    comprobante: { kind: "boleta" },
  },
  {
    hoursAgo: 50,
    customerName: "Lucía Ramos",
    customerPhone: "944 888 999",
    lines: [{ title: "Cama Acolchada Redonda para Gato", quantity: 1 }],
    paymentMethodId: "plin",
    paymentMethodName: "Plin",
    path: ["cancelado"],
    expired: true,
    holdsStock: false,
    paid: false,
    fulfillment: "pickup",
    comprobante: { kind: "boleta" },
  },
];

/** A small picture of a Yape receipt for the demo order that uploaded one. */
async function demoReceiptImage(): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="480">
<rect width="360" height="480" fill="#742284"/><rect x="30" y="90" width="300" height="300" rx="24" fill="#fff"/>
<circle cx="180" cy="170" r="40" fill="#10b981"/><path d="M160 170l14 14 28-28" stroke="#fff" stroke-width="10" fill="none"/>
<text x="180" y="270" font-size="34" font-family="sans-serif" text-anchor="middle" fill="#222">¡Yapeo exitoso!</text>
<text x="180" y="320" font-size="18" font-family="sans-serif" text-anchor="middle" fill="#555">Nro. de operación 08123456</text>
</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

async function priceLines(tx: Transaction, lines: DemoLine[]) {
  const priced = [];
  for (const line of lines) {
    const [variant] = await tx
      .select({
        productId: products.id,
        variantId: productVariants.id,
        title: products.title,
        name: productVariants.name,
        priceCents: sql<number>`case when ${productVariants.isOfferActive} and ${productVariants.offerPriceCents} is not null then ${productVariants.offerPriceCents} else ${productVariants.priceCents} end`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(products.title, line.title), eq(productVariants.isArchived, false)))
      .orderBy(asc(productVariants.id))
      .limit(1);
    if (!variant) continue;
    priced.push({ ...variant, quantity: line.quantity, lineTotalCents: Number(variant.priceCents) * line.quantity });
  }
  return priced;
}

function comprobanteColumns(comprobante: DemoOrder["comprobante"]) {
  if (comprobante.kind === "factura") {
    return {
      comprobante: "factura" as const,
      documentType: "ruc" as const,
      documentNumber: comprobante.ruc,
      businessName: comprobante.businessName,
      fiscalAddress: comprobante.fiscalAddress,
    };
  }
  return comprobante.documentNumber
    ? { comprobante: "boleta" as const, documentType: "dni" as const, documentNumber: comprobante.documentNumber }
    : { comprobante: "boleta" as const };
}

async function insertDemoOrder(tx: Transaction, demo: DemoOrder, adminId: string | null, receipt: string | null) {
  const lines = await priceLines(tx, demo.lines);
  if (lines.length === 0) return;
  const placedAt = new Date(Date.now() - demo.hoursAgo * HOUR);
  const feeCents = demo.delivery?.feeCents ?? 0;
  const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0) + feeCents;
  const sequence = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const id = Number(sequence.rows[0]!.id);
  const status = demo.path.at(-1) ?? "pendiente";
  const stepAt = (step: number) => new Date(placedAt.getTime() + step * Math.min(HOUR, (demo.hoursAgo * HOUR) / 6));
  await tx.insert(orders).values({
    id,
    code: formatOrderCode(id),
    accessToken: createOrderAccessToken(),
    customerName: demo.customerName,
    customerPhone: demo.customerPhone,
    paymentMethodId: demo.paymentMethodId,
    paymentMethodName: demo.paymentMethodName,
    status,
    totalCents,
    fulfillment: demo.fulfillment,
    deliveryDistrict: demo.delivery?.district ?? "",
    customerAddress: demo.delivery?.address ?? "",
    deliveryReference: demo.delivery?.reference ?? "",
    deliveryFeeCents: feeCents,
    ...comprobanteColumns(demo.comprobante),
    receiptImage: receipt,
    receiptOperation: demo.receipt?.operation ?? "",
    receiptUploadedAt: demo.receipt ? stepAt(0.5) : null,
    paidAt: demo.paid ? stepAt(1) : null,
    paidAmountCents: demo.paid ? totalCents : null,
    paidMethodName: demo.paid ? demo.paymentMethodName : "",
    paidOperation: demo.paid ? "00457812" : "",
    paidByUserId: demo.paid ? adminId : null,
    createdAt: placedAt,
  });
  await tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: id,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      variantName: line.name,
      unitPriceCents: Number(line.priceCents),
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
    })),
  );
  const steps: (OrderStatus | null)[] = [null, "pendiente", ...demo.path];
  await tx.insert(orderStatusChanges).values(
    steps.slice(1).map((to, index) => ({
      orderId: id,
      fromStatus: steps[index]!,
      toStatus: to!,
      changedByUserId: index === 0 || demo.expired ? null : adminId,
      isAutomatic: Boolean(demo.expired) && index > 0,
      changedAt: stepAt(index),
    })),
  );
  if (demo.holdsStock) {
    for (const line of lines) {
      await tx
        .update(productVariants)
        .set({ stock: sql`greatest(${productVariants.stock} - ${line.quantity}, 0)` })
        .where(eq(productVariants.id, line.variantId));
    }
  }
}

/** Seeds the demo orders, once: right after the demo shop itself, inside its startup lock. */
export async function seedDemoOrders(db: Database, adminUsername: string): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, adminUsername));
  // The picture is written before the transaction: a failure leaves an unused file, never a half order.
  const stored = await storePrivateImage(await demoReceiptImage(), "receipts");
  await db.transaction(async (tx) => {
    for (const demo of demoOrders) {
      await insertDemoOrder(tx, demo, admin?.id ?? null, demo.receipt && stored.ok ? stored.fileName : null);
    }
  });
}
