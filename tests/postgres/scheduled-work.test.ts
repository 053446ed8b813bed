import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";

import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { bookings, orders, orderStatusChanges, products, services, shopAlerts } from "~/db/schema";
import { deliverDueShopAlerts, settleShopAlerts } from "~/domain/alerts/shop-alerts.server";
import { bookingFormSchema } from "~/domain/bookings/booking";
import { sendBookingReminders } from "~/domain/bookings/booking-reminders.server";
import { createBooking } from "~/domain/bookings/booking-store.server";
import { createContactMessage } from "~/domain/content/contact-message.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { runHousekeeping } from "~/domain/operations/housekeeping.server";
import { parseWithSchema } from "~/lib/form-data";
import type { MailMessage } from "~/lib/mail.server";
import { insertTestOrder } from "~test/orders";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

// Runs only on PostgreSQL (see vitest.config.ts): the scheduled work of two instances on one
// database (ADR 042). "Instance A" is the test's database handle, "instance B" a second pool
// on the same database, as a second process would open it. Each job runs once whatever the
// instances, and a job held by an instance that died is done by the other: the death is what
// PostgreSQL sees of a `kill -9`, its connection gone mid-transaction, or a send that never
// returns after its claim committed (a shop alert, a booking's reminder).

// The real background send (tests/support/quiet-shop-alerts.ts turns it off for the other files).
vi.unmock("~/domain/alerts/shop-alerts.server");

// A mail server that keeps what it is given; `hangNext` sends never return (the instance died mid-send).
const mail = vi.hoisted(() => ({ sent: [] as MailMessage[], hangNext: 0 }));
vi.mock("~/lib/mail.server", () => ({
  isMailServerConfigured: () => true,
  sendMail: async (message: MailMessage) => {
    if (mail.hangNext > 0) {
      mail.hangNext -= 1;
      return new Promise(() => {});
    }
    mail.sent.push(message);
    return { delivery: "smtp" };
  },
}));

const { handle } = setUpTestDatabase();
let databaseUrl: string;
let instanceB: DatabaseHandle;
let productId: number;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const current = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  databaseUrl = Object.assign(new URL(process.env.TEST_DATABASE_URL!), {
    pathname: `/${current.rows[0]!.name}`,
  }).toString();
  instanceB = await openDatabase({ databaseUrl });
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.title, "Ratón de Juguete con Catnip"));
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 500 });
});

afterAll(async () => {
  await instanceB?.close();
});

beforeEach(async () => {
  await settleShopAlerts();
  mail.sent.length = 0;
  mail.hangNext = 0;
});

async function stock(): Promise<number> {
  const [row] = await handle().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function overdueOrders(count: number) {
  const placed = [];
  for (let i = 0; i < count; i++) {
    placed.push(
      await insertTestOrder(handle().db, {
        lines: [{ productId, quantity: 3 }],
        createdAt: new Date(Date.now() - 72 * 60 * 60 * 1000),
      }),
    );
  }
  return placed;
}

async function cancellations(orderIds: number[]) {
  const rows = await handle()
    .db.select({ orderId: orderStatusChanges.orderId })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.toStatus, "cancelado"));
  return rows.filter((row) => orderIds.includes(row.orderId)).length;
}

/** Each instance has its own DATA_DIR. */
const dataDir = () => mkdtempSync(path.join(tmpdir(), "patitas-scheduled-work-"));

test("both instances run the housekeeping at once: overdue orders are cancelled once, their units back once", async () => {
  const placed = await overdueOrders(4);
  const before = await stock();
  const reports = await Promise.all([
    runHousekeeping(handle().db, { dataDir: dataDir(), refreshSearchWords: false }),
    runHousekeeping(instanceB.db, { dataDir: dataDir(), refreshSearchWords: false }),
    runHousekeeping(instanceB.db, { dataDir: dataDir(), refreshSearchWords: false }),
  ]);
  const expired = reports.reduce((total, report) => total + (report?.expiredOrders ?? 0), 0);
  expect(expired).toBe(4);
  expect(await cancellations(placed.map((order) => order.id))).toBe(4);
  expect(await stock()).toBe(before + 4 * 3);
  for (const order of placed) {
    const [row] = await handle().db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("cancelado");
  }
});

test("an instance dies holding the housekeeping (its connection gone mid-run): the other's next run does the work", async () => {
  const [order] = await overdueOrders(1);
  const dying = new pg.Client({ connectionString: databaseUrl });
  await dying.connect();
  const pid = (await dying.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
  dying.on("error", () => {}); // its connection is about to be cut
  await dying.query("begin");
  expect((await dying.query("select pg_try_advisory_xact_lock(72730002) as locked")).rows[0]!.locked).toBe(true);
  // Half-way through: it had started cancelling the order when it died.
  await dying.query("update orders set status = 'cancelado' where id = $1", [order!.id]);
  expect(await runHousekeeping(instanceB.db, { dataDir: dataDir(), refreshSearchWords: false })).toBeNull();

  await handle().db.execute(sql`select pg_terminate_backend(${pid})`);
  await dying.end().catch(() => {});
  const before = await stock();
  const report = await runHousekeeping(instanceB.db, { dataDir: dataDir(), refreshSearchWords: false });
  expect(report).not.toBeNull();
  expect(report!.expiredOrders).toBe(1);
  expect(await cancellations([order!.id])).toBe(1);
  expect(await stock()).toBe(before + 3);
});

test("alerts sent by both instances at once: each contact message reaches the shop once", async () => {
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    ids.push(
      await createContactMessage({
        fullName: `Cliente ${i}`,
        email: `cliente${i}@example.pe`,
        subject: "",
        message: `Consulta número ${i} sobre los horarios.`,
      }),
    );
  }
  await settleShopAlerts();
  mail.sent.length = 0;
  // The messages' own background send was quiet (their alerts are queued): both instances' minute runs.
  await handle().db.update(shopAlerts).set({ sentAt: null, attempts: 0, nextAttemptAt: new Date() });
  const now = new Date(Date.now() + MINUTE);
  await Promise.all([deliverDueShopAlerts(handle().db, now), deliverDueShopAlerts(instanceB.db, now)]);
  const told = mail.sent.map((message) => message.subject);
  for (let i = 0; i < 6; i++) expect(told.filter((subject) => subject.includes(`Cliente ${i}`))).toHaveLength(1);
});

