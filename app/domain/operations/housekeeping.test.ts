import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, getTableColumns, getTableName, inArray, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import * as schema from "~/db/schema";
import {
  carts,
  orders,
  orderStatusChanges,
  pageContents,
  products,
  searchDays,
  sessions,
  signInFailures,
  users,
  verifications,
} from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { placeOrder } from "~/domain/orders/order.server";
import { normalizeForSearch } from "~/lib/text";
import { setUpTestDatabase } from "~test/test-database";

import { findReferencedUploads, HOUSEKEEPING, IMAGE_REFERENCE_COLUMNS, runHousekeeping } from "./housekeeping.server";

const { handle } = setUpTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-23T12:00:00Z");
let dataDir: string;

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "patitas-housekeeping-"));
});

function daysAgo(days: number): Date {
  return new Date(NOW.getTime() - days * DAY);
}

/** Writes a file whose modification time is `days` before NOW. */
function writeAged(file: string, days: number, content = "x"): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  const time = daysAgo(days);
  utimesSync(file, time, time);
}

function uploadFiles(hash: string, days: number): void {
  for (const width of [320, 640, 1200]) writeAged(path.join(dataDir, "uploads", `${hash}-${width}.webp`), days);
}

function uploadsLeft(): string[] {
  return existsSync(path.join(dataDir, "uploads")) ? readdirSync(path.join(dataDir, "uploads")).sort() : [];
}

const hash = (letter: string) => letter.repeat(32);

