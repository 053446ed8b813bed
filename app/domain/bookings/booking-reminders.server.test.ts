// Issue 28's reminders: the day before a booking, a pet's vaccination or deworming due within a
// week, and its food running out, each sent once (even by two runs at once), never for a
// cancelled booking, retried after a failed send, resumed after a run that died holding its
// claim (ADR 044: sent by a run past the lease, not before); and the food reminder's 'Volver a
// pedir' link, which fills the cart. Runs on PGlite and again on PostgreSQL (TEST_DATABASE_URL).
import { and, count, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import {
  bookings,
  carts,
  orderLines,
  orders,
  petHealthRecords,
  pets,
  products,
  productVariants,
  serviceBookingSizes,
  services,
  users,
} from "~/db/schema";
import { getCart, readCartId } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { readFoodReorder } from "~/domain/pets/food-reorder.server";
import { sendFoodReminders, sendHealthReminders } from "~/domain/pets/pet-reminders.server";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { parseWithSchema } from "~/lib/form-data";
import type { MailMessage } from "~/lib/mail.server";
import { readToast } from "~/lib/toast.server";
import { insertTestOrder } from "~test/orders";
import { tamper } from "~test/tamper";
import { setUpTestDatabase } from "~test/test-database";

import { loader as reorderLoader } from "../../routes/store/reorder-food";
import { bookingFormSchema } from "./booking";
import { moveBooking } from "./booking-admin.server";
import { runCustomerReminders, sendBookingReminders } from "./booking-reminders.server";
import { createBooking } from "./booking-store.server";
import { buildFoodReminder, pickHealthService } from "./reminder-mail";

// A mail server that keeps what it is given, can be told to fail the next sends, and to hold
// every send until `paused` resolves.
const mail = vi.hoisted(() => ({ sent: [] as MailMessage[], failures: 0, paused: null as Promise<void> | null }));
vi.mock("~/lib/mail.server", () => ({
  isMailServerConfigured: () => true,
  sendMail: async (message: MailMessage) => {
    await mail.paused;
    if (mail.failures > 0) {
      mail.failures -= 1;
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    }
    mail.sent.push(message);
    return { delivery: "smtp" };
  },
}));

const { handle } = setUpTestDatabase();
const db = () => handle().db;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** `minutes` after `at`. */
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS);

/** A Lima wall-clock time as an instant (Lima is UTC−5 all year). */
const lima = (dateTime: string) => new Date(`${dateTime}:00-05:00`);

let bathId: number;
let consultId: number;
let ownerId: string;

async function serviceId(title: string): Promise<number> {
  const [row] = await db().select({ id: services.id }).from(services).where(eq(services.title, title));
  return row!.id;
}

beforeAll(async () => {
  await seedDemoShop(db());
  bathId = await serviceId("Baño y Corte para Perro");
  consultId = await serviceId("Consulta Veterinaria General");
  ownerId = "duena-recordatorios";
  await db().insert(users).values({ id: ownerId, name: "Lucía Ramos", email: "lucia@example.pe" });
  // Quiet: a failed send logs an error line by design, and each run that sent says so.
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});

beforeEach(async () => {
  await db().delete(bookings);
  await db().delete(pets);
  mail.sent.length = 0;
  mail.failures = 0;
  mail.paused = null;
});

