// 'Avísame cuando haya stock': a shopper leaves an e-mail on a sold-out presentación; when
// its stock comes back (the editor, an import, a cancelled order), each subscriber gets one
// e-mail with the product's link, and the subscription ends.
import { and, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { products, productVariants, stockAlerts } from "~/db/schema";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError, logInfo } from "~/lib/log.server";
import { sendMail } from "~/lib/mail.server";
import { escapeHtml } from "~/lib/text";

import { buildProductPath } from "./catalog-paths";
import { lineTitle } from "./presentacion-display";

export const STOCK_ALERT_SUBSCRIBED_MESSAGE = "Te avisaremos por correo cuando vuelva a haber stock.";
export const STOCK_ALERT_EMAIL_MESSAGE = "Escribe un correo electrónico válido.";
export const STOCK_ALERT_IN_STOCK_MESSAGE = "Esta presentación ya tiene stock: puedes agregarla al carrito.";
export const STOCK_ALERT_UNKNOWN_MESSAGE = "Esta presentación ya no está a la venta.";

export const stockAlertSchema = z.object({
  variantId: z.coerce.number<string>().int().positive().max(2_147_483_647),
  email: z.string().trim().toLowerCase().max(254, STOCK_ALERT_EMAIL_MESSAGE).pipe(z.email(STOCK_ALERT_EMAIL_MESSAGE)),
});

export type StockAlertResult = "subscribed" | "in-stock" | "unknown";

/**
 * Subscribes an e-mail to a sold-out presentación of the product. The same e-mail twice is
 * one subscription (the second is answered the same, so the form tells nothing about who
 * else subscribed). A presentación with stock, of another product or off sale is refused.
 */
export async function subscribeStockAlert(input: {
  productId: number;
  variantId: number;
  email: string;
}): Promise<StockAlertResult> {
  const db = getDb();
  const [variant] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.id, input.variantId),
        eq(productVariants.productId, input.productId),
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
      ),
    );
  if (!variant) return "unknown";
  if (variant.stock > 0) return "in-stock";
  await db.insert(stockAlerts).values({ variantId: input.variantId, email: input.email }).onConflictDoNothing();
  return "subscribed";
}

type DueAlert = { id: number; email: string; variantId: number; productId: number; title: string; name: string };

/**
 * Claims the subscriptions of presentaciones that have stock again (of `variantIds`, or all):
 * deleting them first means two callers never mail one shopper twice.
 */
async function claimDueAlerts(variantIds?: number[]): Promise<DueAlert[]> {
  if (variantIds && variantIds.length === 0) return [];
  const due = getDb()
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        gt(productVariants.stock, 0),
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
        variantIds ? inArray(stockAlerts.variantId, variantIds) : undefined,
      ),
    );
  const claimed = await getDb()
    .delete(stockAlerts)
    .where(inArray(stockAlerts.id, due))
    .returning({ id: stockAlerts.id, email: stockAlerts.email, variantId: stockAlerts.variantId });
  if (claimed.length === 0) return [];
  const names = await getDb()
    .select({
      variantId: productVariants.id,
      productId: products.id,
      title: products.title,
      name: productVariants.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(claimed.map((alert) => alert.variantId))]));
  return claimed.flatMap((alert) => {
    const named = names.find((row) => row.variantId === alert.variantId);
    return named ? [{ ...alert, ...named }] : [];
  });
}

export function buildStockAlertEmail(alert: { title: string; name: string }, link: string, shopName: string) {
  const product = lineTitle(alert.title, alert.name);
  const text = [
    `¡Buenas noticias! Volvió a haber stock de ${product} en ${shopName}.`,
    "",
    `Míralo aquí: ${link}`,
    "",
    "Te escribimos porque pediste que te avisáramos. Este es el único aviso que recibirás por este producto.",
  ].join("\n");
  const html = `<p>¡Buenas noticias! Volvió a haber stock de <strong>${escapeHtml(product)}</strong> en ${escapeHtml(shopName)}.</p>
<p><a href="${escapeHtml(link)}">Ver el producto</a></p>
<p>Te escribimos porque pediste que te avisáramos. Este es el único aviso que recibirás por este producto.</p>`;
  return { subject: `Ya hay stock: ${product}`, text, html };
}

/**
 * Mails every shopper waiting for a presentación that has stock again, once. Called after a
 * write that can bring stock back has committed; a failed e-mail keeps its subscription for
 * the next time. Answers how many were sent.
 */
export async function sendDueStockAlerts(variantIds?: number[]): Promise<number> {
  const alerts = await claimDueAlerts(variantIds);
  if (alerts.length === 0) return 0;
  const { shopName } = await getShopSettings();
  const origin = readConfig().appUrl;
  let sent = 0;
  for (const alert of alerts) {
    const link = `${origin}${buildProductPath(alert.productId)}?presentacion=${alert.variantId}`;
    try {
      await sendMail({ to: alert.email, ...buildStockAlertEmail(alert, link, shopName) }, () => {});
      sent += 1;
    } catch (error) {
      logError("stock alert e-mail failed", error);
      await getDb()
        .insert(stockAlerts)
        .values({ variantId: alert.variantId, email: alert.email })
        .onConflictDoNothing();
    }
  }
  logInfo("stock alerts sent", { sent });
  return sent;
}

/** Runs sendDueStockAlerts without making the caller wait or fail on it. */
export function sendDueStockAlertsLater(variantIds?: number[]): void {
  void sendDueStockAlerts(variantIds).catch((error: unknown) => logError("stock alerts failed", error));
}