describe(`housekeeping (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  test("deletes carts idle past the cookie's life, expired sessions and links, and day-old failed sign-ins; keeps the rest", async () => {
    const db = handle().db;
    const old = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    const recent = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    const [variant] = await db
      .select({ id: schema.productVariants.id, productId: schema.productVariants.productId })
      .from(schema.productVariants)
      .limit(1);
    await db
      .insert(schema.cartLines)
      .values({ cartId: old.cartId, productId: variant!.productId, variantId: variant!.id, quantity: 1 });
    await db
      .update(carts)
      .set({ updatedAt: daysAgo(HOUSEKEEPING.cartIdleDays + 1) })
      .where(eq(carts.id, old.cartId));
    await db
      .update(carts)
      .set({ updatedAt: daysAgo(HOUSEKEEPING.cartIdleDays - 1) })
      .where(eq(carts.id, recent.cartId));

    const [user] = await db
      .insert(users)
      .values({ id: "limpieza-1", name: "Limpieza", email: "limpieza@example.pe", emailVerified: true })
      .returning({ id: users.id });
    await db.insert(sessions).values([
      { id: "s-expired", token: "t-expired", userId: user!.id, expiresAt: daysAgo(1) },
      { id: "s-live", token: "t-live", userId: user!.id, expiresAt: new Date(NOW.getTime() + DAY) },
    ]);
    await db.insert(verifications).values([
      { id: "v-expired", identifier: "reset-password:a", value: "x", expiresAt: daysAgo(0.1) },
      { id: "v-live", identifier: "reset-password:b", value: "x", expiresAt: new Date(NOW.getTime() + 3600_000) },
    ]);

    await db.insert(signInFailures).values([
      {
        account: "admin",
        ip: "203.0.113.1",
        failedAt: new Date(NOW.getTime() - (HOUSEKEEPING.signInFailureHours + 1) * 3600_000),
      },
      { account: "admin", ip: "203.0.113.2", failedAt: new Date(NOW.getTime() - 3600_000) },
    ]);

    const report = await runHousekeeping(db, { dataDir, now: NOW });

    expect(report).toMatchObject({ carts: 1, sessions: 1, verifications: 1, signInFailures: 1 });
    expect((await db.select({ ip: signInFailures.ip }).from(signInFailures)).map((row) => row.ip)).toEqual([
      "203.0.113.2",
    ]);
    const cartIds = (
      await db
        .select({ id: carts.id })
        .from(carts)
        .where(inArray(carts.id, [old.cartId, recent.cartId]))
    ).map((row) => row.id);
    expect(cartIds).toEqual([recent.cartId]);
    expect(await db.select().from(schema.cartLines).where(eq(schema.cartLines.cartId, old.cartId))).toEqual([]);
    expect(
      (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user!.id))).map((row) => row.id),
    ).toEqual(["s-live"]);
    expect((await db.select({ id: verifications.id }).from(verifications)).map((row) => row.id)).toEqual(["v-live"]);
  });

  test("cancels the orders nobody paid in time, and forgets orders' client addresses after two days", async () => {
    const db = handle().db;
    const [product] = await db.select({ id: products.id, stock: products.stock }).from(products).limit(1);
    const place = async (hoursBeforeNow: number, phone: string) => {
      const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
      await addCartLine(cartId, { productId: product!.id, quantity: 2 });
      const placed = await placeOrder({
        cartId,
        userId: null,
        clientIp: "203.0.113.33",
        paymentMethodId: "yape",
        customerName: "Ana Torres",
        customerPhone: phone,
      });
      if (placed.status !== "placed") throw new Error(`not placed: ${placed.status}`);
      await db
        .update(orders)
        .set({ createdAt: new Date(NOW.getTime() - hoursBeforeNow * 3600_000) })
        .where(eq(orders.id, placed.orderId));
      return placed.orderId;
    };
    // 'Horas para pagar' is 48 by default.
    const unpaid = await place(50, "911 000 001");
    const recent = await place(1, "911 000 002");
    const confirmed = await place(72, "911 000 003");
    await db.update(orders).set({ status: "en_preparacion" }).where(eq(orders.id, confirmed));

    const report = await runHousekeeping(db, { dataDir, now: NOW });

    expect(report).toMatchObject({ expiredOrders: 1, orderClientIps: 2 });
    const rows = await db
      .select({ id: orders.id, status: orders.status, clientIp: orders.clientIp })
      .from(orders)
      .where(inArray(orders.id, [unpaid, recent, confirmed]))
      .orderBy(orders.id);
    expect(rows).toEqual([
      { id: unpaid, status: "cancelado", clientIp: null },
      { id: recent, status: "pendiente", clientIp: "203.0.113.33" },
      { id: confirmed, status: "en_preparacion", clientIp: null },
    ]);
    const [after] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product!.id));
    // Six units ordered, the unpaid order's two back.
    expect(after!.stock).toBe(product!.stock - 4);
    const automatic = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.isAutomatic, true));
    expect(automatic.map((change) => change.orderId)).toEqual([unpaid]);
  });

  test("an add to an existing cart sends its cookie again, so it lives 60 days from the last add", async () => {
    const first = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    const cookie = first.setCookie.split(";")[0]!;
    const again = await ensureCart(new Request("http://localhost:3000/carrito", { headers: { Cookie: cookie } }), null);
    expect(again).toMatchObject({ cartId: first.cartId, isNew: false });
    expect(again.setCookie.split(";")[0]).toBe(cookie);
    expect(again.setCookie).toMatch(/Max-Age=5184000/);
    expect(HOUSEKEEPING.cartIdleDays).toBeGreaterThan(60);
  });

  test("removes outbox e-mails older than a month, nothing else there", async () => {
    const outbox = path.join(dataDir, "outbox");
    writeAged(path.join(outbox, "old.eml"), HOUSEKEEPING.outboxDays + 1);
    writeAged(path.join(outbox, "recent.eml"), HOUSEKEEPING.outboxDays - 1);
    writeAged(path.join(outbox, "notes.txt"), 400);

    const report = await runHousekeeping(handle().db, { dataDir, now: NOW });

    expect(report?.outboxFiles).toBe(1);
    expect(readdirSync(outbox).sort()).toEqual(["notes.txt", "recent.eml"]);
  });

  test("forgets the searches counted more than 400 days ago in Lima: a year's report keeps all its searches", async () => {
    const db = handle().db;
    // NOW is 07:00 of 23 November 2026 in Lima: 400 days before is 19 October 2025.
    await db.insert(searchDays).values([
      { day: "2025-10-18", query: "collar de cuero" },
      { day: "2025-10-19", query: "collar" },
      { day: "2026-11-22", query: "arena" },
    ]);

    const report = await runHousekeeping(db, { dataDir, now: NOW });

    expect(HOUSEKEEPING.searchDayDays).toBe(400);
    expect(report?.searchDays).toBe(1);
    const left = await db.select({ day: searchDays.day, query: searchDays.query }).from(searchDays);
    expect(left.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: "2025-10-19", query: "collar" },
      { day: "2026-11-22", query: "arena" },
    ]);
  });

  test("rebuilds the search's vocabulary when asked (startHousekeeping: once a day): a renamed product's old words go", async () => {
    const db = handle().db;
    const words = async () =>
      (await db.select({ word: schema.searchWords.word }).from(schema.searchWords)).map((row) => row.word);
    const [product] = await db.select().from(products).limit(1);
    await db.update(products).set({ title: "Bebedero Zanahoria" }).where(eq(products.id, product!.id));
    await db.update(products).set({ title: product!.title }).where(eq(products.id, product!.id));
    expect(await words()).toContain("zanahoria");

    const skipped = await runHousekeeping(db, { dataDir, now: NOW, refreshSearchWords: false });
    expect(skipped?.searchWords).toBe(0);
    expect(await words()).toContain("zanahoria");

    const report = await runHousekeeping(db, { dataDir, now: NOW });
    expect(report?.searchWords).toBeGreaterThanOrEqual(1);
    expect(await words()).not.toContain("zanahoria");
    expect(await words()).toContain(normalizeForSearch(product!.title).split(" ")[0]);
  });

  test("an image no row names is deleted a day after it was first found unnamed, if a week old; named ones stay", async () => {
    const db = handle().db;
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db
      .update(products)
      .set({ image: `/uploads/${hash("a")}-1200.webp` })
      .where(eq(products.id, product!.id));
    const [home] = await db.select().from(pageContents).where(eq(pageContents.key, "home"));
    await db
      .update(pageContents)
      .set({ content: { ...home!.content, heroImage: `/uploads/${hash("b")}-640.webp` } })
      .where(eq(pageContents.key, "home"));
    uploadFiles(hash("a"), 300); // a product's picture
    uploadFiles(hash("b"), 300); // named inside a page's content
    uploadFiles(hash("c"), 300); // replaced long ago, named nowhere
    uploadFiles(hash("d"), 2); // chosen in an editor two days ago, not saved yet
    writeAged(path.join(dataDir, "uploads", `${hash("e")}-640.webp.123.part`), 2); // a write cut off
    writeAged(path.join(dataDir, "uploads", `${hash("f")}-640.webp.456.part`), 0.01); // a write under way

    const first = await runHousekeeping(db, { dataDir, now: NOW });
    // Found unnamed for the first time: only noted, and the stopped write's leftover removed.
    expect(first?.uploadFiles).toBe(1);
    expect(uploadsLeft()).toHaveLength(13);
    expect(uploadsLeft()).not.toContain(`${hash("e")}-640.webp.123.part`);

    // Two hours later a backup could still name "c" in its copy of the database: kept.
    const soon = await runHousekeeping(db, { dataDir, now: new Date(NOW.getTime() + 2 * 3600_000) });
    expect(soon?.uploadFiles).toBe(0);

    const later = new Date(NOW.getTime() + (HOUSEKEEPING.orphanUploadConfirmHours + 1) * 3600_000);
    const second = await runHousekeeping(db, { dataDir, now: later });
    // "c"'s three files, and the write that was under way a day ago never finished.
    expect(second?.uploadFiles).toBe(4);
    expect(uploadsLeft().filter((name) => name.startsWith(hash("c")))).toEqual([]);
    expect(uploadsLeft().filter((name) => name.startsWith(hash("f")))).toEqual([]);
    for (const kept of ["a", "b", "d"]) {
      expect(uploadsLeft().filter((name) => name.startsWith(hash(kept)))).toHaveLength(3);
    }

    // Saved at last: "d" is named now, and stays however old it gets.
    await db
      .update(products)
      .set({ image: `/uploads/${hash("d")}-1200.webp` })
      .where(eq(products.id, product!.id));
    await runHousekeeping(db, { dataDir, now: new Date(later.getTime() + 30 * DAY) });
    expect(uploadsLeft().filter((name) => name.startsWith(hash("d")))).toHaveLength(3);
    // ... while "a", replaced by it, is noted first and goes a day later.
    expect(uploadsLeft().filter((name) => name.startsWith(hash("a")))).toHaveLength(3);
    await runHousekeeping(db, { dataDir, now: new Date(later.getTime() + 32 * DAY) });
    expect(uploadsLeft().filter((name) => name.startsWith(hash("a")))).toEqual([]);
  });

  test("a run that would delete most of the images (a wrong or empty database) deletes none and warns", async () => {
    // This folder's 12 pictures are named nowhere in the database, which names others.
    const letters = "0123456789ce".split("");
    for (const letter of letters) uploadFiles(hash(letter), 300);
    const lines: string[] = [];
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation((line) => {
      lines.push(String(line));
      return true;
    });
    try {
      // The embedded database's way: rows in the transaction, files after it. Same outcome.
      await runHousekeeping(handle().db, { dataDir, now: NOW, isSingleProcess: true });
      const later = new Date(NOW.getTime() + 25 * 3600_000);
      expect(await runHousekeeping(handle().db, { dataDir, now: later, isSingleProcess: true })).toMatchObject({
        uploadFiles: 0,
      });
    } finally {
      stdout.mockRestore();
    }
    expect(uploadsLeft()).toHaveLength(36);
    const warning = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === "housekeeping kept unused images");
    expect(warning).toMatchObject({ level: "warn", images: 12, of: 12 });
  });

  test("every text and JSON column is classified: either it can name an uploaded image, or it cannot", async () => {
    // A new column that stores an image URL must join IMAGE_REFERENCE_COLUMNS, or the
    // housekeeping would delete its pictures: this list makes the decision explicit.
    const neverImages = new Set([
      // Users' own pictures (users.image) come from better-auth and are never our uploads; the
      // audit log's summaries may quote an old image URL, but history keeps no file.
      "users.id",
      "users.name",
      "users.email",
      "users.image",
      "users.username",
      "users.displayUsername",
      "users.role",
      "users.banReason",
      "sessions.id",
      "sessions.token",
      "sessions.ipAddress",
      "sessions.userAgent",
      "sessions.userId",
      "sessions.impersonatedBy",
      "accounts.id",
      "accounts.accountId",
      "accounts.providerId",
      "accounts.userId",
      "accounts.accessToken",
      "accounts.refreshToken",
      "accounts.idToken",
      "accounts.scope",
      "accounts.password",
      "verifications.id",
      "verifications.identifier",
      "verifications.value",
      "customer_profiles.userId",
      "customer_profiles.fullName",
      "customer_profiles.phone",
      "customer_profiles.address",
      "product_families.name",
      "product_families.slug",
      "product_categories.name",
      "product_categories.slug",
      "product_subcategories.name",
      "product_subcategories.slug",
      "brands.name",
      "brands.slug",
      "service_families.name",
      "service_families.slug",
      "service_categories.name",
      "service_categories.slug",
      "service_subcategories.name",
      "service_subcategories.slug",
      "products.title",
      "products.description",
      "products.imageAlt",
      "products.searchText",
      "products.searchTitle",
      "product_search.title",
      "product_variants.name",
      "product_variants.sku",
      "stock_alerts.email",
      "stock_alerts.mailbox",
      "stock_alerts.token",
      "services.title",
      "services.description",
      "services.imageAlt",
      "services.searchText",
      "services.searchTitle",
      // The search's vocabulary and its misses: normalised words, never a URL (issue 27).
      "search_words.word",
      "search_words.folded",
      "search_misses.query",
      "search_days.query",
      "complaints.code",
      "complaints.fullName",
      "complaints.documentNumber",
      "complaints.phone",
      "complaints.email",
      "complaints.address",
      "complaints.guardianFullName",
      "complaints.guardianDocumentNumber",
      "complaints.productOrService",
      "complaints.description",
      "complaints.request",
      "complaints.providerLegalName",
      "complaints.providerRuc",
      "complaints.providerAddress",
      "complaints.dueDate",
      "complaints.answer",
      "complaints.answeredByUserId",
      "promotions.title",
      "promotions.description",
      "promotions.imageAlt",
      "promotions.link",
      "promotions.buttonText",
      "shop_settings.shopName",
      "shop_settings.primaryColor",
      "shop_settings.secondaryColor",
      "shop_settings.fontFamily",
      "shop_settings.socialMedia",
      "shop_settings.googleMapsApiKey",
      "shop_settings.contactEmail",
      "shop_settings.contactPhone",
      "shop_settings.contactAddress",
      "shop_settings.contactHours",
      "shop_settings.providerLegalName",
      "shop_settings.providerRuc",
      "shop_settings.providerAddress",
      "payment_methods.id",
      "payment_methods.name",
      "payment_methods.details",
      "payment_methods.publishableKey",
      "payment_methods.priceId",
      "chatbot_answers.keyword",
      "chatbot_answers.answer",
      "contact_messages.fullName",
      "contact_messages.email",
      "contact_messages.subject",
      "contact_messages.message",
      "audit_log.userId",
      "audit_log.action",
      "audit_log.entity",
      "audit_log.entityId",
      "audit_log.summary",
      "carts.id",
      "carts.userId",
      "carts.checkoutDraft",
      // Discounts (issue 44): names and coupon codes, never a picture.
      "carts.couponCode",
      "discounts.name",
      "discounts.code",
      "order_discounts.name",
      "order_discounts.code",
      // Online payments (issue 45): sealed keys, providers' ids, links to their panels.
      "payment_methods.secretKeySealed",
      "payment_methods.webhookSecretSealed",
      "payment_attempts.provider",
      "payment_attempts.attemptKey",
      "payment_attempts.reference",
      "payment_attempts.redirectUrl",
      "payment_attempts.statusDetail",
      "online_payments.provider",
      "online_payments.methodId",
      "online_payments.providerPaymentId",
      "online_payments.methodLabel",
      "online_payments.panelUrl",
      "payment_refunds.providerRefundId",
      "payment_refunds.requestKey",
      "payment_refunds.byUserId",
      // Comprobantes electrónicos (issue 46): the PSE's address and sealed token, series, the
      // buyer as the document names them, SUNAT's words and the PSE's links, never a picture.
      "invoicing_settings.apiUrl",
      "invoicing_settings.tokenSealed",
      "invoicing_settings.boletaSeries",
      "invoicing_settings.facturaSeries",
      "invoicing_settings.boletaCreditSeries",
      "invoicing_settings.facturaCreditSeries",
      "document_series.series",
      "electronic_documents.series",
      "electronic_documents.customerDocType",
      "electronic_documents.customerDocNumber",
      "electronic_documents.customerName",
      "electronic_documents.customerAddress",
      "electronic_documents.customerEmail",
      "electronic_documents.lines",
      "electronic_documents.creditReason",
      "electronic_documents.creditReasonText",
      "electronic_documents.sunatCode",
      "electronic_documents.sunatDescription",
      "electronic_documents.pdfUrl",
      "electronic_documents.xmlUrl",
      "electronic_documents.cdrUrl",
      "electronic_documents.qrText",
      "electronic_documents.hash",
      "electronic_documents.lastError",
      "electronic_documents.issuedByUserId",
      "payment_notifications.provider",
      "payment_notifications.eventId",
      "payment_notifications.paymentRef",
      "payment_notifications.outcome",
      "cart_lines.cartId",
      "orders.code",
      "orders.userId",
      "orders.customerName",
      "orders.customerEmail",
      "orders.customerPhone",
      "orders.customerAddress",
      "orders.paymentMethodId",
      "orders.paymentMethodName",
      "orders.note",
      "orders.clientIp",
      "orders.accessToken",
      "orders.deliveryDistrict",
      "orders.deliveryReference",
      "orders.documentNumber",
      "orders.businessName",
      "orders.fiscalAddress",
      // A payment receipt is a private file under $DATA_DIR/receipts, never in the uploads the
      // housekeeping sweeps (payment-receipt.server.ts).
      "orders.receiptImage",
      "orders.receiptOperation",
      "orders.paidMethodName",
      "orders.paidOperation",
      "orders.paidByUserId",
      "orders.cancelReason",
      "orders.customerKey",
      "order_lines.title",
      "order_lines.variantName",
      "delivery_zones.district",
      "order_status_changes.changedByUserId",
      "sign_in_failures.account",
      "sign_in_failures.ip",
      "rate_limit_hits.key",
      "shop_settings.alertEmail",
      "shop_alerts.refKey",
      "shop_alerts.delivery",
      "shop_alerts.lastError",
      "booking_schedule.weeklyHours",
      "booking_closed_days.day",
      "search_days.day",
      "sales_days.day",
      "sales_days.fulfillment",
      "sales_days.method",
      "product_sales_days.day",
      "booking_closed_days.reason",
      "booking_blocks.reason",
      "pets.userId",
      "pets.name",
      "pets.breed",
      "pets.birthDate",
      "pets.notes",
      "pet_health_records.name",
      "pet_health_records.givenOn",
      "pet_health_records.nextDueOn",
      "pet_health_records.note",
      "bookings.code",
      "bookings.accessToken",
      "bookings.serviceTitle",
      "bookings.userId",
      "bookings.petName",
      "bookings.petBreed",
      "bookings.customerName",
      "bookings.customerPhone",
      "bookings.customerEmail",
      "bookings.notes",
      "booking_changes.actor",
      "booking_changes.note",
      // A pet's photo is a private file under $DATA_DIR/pet-photos, like a payment receipt,
      // never in the uploads the housekeeping sweeps (pet-photo.server.ts).
      "pets.photo",
    ]);
    const keyOf = (column: (typeof IMAGE_REFERENCE_COLUMNS)[number]) =>
      Object.entries(getTableColumns(column.table)).find(([, candidate]) => candidate === column)![0];
    const imageColumns = new Set(
      IMAGE_REFERENCE_COLUMNS.map((column) => `${getTableName(column.table)}.${keyOf(column)}`),
    );
    expect(imageColumns.size).toBe(IMAGE_REFERENCE_COLUMNS.length);
    const unclassified: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const [key, column] of Object.entries(getTableColumns(table))) {
        // Enumerations hold fixed words, never a URL.
        if (!["string", "json"].includes(column.dataType) || column.enumValues?.length) continue;
        const name = `${getTableName(table)}.${key}`;
        if (!imageColumns.has(name) && !neverImages.has(name)) unclassified.push(`${name} (${column.columnType})`);
      }
    }
    expect(unclassified).toEqual([]);
    // The housekeeping's own query runs on every listed column, and finds what the test above stored.
    const referenced = await findReferencedUploads(handle().db);
    expect([...referenced].sort()).toEqual([hash("b"), hash("d")]);
  });
});
