// 'Avísame cuando haya stock': a shopper leaves an e-mail on a sold-out presentación. Anyone can
// type anyone's address, so the subscription waits, unconfirmed, until the address's owner
// follows the link of the one e-mail it sends (issue 41). Once confirmed, when its stock comes
// back (the editor, an import, a cancelled order), the subscriber gets one e-mail with the
// product's link, and the subscription ends.
import { randomBytes } from "node:crypto";

import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";

import { readConfig } from "~/config.server";
import { type Database, getDb } from "~/db/client.server";
import { products, productVariants, stockAlerts } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { inBackground } from "~/lib/background-work.server";
import { logError, logInfo } from "~/lib/log.server";
import { sendMail } from "~/lib/mail.server";
import type { MailContent } from "~/lib/mail-template";
import { normalizeMailbox } from "~/lib/mailbox";
import { escapeHtml } from "~/lib/text";

import { buildProductPath } from "./catalog-paths";
import { lineTitle } from "./variant-display";

export const STOCK_ALERT_SUBSCRIBED_MESSAGE = "Te enviamos un correo para confirmar el aviso.";
const STOCK_ALERT_EMAIL_MESSAGE = "Escribe un correo electrónico válido.";
export const STOCK_ALERT_IN_STOCK_MESSAGE = "Esta presentación ya tiene stock: puedes agregarla al carrito.";
export const STOCK_ALERT_UNKNOWN_MESSAGE = "Esta presentación ya no está a la venta.";

/**
 * How long a confirmation link works. An unconfirmed subscription holds an address nobody
 * vouched for, so the housekeeping forgets it after that (forgetUnconfirmedStockAlerts).
 */
const STOCK_ALERT_CONFIRM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What createToken makes (and what migration 0019 gave older rows); anything else is not looked up. */
const TOKEN_PATTERN = /^[\w-]{16,64}$/;

function createToken(): string {
  return randomBytes(24).toString("base64url");
}

export const stockAlertSchema = z.object({
  variantId: z.coerce.number<string>().int().positive().max(2_147_483_647),
  email: z.string().trim().toLowerCase().max(254, STOCK_ALERT_EMAIL_MESSAGE).pipe(z.email(STOCK_ALERT_EMAIL_MESSAGE)),
});

export type StockAlertResult = "subscribed" | "in-stock" | "unknown";

/** The confirmation's e-mail: nothing in it was typed by the visitor but the address it goes to. */
function buildStockAlertConfirmation(product: string, shopName: string, confirmUrl: string) {
  const content: MailContent = {
    heading: "Confirma tu aviso de stock",
    paragraphs: [
      `Pediste que te avisemos por correo cuando vuelva a haber stock de ${product} en ${shopName}.`,
      "Confirma el aviso con el botón. Hasta entonces no te escribiremos nada más.",
    ],
    action: { label: "Confirmar el aviso", url: confirmUrl },
    note:
      `El enlace vence en ${STOCK_ALERT_CONFIRM_DAYS} días. ` +
      "Si no lo pediste tú, ignora este correo: sin tu confirmación no recibirás avisos.",
  };
  return { subject: "Confirma tu aviso de stock", content };
}

function confirmationUrl(token: string): string {
  return `${readConfig().appUrl.replace(/\/+$/, "")}${href("/aviso-stock/confirmar")}?t=${token}`;
}

async function sendConfirmation(to: string, token: string, product: string): Promise<void> {
  const { shopName } = await getShopSettings();
  const mail = buildStockAlertConfirmation(product, shopName, confirmationUrl(token));
  await sendShopMail(to, mail.subject, mail.content, { isVisitorRequest: true });
}

/**
 * Subscribes an e-mail to a sold-out presentación of the product, unconfirmed, and mails the
 * link that confirms it. Every spelling of one inbox (plus-addresses, Gmail's dots) is one
 * subscription; asking again before confirming sends the link again (counted against the
 * inbox's daily cap, requested-mail.server.ts), after confirming sends nothing. The answer is
 * the same in every case and comes before the e-mail leaves, so the form tells nothing about
 * who else subscribed. A presentación with stock, of another product or off sale is refused.
 */
export async function subscribeStockAlert(input: {
  productId: number;
  variantId: number;
  email: string;
}): Promise<StockAlertResult> {
  const db = getDb();
  const [variant] = await db
    .select({ stock: productVariants.stock, title: products.title, name: productVariants.name })
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
  const [pending] = await db
    .insert(stockAlerts)
    .values({
      variantId: input.variantId,
      email: input.email,
      mailbox: normalizeMailbox(input.email),
      token: createToken(),
    })
    .onConflictDoUpdate({
      target: [stockAlerts.variantId, stockAlerts.mailbox],
      // A new request restarts the link's days; a confirmed subscription is left as it is.
      set: { createdAt: new Date() },
      setWhere: isNull(stockAlerts.confirmedAt),
    })
    .returning({ email: stockAlerts.email, token: stockAlerts.token });
  if (pending) {
    inBackground(
      sendConfirmation(pending.email, pending.token, lineTitle(variant.title, variant.name)).catch((error: unknown) =>
        logError("stock alert confirmation failed", error),
      ),
    );
  }
  return "subscribed";
}

