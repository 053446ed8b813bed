import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { orders, type OrderStatus } from "~/db/schema";

import { limaDayStart, nextCivilDate } from "./order-admin";

// The 'Hoja de reparto' of a day: what the courier takes out and what the counter hands over.

/**
 * The deliveries that go out on a day: delivery orders the shop has accepted and not yet
 * delivered (Pagado, En preparación, En camino), placed up to that day. 'Pendiente de pago'
 * ones are left out: the shop has not accepted them yet (neither paid nor moved to En
 * preparación, which is how the owner accepts one paid on delivery) and the expiry may still
 * cancel them.
 */
const OUTGOING_STATUSES: OrderStatus[] = ["pagado", "en_preparacion", "en_camino"];

const sheetColumns = {
  id: orders.id,
  code: orders.code,
  status: orders.status,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  totalCents: orders.totalCents,
  isPaid: sql<boolean>`${orders.paidAt} is not null`,
};

/** What the courier collects: the total when unpaid, nothing when paid. */
function withAmountToCollect<Row extends { isPaid: boolean; totalCents: number }>(row: Row) {
  return { ...row, amountToCollectCents: row.isPaid ? 0 : row.totalCents };
}

function sumToCollect(rows: { amountToCollectCents: number }[]): number {
  return rows.reduce((sum, row) => sum + row.amountToCollectCents, 0);
}

const districtOrder = new Intl.Collator("es", { sensitivity: "base" });
// 'PED-999999' before 'PED-1000000'.
const codeOrder = new Intl.Collator("es", { numeric: true });

/** The day's deliveries, by district then code, and the pickup orders ready at the counter. */
export async function getDeliverySheet(day: string) {
  const db = getDb();
  const placedBy = lt(orders.createdAt, limaDayStart(nextCivilDate(day)));
  const [deliveryRows, pickupRows] = await Promise.all([
    db
      .select({
        ...sheetColumns,
        district: orders.deliveryDistrict,
        address: orders.customerAddress,
        reference: orders.deliveryReference,
      })
      .from(orders)
      .where(and(eq(orders.fulfillment, "delivery"), inArray(orders.status, OUTGOING_STATUSES), placedBy))
      .orderBy(asc(orders.code)),
    db
      .select(sheetColumns)
      .from(orders)
      .where(and(eq(orders.fulfillment, "pickup"), eq(orders.status, "listo_recoger"), placedBy))
      .orderBy(asc(orders.code)),
  ]);
  const deliveries = deliveryRows
    .map(withAmountToCollect)
    .sort((a, b) => districtOrder.compare(a.district, b.district) || codeOrder.compare(a.code, b.code));
  const pickups = pickupRows.map(withAmountToCollect).sort((a, b) => codeOrder.compare(a.code, b.code));
  return {
    day,
    deliveries,
    deliveriesToCollectCents: sumToCollect(deliveries),
    pickups,
    pickupsToCollectCents: sumToCollect(pickups),
  };
}

export type DeliverySheet = Awaited<ReturnType<typeof getDeliverySheet>>;
