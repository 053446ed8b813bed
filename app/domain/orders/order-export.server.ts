import { and, asc, eq, gte, inArray, lt, min, type SQL } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { orderLines, orders, type OrderStatus } from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { streamedTableWorkbook } from "~/lib/excel-writer.server";

import { exportFileName, limaDayStart, nextCivilDate, type OrderListQuery } from "./order-admin";

const MONEY_FORMAT = '"S/" #,##0.00';
const DATE_FORMAT = "dd/mm/yyyy hh:mm";
const LIMA_OFFSET_MS = 5 * 60 * 60 * 1000;
/** How many orders' lines the export reads at a time. */
const ORDERS_PER_PAGE = 500;

const columns = [
  { header: "Código", key: "code", width: 13 },
  { header: "Fecha", key: "date", width: 17, style: { numFmt: DATE_FORMAT } },
  { header: "Cliente", key: "customer", width: 28 },
  { header: "Teléfono", key: "phone", width: 15 },
  { header: "Correo", key: "email", width: 28 },
  { header: "Estado", key: "status", width: 12 },
  { header: "Método de pago", key: "paymentMethod", width: 22 },
  { header: "Producto", key: "product", width: 42 },
  { header: "Cantidad", key: "quantity", width: 10, style: { numFmt: "0" } },
  { header: "Precio unitario", key: "unitPrice", width: 15, style: { numFmt: MONEY_FORMAT } },
  { header: "Total de la línea", key: "lineTotal", width: 16, style: { numFmt: MONEY_FORMAT } },
  { header: "Total del pedido", key: "orderTotal", width: 16, style: { numFmt: MONEY_FORMAT } },
] as const;

/**
 * Excel dates carry no time zone and are read as wall-clock time: the Date handed to
 * exceljs is shifted so its UTC fields are Lima's (UTC−5 all year).
 */
function toLimaWallClock(instant: Date): Date {
  return new Date(instant.getTime() - LIMA_OFFSET_MS);
}

/** The range actually exported: an open start is the first order's day, an open end today (Lima). */
async function resolveRange(query: Pick<OrderListQuery, "from" | "to">, now: Date) {
  const today = getLimaDate(now);
  if (query.from) return { from: query.from, to: query.to ?? today };
  const [first] = await getDb()
    .select({ at: min(orders.createdAt) })
    .from(orders);
  const firstDay = first?.at ? getLimaDate(new Date(first.at)) : today;
  const to = query.to ?? today;
  return { from: firstDay < to ? firstDay : to, to };
}

/**
 * The orders of a Lima date range (and status, when filtered) as an .xlsx, one row per
 * order line, oldest first, with dates and soles as real Excel numbers.
 */
export async function exportOrdersWorkbook(
  query: { status: OrderStatus | null; from: string | null; to: string | null },
  now = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const range = await resolveRange(query, now);
  const conditions: SQL[] = [
    gte(orders.createdAt, limaDayStart(range.from)),
    lt(orders.createdAt, limaDayStart(nextCivilDate(range.to))),
  ];
  if (query.status) conditions.push(eq(orders.status, query.status));
  // The orders' ids first (a few bytes each), then their lines a page of orders at a time,
  // each row written as it comes (`~/lib/excel-writer.server`): an export of every order
  // since the shop opened holds one page, not years of lines.
  const db = getDb();
  const orderIds = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const { sheet, finish } = await streamedTableWorkbook("Pedidos", columns, now);
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_PAGE) {
    const page = orderIds.slice(start, start + ORDERS_PER_PAGE).map((order) => order.id);
    const rows = await db
      .select({
        code: orders.code,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        customerEmail: orders.customerEmail,
        status: orders.status,
        paymentMethodName: orders.paymentMethodName,
        totalCents: orders.totalCents,
        title: orderLineTitle,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(inArray(orders.id, page))
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.id));
    for (const row of rows) {
      sheet
        .addRow({
          code: row.code,
          date: toLimaWallClock(row.createdAt),
          customer: row.customerName,
          phone: row.customerPhone,
          email: row.customerEmail,
          status: orderStatusLabels[row.status],
          paymentMethod: row.paymentMethodName,
          product: row.title,
          quantity: row.quantity,
          unitPrice: row.unitPriceCents / 100,
          lineTotal: row.lineTotalCents / 100,
          orderTotal: row.totalCents / 100,
        })
        .commit();
    }
  }
  const bytes = await finish();
  return {
    bytes,
    fileName: exportFileName(range.from, range.to),
  };
}