/** Forgets the subscriptions nobody confirmed before their link expired; answers how many. */
export async function forgetUnconfirmedStockAlerts(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STOCK_ALERT_CONFIRM_DAYS * DAY_MS);
  const forgotten = await db
    .delete(stockAlerts)
    .where(and(isNull(stockAlerts.confirmedAt), lt(stockAlerts.createdAt, cutoff)))
    .returning({ id: stockAlerts.id });
  return forgotten.length;
}

/** What the confirmation link's page shows: the presentación, and whether it is confirmed yet. */
export type StockAlertLink = { isConfirmed: boolean; product: string; productPath: string };

/** A link's subscription: a confirmed one, or an unconfirmed one whose link has not expired. */
function isLinkValid(token: string, now: Date) {
  return and(
    eq(stockAlerts.token, token),
    or(
      isNotNull(stockAlerts.confirmedAt),
      gt(stockAlerts.createdAt, new Date(now.getTime() - STOCK_ALERT_CONFIRM_DAYS * DAY_MS)),
    ),
  );
}

/** The subscription a confirmation link names; null for a forged, expired or finished one. */
export async function readStockAlertLink(token: string, now: Date = new Date()): Promise<StockAlertLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await getDb()
    .select({
      confirmedAt: stockAlerts.confirmedAt,
      variantId: stockAlerts.variantId,
      productId: products.id,
      title: products.title,
      name: productVariants.name,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(isLinkValid(token, now));
  if (!row) return null;
  return {
    isConfirmed: row.confirmedAt !== null,
    product: lineTitle(row.title, row.name),
    productPath: `${buildProductPath(row.productId)}?presentacion=${row.variantId}`,
  };
}

/**
 * Confirms the subscription of a link (again is harmless). Its stock may already be back by
 * then: the restock e-mail is sent at once in that case, since the restock itself skipped it.
 */
export async function confirmStockAlert(token: string, now: Date = new Date()): Promise<StockAlertLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [confirmed] = await getDb()
    .update(stockAlerts)
    .set({ confirmedAt: now })
    .where(and(isLinkValid(token, now), isNull(stockAlerts.confirmedAt)))
    .returning({ variantId: stockAlerts.variantId });
  // Read before the restock e-mail may end the subscription.
  const link = await readStockAlertLink(token, now);
  if (confirmed) sendDueStockAlertsLater([confirmed.variantId]);
  return link;
}

type ClaimedAlert = Pick<
  typeof stockAlerts.$inferSelect,
  "id" | "email" | "mailbox" | "token" | "confirmedAt" | "variantId"
>;
type DueAlert = ClaimedAlert & { productId: number; title: string; name: string };

/**
 * Claims the confirmed subscriptions of presentaciones that have stock again (of `variantIds`,
 * or all): deleting them first means two callers never mail one shopper twice.
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
        isNotNull(stockAlerts.confirmedAt),
        gt(productVariants.stock, 0),
        eq(productVariants.isArchived, false),
        eq(products.isArchived, false),
        variantIds ? inArray(stockAlerts.variantId, variantIds) : undefined,
      ),
    );
  const claimed = await getDb().delete(stockAlerts).where(inArray(stockAlerts.id, due)).returning({
    id: stockAlerts.id,
    email: stockAlerts.email,
    mailbox: stockAlerts.mailbox,
    token: stockAlerts.token,
    confirmedAt: stockAlerts.confirmedAt,
    variantId: stockAlerts.variantId,
  });
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

function buildStockAlertEmail(alert: { title: string; name: string }, link: string, shopName: string) {
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
 * Mails every confirmed shopper waiting for a presentación that has stock again, once. Called
 * after a write that can bring stock back has committed; a failed e-mail keeps its
 * subscription for the next time. Answers how many were sent. Not counted against the inbox's
 * daily cap: its owner asked for it by following the confirmation link, and a withheld alert
 * would be lost for good.
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
      const { variantId, email, mailbox, token, confirmedAt } = alert;
      await getDb().insert(stockAlerts).values({ variantId, email, mailbox, token, confirmedAt }).onConflictDoNothing();
    }
  }
  logInfo("stock alerts sent", { sent });
  return sent;
}

/** Runs sendDueStockAlerts without making the caller wait or fail on it. */
export function sendDueStockAlertsLater(variantIds?: number[]): void {
  inBackground(sendDueStockAlerts(variantIds).catch((error: unknown) => logError("stock alerts failed", error)));
}
