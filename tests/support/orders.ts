// Orders written straight into the database for the back office's tests: the checkout is
// not involved, but the units are taken from the presentaciones as an order takes them, so a
// cancellation's units coming back can be counted.
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import {
  orderDiscounts,
  orderLines,
  orders,
  type OrderStatus,
  orderStatusChanges,
  products,
  productVariants,
} from "~/db/schema";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { formatOrderCode } from "~/domain/orders/order";
import { createOrderAccessToken } from "~/domain/orders/order-access.server";

export type TestOrderInput = {
  /** Units of each product's first live presentación. */
  lines: { productId: number; quantity: number }[];
  /** Written as is, with only the 'Pedido recibido' history entry (a fixture, not a transition). */
  status?: OrderStatus;
  createdAt?: Date;
  /** What the order's discounts took off, copied as checkout copies them; the total is what is left. */
  discounts?: Omit<typeof orderDiscounts.$inferInsert, "id" | "orderId">[];
  /** Any other column: customer, delivery, document, receipt, payment… */
  columns?: Partial<Omit<typeof orders.$inferInsert, "id" | "code" | "status" | "totalCents" | "createdAt">>;
};

export type TestOrder = { id: number; code: string; totalCents: number; accessToken: string };

let phoneCounter = 0;

/** Inserts an order with its lines, taking its units; its total: the lines plus the delivery fee less the discounts. */
export async function insertTestOrder(db: Database, input: TestOrderInput): Promise<TestOrder> {
  return db.transaction(async (tx) => {
    const productIds = [...new Set(input.lines.map((line) => line.productId))].sort((a, b) => a - b);
    const locked = await tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for("update");
    const priced = [];
    for (const line of input.lines) {
      const [variant] = await tx
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.productId, line.productId), eq(productVariants.isArchived, false)))
        .orderBy(asc(productVariants.sortOrder), asc(productVariants.id))
        .limit(1);
      if (!variant) throw new Error(`No live presentación for product ${line.productId}`);
      const taken = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(and(eq(productVariants.id, variant.id), gte(productVariants.stock, line.quantity)))
        .returning({ id: productVariants.id });
      if (taken.length === 0) throw new Error(`Not enough stock of product ${line.productId}`);
      const unitPriceCents = getUnitPriceCents(variant);
      priced.push({ ...line, variantId: variant.id, unitPriceCents, lineTotalCents: unitPriceCents * line.quantity });
    }
    const sequence = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id`,
    )) as unknown as { rows: { id: number }[] };
    const id = Number(sequence.rows[0]!.id);
    const code = formatOrderCode(id);
    const accessToken = createOrderAccessToken();
    const feeCents = input.columns?.deliveryFeeCents ?? 0;
    const discountCents = (input.discounts ?? []).reduce((sum, discount) => sum + discount.amountCents, 0);
    const totalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0) + feeCents - discountCents;
    phoneCounter += 1;
    await tx.insert(orders).values({
      customerName: "Ana Torres",
      customerPhone: `987 ${String(phoneCounter).padStart(6, "0")}`,
      paymentMethodId: "yape",
      paymentMethodName: "Yape",
      accessToken,
      ...input.columns,
      id,
      code,
      status: input.status ?? "pendiente",
      totalCents,
      discountCents,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    });
    await tx.insert(orderLines).values(
      priced.map((line) => ({
        orderId: id,
        productId: line.productId,
        variantId: line.variantId,
        title: locked.find((product) => product.id === line.productId)?.title ?? "",
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
      })),
    );
    if (input.discounts?.length) {
      await tx.insert(orderDiscounts).values(input.discounts.map((discount) => ({ ...discount, orderId: id })));
    }
    await tx
      .insert(orderStatusChanges)
      .values({ orderId: id, fromStatus: null, toStatus: input.status ?? "pendiente" });
    return { id, code, totalCents, accessToken };
  });
}
