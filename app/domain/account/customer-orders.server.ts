import { and, asc, desc, eq, inArray } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { addCartLine, discardNewCart, ensureCart } from "~/domain/cart/cart.server";
import { listDownloadableDocuments } from "~/domain/invoicing/order-documents.server";
import { orderLineTitle } from "~/domain/orders/order-line-title.server";

/** The customer's own orders, newest first, with their lines and comprobantes. */
export async function listCustomerOrders(userId: string) {
  const db = getDb();
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentMethodName: orders.paymentMethodName,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, documents] = await Promise.all([
    db
      .select({ orderId: orderLines.orderId, title: orderLineTitle, quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id)),
    listDownloadableDocuments(ids),
  ]);
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.orderId === row.id),
    /** Its comprobantes electrónicos to download (issue 46). */
    documents: documents.filter((document) => document.orderId === row.id),
  }));
}

/**
 * 'Volver a pedir': puts an order's products back in the cart, as many as the stock
 * allows. Only the customer's own orders; returns null for anyone else's.
 */
export async function reorder(
  request: Request,
  userId: string,
  orderId: number,
  requestContext?: object,
): Promise<{ added: string[]; skipped: string[]; setCookie: string | null } | null> {
  const db = getDb();
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const lines = await db
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      title: orderLineTitle,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const { cartId, isNew, setCookie } = await ensureCart(request, userId, requestContext);
  const added: string[] = [];
  const skipped: string[] = [];
  for (const line of lines) {
    if (line.productId === null) {
      skipped.push(line.title);
      continue;
    }
    // The same presentación as ordered ('15 kg'), not whichever the product has now.
    const item = { productId: line.productId, variantId: line.variantId ?? undefined };
    let result = await addCartLine(cartId, { ...item, quantity: line.quantity });
    if (result.status === "exceeds-stock" && result.available > result.inCart) {
      result = await addCartLine(cartId, { ...item, quantity: result.available - result.inCart });
    }
    if (result.status === "added") added.push(line.title);
    else skipped.push(line.title);
  }
  if (added.length === 0) {
    // Nothing could be added: no new empty cart, and no cookie for it.
    if (isNew) await discardNewCart(cartId, requestContext);
    return { added, skipped, setCookie: null };
  }
  return { added, skipped, setCookie };
}
