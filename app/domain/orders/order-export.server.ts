import { asc, eq, inArray, min } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { type ComprobanteKind, type FulfillmentKind, orderLines, orders } from "~/db/schema";
import { orderStatusLabels } from "~/domain/account/order-status";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { discountLabel, formatDiscountLine } from "~/domain/discounts/discount-rules";
import { listOrderDiscounts } from "~/domain/discounts/order-discounts.server";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";
import { streamedTableWorkbook } from "~/lib/excel-writer.server";

import { exportFileName, type OrderExportQuery, type OrderListQuery } from "./order-admin";
import { orderFilterConditions } from "./order-admin.server";

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
  // Subtotal de productos − Descuentos + Costo de envío = Total del pedido (issue 44).
  { header: "Subtotal de productos", key: "productsSubtotal", width: 16, style: { numFmt: MONEY_FORMAT } },
  { header: "Descuentos", key: "discounts", width: 13, style: { numFmt: MONEY_FORMAT } },
  { header: "Descuentos aplicados", key: "discountLines", width: 36 },
  { header: "Total del pedido", key: "orderTotal", width: 16, style: { numFmt: MONEY_FORMAT } },
  { header: "Entrega", key: "fulfillment", width: 17 },
  { header: "Distrito", key: "district", width: 18 },
  { header: "Dirección", key: "address", width: 32 },
  { header: "Referencia", key: "reference", width: 24 },
  { header: "Costo de envío", key: "deliveryFee", width: 14, style: { numFmt: MONEY_FORMAT } },
  { header: "Comprobante", key: "comprobante", width: 12 },
  { header: "Documento", key: "document", width: 17 },
  { header: "Razón social", key: "businessName", width: 28 },
  { header: "Dirección fiscal", key: "fiscalAddress", width: 32 },
  { header: "Pago", key: "payment", width: 10 },
  { header: "Pagado el", key: "paidAt", width: 17, style: { numFmt: DATE_FORMAT } },
  { header: "Monto pagado", key: "paidAmount", width: 14, style: { numFmt: MONEY_FORMAT } },
  { header: "Operación", key: "paidOperation", width: 16 },
] as const;

const fulfillmentNames: Record<FulfillmentKind, string> = { delivery: "Delivery", pickup: "Recojo en tienda" };
const comprobanteNames: Record<ComprobanteKind, string> = { boleta: "Boleta", factura: "Factura" };
const documentTypeNames = { dni: "DNI", ce: "CE", ruc: "RUC" } as const;

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

/** What every line of an order repeats about it, read with the lines. */
const orderColumns = {
  code: orders.code,
  createdAt: orders.createdAt,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  customerEmail: orders.customerEmail,
  status: orders.status,
  paymentMethodName: orders.paymentMethodName,
  totalCents: orders.totalCents,
  discountCents: orders.discountCents,
  fulfillment: orders.fulfillment,
  deliveryDistrict: orders.deliveryDistrict,
  customerAddress: orders.customerAddress,
  deliveryReference: orders.deliveryReference,
  deliveryFeeCents: orders.deliveryFeeCents,
  comprobante: orders.comprobante,
  documentType: orders.documentType,
  documentNumber: orders.documentNumber,
  businessName: orders.businessName,
  fiscalAddress: orders.fiscalAddress,
  paidAt: orders.paidAt,
  paidAmountCents: orders.paidAmountCents,
  paidOperation: orders.paidOperation,
};

type ExportedOrder = { [K in keyof typeof orderColumns]: (typeof orders.$inferSelect)[K] };

/** The order's delivery, document and payment cells. */
function orderCells(row: ExportedOrder) {
  return {
    fulfillment: row.fulfillment ? fulfillmentNames[row.fulfillment] : "",
    district: row.deliveryDistrict,
    address: row.customerAddress,
    reference: row.deliveryReference,
    deliveryFee: row.deliveryFeeCents / 100,
    comprobante: row.comprobante ? comprobanteNames[row.comprobante] : "",
    document:
      row.documentType && row.documentNumber ? `${documentTypeNames[row.documentType]} ${row.documentNumber}` : "",
    businessName: row.businessName,
    fiscalAddress: row.fiscalAddress,
    payment: row.paidAt ? "Pagado" : "Sin pagar",
    paidAt: row.paidAt ? toLimaWallClock(row.paidAt) : null,
    paidAmount: row.paidAt && row.paidAmountCents !== null ? row.paidAmountCents / 100 : null,
    paidOperation: row.paidOperation,
  };
}

/** Each order's products subtotal (its lines' totals) and its discounts in one cell, for a page of orders. */
async function readOrderSums(db: Database, rows: { id: number; lineTotalCents: number }[]) {
  const subtotals = new Map<number, number>();
  for (const row of rows) subtotals.set(row.id, (subtotals.get(row.id) ?? 0) + row.lineTotalCents);
  const discountLines = new Map<number, string[]>();
  for (const discount of await listOrderDiscounts(db, [...subtotals.keys()])) {
    const line = formatDiscountLine({ label: discountLabel(discount), amountCents: discount.amountCents });
    discountLines.set(discount.orderId, [...(discountLines.get(discount.orderId) ?? []), line]);
  }
  return {
    subtotalOf: (orderId: number) => subtotals.get(orderId) ?? 0,
    discountsOf: (orderId: number) => (discountLines.get(orderId) ?? []).join("; "),
  };
}

/**
 * The orders of a Lima date range (and the list's status, payment and delivery filters) as
 * an .xlsx, one row per order line, oldest first, with dates and soles as real Excel numbers.
 */
export async function exportOrdersWorkbook(
  query: Partial<OrderExportQuery>,
  now = new Date(),
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const range = await resolveRange({ from: query.from ?? null, to: query.to ?? null }, now);
  const where = orderFilterConditions({
    status: query.status ?? null,
    payment: query.payment ?? null,
    fulfillment: query.fulfillment ?? null,
    from: range.from,
    to: range.to,
  });
  // The orders' ids first (a few bytes each), then their lines a page of orders at a time,
  // each row written as it comes (`~/lib/excel-writer.server`): an export of every order
  // since the shop opened holds one page, not years of lines.
  const db = getDb();
  const orderIds = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const { sheet, finish } = await streamedTableWorkbook("Pedidos", columns, now);
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_PAGE) {
    const page = orderIds.slice(start, start + ORDERS_PER_PAGE).map((order) => order.id);
    const rows = await db
      .select({
        ...orderColumns,
        id: orders.id,
        title: orderLineTitle,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(inArray(orders.id, page))
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.id));
    const sums = await readOrderSums(db, rows);
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
          productsSubtotal: sums.subtotalOf(row.id) / 100,
          discounts: row.discountCents / 100,
          discountLines: sums.discountsOf(row.id),
          orderTotal: row.totalCents / 100,
          ...orderCells(row),
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