describe("the day before a booking", () => {
  /** A booking on Thursday 3 December 2026 at 9:00 in Lima (14:00 UTC), made on 30 November. */
  async function book(overrides: Record<string, string> = {}) {
    const form = parseWithSchema(bookingFormSchema, {
      size: "small",
      date: "2026-12-03",
      time: "09:00",
      petName: "Firulais",
      petSpecies: "dog",
      customerName: "Ana Torres",
      customerPhone: "987 654 321",
      customerEmail: "ana@example.pe",
      ...overrides,
    });
    if (!form.success) throw new Error(form.firstMessage);
    const result = await createBooking({
      serviceId: bathId,
      form: form.data,
      userId: null,
      now: lima("2026-11-30T10:00"),
    });
    if (!result.ok) throw new Error(result.refusal.message);
    return result.booking;
  }

  const reminderSentAt = async (id: number) =>
    (await db().select({ at: bookings.reminderSentAt }).from(bookings).where(eq(bookings.id, id)))[0]!.at;
  const reminderState = async (id: number) =>
    (
      await db()
        .select({ claimedAt: bookings.reminderClaimedAt, sentAt: bookings.reminderSentAt })
        .from(bookings)
        .where(eq(bookings.id, id))
    )[0]!;
  const dayBeforeMails = () => mail.sent.filter((message) => message.subject.startsWith("Te esperamos"));

  test("one e-mail 'Te esperamos mañana a las 09:00' with the link to cancel; a second run sends nothing", async () => {
    const booking = await book();
    const now = lima("2026-12-02T10:00");
    expect(await runCustomerReminders(db(), now)).toMatchObject({ bookings: { sent: 1, failed: 0 } });
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message!.to).toBe("ana@example.pe");
    expect(message!.subject).toBe("Te esperamos mañana a las 09:00: Baño y Corte para Perro");
    expect(message!.text).toContain(
      "la cita de Firulais para Baño y Corte para Perro, el jueves, 3 de diciembre de 2026",
    );
    expect(message!.text).toContain(`Cancelar o cambiar mi reserva: http://localhost:3000/reserva/${booking.code}?t=`);
    expect((await reminderSentAt(booking.id))?.getTime()).toBe(now.getTime());

    expect(await sendBookingReminders(db(), new Date(now.getTime() + 15 * 60 * 1000))).toEqual({ sent: 0, failed: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  test("two runs at the same moment send exactly one", async () => {
    await book();
    const now = lima("2026-12-02T10:00");
    const reports = await Promise.all([sendBookingReminders(db(), now), sendBookingReminders(db(), now)]);
    expect(reports.map((report) => report.sent).sort()).toEqual([0, 1]);
    expect(mail.sent).toHaveLength(1);
  });

  test("four runs at the same moment: each of three bookings reminded once, all marked sent", async () => {
    const booked = [
      await book(),
      await book({ time: "10:00", customerEmail: "beto@example.pe", customerPhone: "987 654 322" }),
      await book({ time: "11:00", customerEmail: "carla@example.pe", customerPhone: "987 654 323" }),
    ];
    const now = lima("2026-12-02T10:00");
    const reports = await Promise.all([1, 2, 3, 4].map(() => sendBookingReminders(db(), now)));
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(3);
    expect(mail.sent.map((message) => message.to).sort()).toEqual([
      "ana@example.pe",
      "beto@example.pe",
      "carla@example.pe",
    ]);
    for (const booking of booked) {
      expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: now });
    }
  });

  test("a claim left by a run that died: not taken 5 minutes later, sent once 11 minutes later", async () => {
    const booking = await book();
    const died = lima("2026-12-02T10:00");
    // What a run killed between its claim and its mark leaves: the lease, no e-mail, no mark.
    await db().update(bookings).set({ reminderClaimedAt: died }).where(eq(bookings.id, booking.id));
    expect(await sendBookingReminders(db(), later(died, 5))).toEqual({ sent: 0, failed: 0 });
    expect(mail.sent).toEqual([]);
    expect(await reminderState(booking.id)).toEqual({ claimedAt: died, sentAt: null });

    const reports = await Promise.all([
      sendBookingReminders(db(), later(died, 11)),
      sendBookingReminders(db(), later(died, 11)),
    ]);
    expect(reports.map((report) => report.sent).sort()).toEqual([0, 1]);
    expect(mail.sent.map((message) => message.to)).toEqual(["ana@example.pe"]);
    expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: later(died, 11) });
    expect(await sendBookingReminders(db(), later(died, 30))).toEqual({ sent: 0, failed: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  test("Lima's midnight, not UTC's: at 23:30 on the 2nd it is due, at 0:30 on the 3rd no longer", async () => {
    const booking = await book();
    // 0:30 on the 3rd in Lima is 5:30 UTC: the booking is today, not tomorrow.
    expect(await sendBookingReminders(db(), new Date("2026-12-03T05:30:00Z"))).toEqual({ sent: 0, failed: 0 });
    // 23:30 on the 2nd in Lima is already 4:30 on the 3rd in UTC.
    expect(await sendBookingReminders(db(), new Date("2026-12-03T04:30:00Z"))).toEqual({ sent: 1, failed: 0 });
    expect(await reminderSentAt(booking.id)).not.toBeNull();
  });

  test("not before 9:00 in Lima the day before, nor two days before", async () => {
    await book();
    expect(await sendBookingReminders(db(), lima("2026-12-01T15:00"))).toEqual({ sent: 0, failed: 0 });
    expect(await sendBookingReminders(db(), lima("2026-12-02T08:59"))).toEqual({ sent: 0, failed: 0 });
    expect(mail.sent).toHaveLength(0);
    expect(await sendBookingReminders(db(), lima("2026-12-02T09:00"))).toEqual({ sent: 1, failed: 0 });
  });

  test("none for a cancelled booking, nor for a guest who gave no e-mail", async () => {
    const cancelled = await book();
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, cancelled.id));
    const guest = await book({ customerEmail: "", time: "10:00" });
    expect(await runCustomerReminders(db(), lima("2026-12-02T10:00"))).toMatchObject({ bookings: { sent: 0 } });
    expect(mail.sent).toEqual([]);
    expect(await reminderSentAt(cancelled.id)).toBeNull();
    expect(await reminderSentAt(guest.id)).toBeNull();
  });

  test("a failed send releases the claim: the next run sends it", async () => {
    const booking = await book();
    mail.failures = 1;
    expect(await sendBookingReminders(db(), lima("2026-12-02T10:00"))).toEqual({ sent: 0, failed: 1 });
    expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: null });
    // Released, not leased: the next run (within 10 minutes) sends it.
    expect(await sendBookingReminders(db(), lima("2026-12-02T10:05"))).toEqual({ sent: 1, failed: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  test("moved while its reminder is on its way: nothing marked, the new day reminded", async () => {
    const booking = await book();
    const now = lima("2026-12-02T10:00");
    let resume = () => {};
    mail.paused = new Promise((resolve) => (resume = resolve));
    const run = sendBookingReminders(db(), now);
    await expect.poll(async () => (await reminderState(booking.id)).claimedAt).toEqual(now);
    const moved = await moveBooking({
      bookingId: booking.id,
      date: "2026-12-04",
      time: "09:00",
      seenStartsAt: lima("2026-12-03T09:00"),
      actor: "Dueña",
      now: later(now, 1),
    });
    expect(moved.status).toBe("moved");
    expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: null });
    resume();
    expect(await run).toEqual({ sent: 1, failed: 0 });
    await backgroundWorkSettled(); // the 'moved' e-mail
    expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: null });

    const dayBefore = lima("2026-12-03T10:00");
    expect(await sendBookingReminders(db(), dayBefore)).toEqual({ sent: 1, failed: 0 });
    expect(dayBeforeMails().map((message) => message.text)).toEqual([
      expect.stringContaining("el jueves, 3 de diciembre de 2026"),
      expect.stringContaining("el viernes, 4 de diciembre de 2026"),
    ]);
    expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: dayBefore });
  });
});