test("an instance dies after claiming an alert, before its e-mail left: the other sends it at the next try", async () => {
  const id = await createContactMessage({
    fullName: "Rosa Huamán",
    email: "rosa@example.pe",
    subject: "",
    message: "¿Tienen arena para gatos de 10 kg?",
  });
  await settleShopAlerts();
  await handle()
    .db.update(shopAlerts)
    .set({ sentAt: null, attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(shopAlerts.kind, "contact"), eq(shopAlerts.refKey, String(id))));
  mail.sent.length = 0;
  mail.hangNext = 1;
  const now = new Date();
  // Instance A claims it and never comes back from the mail server.
  void deliverDueShopAlerts(handle().db, now);
  await expect.poll(async () => (await alertOf(id)).attempts).toBe(1);
  // Instance B, a minute later: the claim still stands, nothing sent twice.
  await deliverDueShopAlerts(instanceB.db, new Date(now.getTime() + MINUTE));
  expect(mail.sent.filter((message) => message.subject.includes("Rosa Huamán"))).toHaveLength(0);
  // Past the claim's retry step (10 minutes): B sends it, once.
  await deliverDueShopAlerts(instanceB.db, new Date(now.getTime() + 11 * MINUTE));
  expect(mail.sent.filter((message) => message.subject.includes("Rosa Huamán"))).toHaveLength(1);
  expect((await alertOf(id)).sentAt).not.toBeNull();
});

async function alertOf(messageId: number) {
  const [row] = await handle()
    .db.select()
    .from(shopAlerts)
    .where(and(eq(shopAlerts.kind, "contact"), eq(shopAlerts.refKey, String(messageId))));
  return row!;
}

/** Three bookings of a bath on Thursday 3 December 2026 (Lima), each with its own e-mail. */
async function bookThree(): Promise<number[]> {
  const { db } = handle();
  await db.delete(bookings);
  const [bath] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.title, "Baño y Corte para Perro"));
  const ids: number[] = [];
  for (const [i, time] of ["09:00", "10:00", "11:00"].entries()) {
    const form = parseWithSchema(bookingFormSchema, {
      size: "small",
      date: "2026-12-03",
      time,
      petName: `Perro ${i}`,
      petSpecies: "dog",
      customerName: `Cliente ${i}`,
      customerPhone: `987 654 32${i}`,
      customerEmail: `reserva${i}@example.pe`,
    });
    if (!form.success) throw new Error(form.firstMessage);
    const result = await createBooking({
      serviceId: bath!.id,
      form: form.data,
      userId: null,
      now: new Date("2026-11-30T10:00:00-05:00"),
    });
    if (!result.ok) throw new Error(result.refusal.message);
    ids.push(result.booking.id);
  }
  await settleShopAlerts();
  mail.sent.length = 0;
  return ids;
}

/** Who got a day-before reminder, as many times as they got it. */
const remindedTo = () =>
  mail.sent
    .filter((message) => message.subject.startsWith("Te esperamos"))
    .map((message) => message.to)
    .sort();

test("both instances send the day-before reminders at once: each booking reminded once", async () => {
  await bookThree();
  const now = new Date("2026-12-02T10:00:00-05:00");
  await Promise.all([
    sendBookingReminders(handle().db, now),
    sendBookingReminders(instanceB.db, now),
    sendBookingReminders(instanceB.db, now),
  ]);
  expect(remindedTo()).toEqual(["reserva0@example.pe", "reserva1@example.pe", "reserva2@example.pe"]);
});

test("an instance dies after claiming a reminder, before its e-mail left: the other sends it once the lease is past", async () => {
  const [first] = await bookThree();
  mail.hangNext = 1;
  const now = new Date("2026-12-02T10:00:00-05:00");
  // Instance A claims the first booking's reminder and never comes back from the mail server.
  void sendBookingReminders(handle().db, now);
  await expect
    .poll(async () => (await handle().db.select().from(bookings).where(eq(bookings.id, first!)))[0]!.reminderClaimedAt)
    .toEqual(now);
  // Instance B, 5 minutes later: the other two, not the one A holds.
  await sendBookingReminders(instanceB.db, new Date(now.getTime() + 5 * MINUTE));
  expect(remindedTo()).toEqual(["reserva1@example.pe", "reserva2@example.pe"]);
  // Past the lease (10 minutes): B sends it, once.
  await sendBookingReminders(instanceB.db, new Date(now.getTime() + 11 * MINUTE));
  expect(remindedTo()).toEqual(["reserva0@example.pe", "reserva1@example.pe", "reserva2@example.pe"]);
  const [row] = await handle().db.select().from(bookings).where(eq(bookings.id, first!));
  expect(row!.reminderSentAt).toEqual(new Date(now.getTime() + 11 * MINUTE));
});