async function addPet(values: Partial<typeof pets.$inferInsert> = {}) {
  const [pet] = await db()
    .insert(pets)
    .values({ userId: ownerId, name: "Misha", species: "cat", size: "small", ...values })
    .returning();
  return pet!;
}

describe("a vaccination or deworming due", () => {
  const NOW = lima("2026-12-01T10:00");

  async function addRecord(nextDueOn: string, kind: "vaccination" | "deworming" = "vaccination") {
    const pet = await addPet();
    const [record] = await db()
      .insert(petHealthRecords)
      .values({ petId: pet.id, kind, name: "Triple felina", givenOn: "2025-12-08", nextDueOn })
      .returning();
    return record!;
  }

  test("7 days ahead: one e-mail with 'Reservar cita' for a consultation; a second run none", async () => {
    await addRecord("2026-12-08");
    expect(await runCustomerReminders(db(), NOW)).toMatchObject({ health: { sent: 1, failed: 0 } });
    const [message] = mail.sent;
    expect(message!.to).toBe("lucia@example.pe");
    expect(message!.subject).toBe("La próxima vacuna de Misha es el martes, 8 de diciembre de 2026");
    expect(message!.text).toContain("Hola Lucía Ramos,");
    expect(message!.text).toContain("a Misha le toca la vacuna Triple felina el martes, 8 de diciembre de 2026.");
    expect(message!.text).toContain(`Reservar cita: http://localhost:3000/reservar/${consultId}`);
    expect(await runCustomerReminders(db(), new Date(NOW.getTime() + DAY_MS))).toMatchObject({ health: { sent: 0 } });
    expect(mail.sent).toHaveLength(1);
  });

  test("8 days ahead, already past, or at night: none", async () => {
    const later = await addRecord("2026-12-09");
    await addRecord("2026-11-30");
    expect(await runCustomerReminders(db(), NOW)).toMatchObject({ health: { sent: 0 } });
    // The next day it is 7 days ahead; at 22:00 it waits for the morning.
    expect(await runCustomerReminders(db(), lima("2026-12-02T22:00"))).toMatchObject({ health: { sent: 0 } });
    expect(await runCustomerReminders(db(), lima("2026-12-03T09:00"))).toMatchObject({ health: { sent: 1 } });
    expect(mail.sent.map((message) => message.subject)).toEqual([
      "La próxima vacuna de Misha es el miércoles, 9 de diciembre de 2026",
    ]);
    const [row] = await db().select().from(petHealthRecords).where(eq(petHealthRecords.id, later.id));
    expect(row!.dueReminderSentAt).not.toBeNull();
  });

  test("two runs at once send one; a deworming links to a reservable 'Desparasitación'", async () => {
    const dewormingId = await serviceId("Desparasitación");
    await db().update(services).set({ isBookable: true }).where(eq(services.id, dewormingId));
    await db().insert(serviceBookingSizes).values({ serviceId: dewormingId, size: "small", durationMinutes: 30 });
    try {
      await addRecord("2026-12-05", "deworming");
      await Promise.all([runCustomerReminders(db(), NOW), runCustomerReminders(db(), NOW)]);
      expect(mail.sent).toHaveLength(1);
      expect(mail.sent[0]!.subject).toBe("La próxima desparasitación de Misha es el sábado, 5 de diciembre de 2026");
      expect(mail.sent[0]!.text).toContain(`Reservar cita: http://localhost:3000/reservar/${dewormingId}`);
    } finally {
      await db().delete(serviceBookingSizes).where(eq(serviceBookingSizes.serviceId, dewormingId));
      await db().update(services).set({ isBookable: false }).where(eq(services.id, dewormingId));
    }
  });

  const healthState = async (id: number) =>
    (
      await db()
        .select({ claimedAt: petHealthRecords.dueReminderClaimedAt, sentAt: petHealthRecords.dueReminderSentAt })
        .from(petHealthRecords)
        .where(eq(petHealthRecords.id, id))
    )[0]!;

  test("four runs at once: each of three records reminded once, all marked sent", async () => {
    const records = [await addRecord("2026-12-03"), await addRecord("2026-12-05"), await addRecord("2026-12-08")];
    const reports = await Promise.all([1, 2, 3, 4].map(() => sendHealthReminders(db(), NOW)));
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(3);
    expect(mail.sent.map((message) => message.subject).sort()).toEqual([
      "La próxima vacuna de Misha es el jueves, 3 de diciembre de 2026",
      "La próxima vacuna de Misha es el martes, 8 de diciembre de 2026",
      "La próxima vacuna de Misha es el sábado, 5 de diciembre de 2026",
    ]);
    for (const record of records) expect(await healthState(record.id)).toEqual({ claimedAt: null, sentAt: NOW });
  });

  test("a claim left by a run that died: not taken 5 minutes later, sent once 11 minutes later", async () => {
    const record = await addRecord("2026-12-08");
    await db().update(petHealthRecords).set({ dueReminderClaimedAt: NOW }).where(eq(petHealthRecords.id, record.id));
    expect(await sendHealthReminders(db(), later(NOW, 5))).toEqual({ sent: 0, failed: 0 });
    expect(await healthState(record.id)).toEqual({ claimedAt: NOW, sentAt: null });
    await Promise.all([sendHealthReminders(db(), later(NOW, 11)), sendHealthReminders(db(), later(NOW, 11))]);
    expect(mail.sent.map((message) => message.subject)).toEqual([
      "La próxima vacuna de Misha es el martes, 8 de diciembre de 2026",
    ]);
    expect(await healthState(record.id)).toEqual({ claimedAt: null, sentAt: later(NOW, 11) });
  });

  test("a failed send releases the claim: the next run sends it", async () => {
    const record = await addRecord("2026-12-08");
    mail.failures = 1;
    expect(await sendHealthReminders(db(), NOW)).toEqual({ sent: 0, failed: 1 });
    expect(await healthState(record.id)).toEqual({ claimedAt: null, sentAt: null });
    expect(await sendHealthReminders(db(), later(NOW, 1))).toEqual({ sent: 1, failed: 0 });
    expect(mail.sent).toHaveLength(1);
  });

  test("the service that fits: the kind's own, else a consultation, else the first one", () => {
    const list = [
      { id: 1, title: "Baño y Corte" },
      { id: 2, title: "Consulta Veterinaria" },
      { id: 3, title: "Vacunación antirrábica" },
    ];
    expect(pickHealthService("vaccination", list)?.id).toBe(3);
    expect(pickHealthService("deworming", list)?.id).toBe(2);
    expect(pickHealthService("deworming", [list[0]!])?.id).toBe(1);
    expect(pickHealthService("vaccination", [])).toBeNull();
  });
});

describe("the food running out", () => {
  const NOW = lima("2026-12-01T10:00");
  let proPlanId: number;
  let bagId: number;

  beforeAll(async () => {
    const [product] = await db().select().from(products).where(like(products.title, "Alimento Pro Plan%"));
    proPlanId = product!.id;
    const [bag] = await db()
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, proPlanId), eq(productVariants.name, "3 kg")));
    bagId = bag!.id;
  });

  beforeEach(async () => {
    await db().delete(orders);
    await db().update(productVariants).set({ stock: 12 }).where(eq(productVariants.id, bagId));
  });

  /** An order of the 3 kg bag (the product's first presentación), placed `daysAgo` before NOW. */
  function orderBag(daysAgo: number, status: "entregado" | "cancelado" = "entregado") {
    return insertTestOrder(db(), {
      lines: [{ productId: proPlanId, quantity: 1 }],
      status,
      createdAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
      columns: { userId: ownerId },
    });
  }

  const foodMails = () => mail.sent.filter((message) => message.subject.startsWith("Se está acabando"));

  test("100 g a day and a 3 kg bag bought 26 days ago: reminded once, with 'Volver a pedir'", async () => {
    const order = await orderBag(26);
    const pet = await addPet({ name: "Firulais", species: "dog", dailyFoodGrams: 100, foodVariantId: bagId });
    expect(await runCustomerReminders(db(), NOW)).toMatchObject({ food: { sent: 1, failed: 0 } });
    const [message] = foodMails();
    expect(message!.to).toBe("lucia@example.pe");
    expect(message!.subject).toBe("Se está acabando el alimento de Firulais");
    expect(message!.text).toContain("Con 100 g al día, el alimento que pediste el jueves, 5 de noviembre de 2026");
    expect(message!.text).toContain("le alcanza hasta el sábado, 5 de diciembre de 2026");
    expect(message!.text).toMatch(/Volver a pedir: http:\/\/localhost:3000\/volver-a-pedir\/[\w.-]+/);
    const [row] = await db().select().from(pets).where(eq(pets.id, pet.id));
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(row!.foodRemindedLineId).toBe(line!.id);

    await Promise.all([runCustomerReminders(db(), NOW), runCustomerReminders(db(), new Date(NOW.getTime() + DAY_MS))]);
    expect(foodMails()).toHaveLength(1);
  });

  test("a new bag bought is reminded again, when that one runs low", async () => {
    await orderBag(26);
    await addPet({ name: "Firulais", dailyFoodGrams: 100, foodVariantId: bagId });
    await runCustomerReminders(db(), NOW);
    expect(foodMails()).toHaveLength(1);
    await orderBag(0);
    expect(await runCustomerReminders(db(), new Date(NOW.getTime() + 10 * DAY_MS))).toMatchObject({
      food: { sent: 0 },
    });
    expect(await runCustomerReminders(db(), new Date(NOW.getTime() + 26 * DAY_MS))).toMatchObject({
      food: { sent: 1 },
    });
    expect(foodMails()).toHaveLength(2);
  });

  test("none without a daily ration, for a cancelled order, too early or long after", async () => {
    await orderBag(26);
    await addPet({ name: "Sin ración", foodVariantId: bagId });
    expect(await runCustomerReminders(db(), NOW)).toMatchObject({ food: { sent: 0 } });
    await db().delete(pets);
    await db().delete(orders);
    await orderBag(26, "cancelado");
    await orderBag(20);
    await addPet({ name: "Firulais", dailyFoodGrams: 100, foodVariantId: bagId });
    // The bag of 20 days ago lasts 10 more days: not yet; 11 days after it ran out: no longer.
    expect(await runCustomerReminders(db(), NOW)).toMatchObject({ food: { sent: 0 } });
    expect(await runCustomerReminders(db(), new Date(NOW.getTime() + 21 * DAY_MS))).toMatchObject({
      food: { sent: 0 },
    });
    expect(foodMails()).toEqual([]);
  });

  const foodState = async (petId: number) =>
    (
      await db()
        .select({ claimedAt: pets.foodReminderClaimedAt, lineId: pets.foodRemindedLineId })
        .from(pets)
        .where(eq(pets.id, petId))
    )[0]!;
  const lineOf = async (orderId: number) =>
    (await db().select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)))[0]!.id;

  test("four runs at once: each of two pets' bags reminded once, all marked", async () => {
    const order = await orderBag(26);
    const firulais = await addPet({ name: "Firulais", species: "dog", dailyFoodGrams: 100, foodVariantId: bagId });
    const toby = await addPet({ name: "Toby", species: "dog", dailyFoodGrams: 100, foodVariantId: bagId });
    const reports = await Promise.all([1, 2, 3, 4].map(() => sendFoodReminders(db(), NOW)));
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(2);
    expect(
      foodMails()
        .map((message) => message.subject)
        .sort(),
    ).toEqual(["Se está acabando el alimento de Firulais", "Se está acabando el alimento de Toby"]);
    const lineId = await lineOf(order.id);
    for (const pet of [firulais, toby]) expect(await foodState(pet.id)).toEqual({ claimedAt: null, lineId });
  });

  test("a claim left by a run that died: not taken 5 minutes later, sent once 11 minutes later", async () => {
    const order = await orderBag(26);
    const pet = await addPet({ name: "Firulais", species: "dog", dailyFoodGrams: 100, foodVariantId: bagId });
    await db().update(pets).set({ foodReminderClaimedAt: NOW }).where(eq(pets.id, pet.id));
    expect(await sendFoodReminders(db(), later(NOW, 5))).toEqual({ sent: 0, failed: 0 });
    expect(await foodState(pet.id)).toEqual({ claimedAt: NOW, lineId: null });
    await Promise.all([sendFoodReminders(db(), later(NOW, 11)), sendFoodReminders(db(), later(NOW, 11))]);
    expect(foodMails().map((message) => message.subject)).toEqual(["Se está acabando el alimento de Firulais"]);
    expect(await foodState(pet.id)).toEqual({ claimedAt: null, lineId: await lineOf(order.id) });
  });

  test("a failed send releases the claim: the next run sends it", async () => {
    const order = await orderBag(26);
    const pet = await addPet({ name: "Firulais", species: "dog", dailyFoodGrams: 100, foodVariantId: bagId });
    mail.failures = 1;
    expect(await sendFoodReminders(db(), NOW)).toEqual({ sent: 0, failed: 1 });
    expect(await foodState(pet.id)).toEqual({ claimedAt: null, lineId: null });
    expect(await sendFoodReminders(db(), later(NOW, 1))).toEqual({ sent: 1, failed: 0 });
    expect(foodMails()).toHaveLength(1);
    expect(await foodState(pet.id)).toEqual({ claimedAt: null, lineId: await lineOf(order.id) });
  });

  test("the text says when the bag ran out already, and how many bags", () => {
    const { content } = buildFoodReminder({
      ownerName: "",
      petName: "Toby",
      dailyGrams: 250,
      productLabel: "Alimento — 3 kg",
      quantity: 2,
      orderedOn: "2026-11-01",
      runsOutOn: "2026-11-25",
      today: "2026-12-01",
      reorderUrl: "http://localhost:3000/volver-a-pedir/x",
    });
    expect(content.paragraphs).toEqual([
      "Hola,",
      "Con 250 g al día, el alimento que pediste el domingo, 1 de noviembre de 2026 (2 × Alimento — 3 kg) ya se habría acabado el miércoles, 25 de noviembre de 2026.",
      expect.stringContaining("Con un clic"),
    ]);
  });

  async function reminderLink(): Promise<string> {
    await orderBag(26);
    await addPet({ name: "Firulais", dailyFoodGrams: 100, foodVariantId: bagId });
    await runCustomerReminders(db(), NOW);
    const url = /Volver a pedir: (\S+)/.exec(foodMails()[0]!.text)![1]!;
    return new URL(url).pathname;
  }

  async function follow(path: string) {
    const token = decodeURIComponent(path.split("/").pop()!);
    const request = new Request(`http://localhost:3000${path}`);
    const response = (await reorderLoader({ request, params: { token }, context: {} } as never)) as Response;
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const next = new Request("http://localhost:3000/", { headers: { Cookie: cookie } });
    const { toast } = await readToast(next);
    return { response, toast, cartId: await readCartId(next) };
  }

  const cartCount = async () => (await db().select({ n: count() }).from(carts))[0]!.n;

  test("'Volver a pedir' puts the bag in a cart and opens it", async () => {
    const path = await reminderLink();
    const { response, toast, cartId } = await follow(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/carrito");
    expect(toast?.description).toBe("Agregamos Alimento Pro Plan Cachorro Razas Pequeñas — 3 kg a tu carrito.");
    expect(cartId).not.toBeNull();
    const cart = await getCart(cartId);
    expect(cart.lines.map((line) => [line.variantId, line.quantity])).toEqual([[bagId, 1]]);
  });

  test("a tampered or expired link adds nothing and says the link is no longer valid", async () => {
    const path = await reminderLink();
    const token = decodeURIComponent(path.split("/").pop()!);
    const [body, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ variantId: bagId, quantity: 99, exp: Date.now() + DAY_MS }));
    const before = await cartCount();
    for (const bad of [`${forged.toString("base64url")}.${signature}`, `${body}.${tamper(signature!)}`, "nada"]) {
      const { response, toast } = await follow(`/volver-a-pedir/${encodeURIComponent(bad)}`);
      expect(response.headers.get("Location")).toBe("/");
      expect(toast?.description).toBe("El enlace ya no es válido.");
    }
    expect(await cartCount()).toBe(before);
    expect(readFoodReorder(token, new Date(NOW.getTime() + 29 * DAY_MS))).toEqual({ variantId: bagId, quantity: 1 });
    expect(readFoodReorder(token, new Date(NOW.getTime() + 31 * DAY_MS))).toBeNull();
  });

  test("a sold-out bag says so and leads to the product's page, with no cart made", async () => {
    const path = await reminderLink();
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, bagId));
    const before = await cartCount();
    const { response, toast } = await follow(path);
    expect(response.headers.get("Location")).toBe(`/producto/${proPlanId}`);
    expect(toast?.title).toBe("Producto Agotado");
    expect(await cartCount()).toBe(before);
  });
});
