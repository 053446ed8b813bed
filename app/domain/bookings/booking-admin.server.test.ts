// The owner's work on one booking (issue 28): status changes with their history, moves with
// the same no-double-booking guarantee as a new booking, and the pet's health records. Runs on
// in-memory PGlite and again on PostgreSQL when TEST_DATABASE_URL is set, where the pool's
// connections really interleave.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { bookingChanges, bookings, petHealthRecords, pets, services, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { setUpTestDatabase } from "~test/test-database";

import { type BookingForm, bookingFormSchema, SLOT_TAKEN_MESSAGE } from "./booking";
import { healthRecordFormSchema, NEXT_DUE_BEFORE_GIVEN_MESSAGE } from "./booking-admin";
import {
  addHealthRecord,
  changeBookingStatus,
  createBookingByPhone,
  getAdminBooking,
  listOwnerSlots,
  moveBooking,
} from "./booking-admin.server";
import { createBooking } from "./booking-store.server";

const { handle } = setUpTestDatabase();
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima: the whole day is ahead. */
const NOW = new Date("2026-12-01T11:00:00Z");
const DAY = "2026-12-02";
const NEXT_DAY = "2026-12-03";
const FRIDAY = "2026-12-04";

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const [row] = await handle()
    .db.select({ id: services.id })
    .from(services)
    .where(eq(services.title, "Consulta Veterinaria General"));
  consultId = row!.id;
});

beforeEach(async () => {
  await handle().db.delete(bookings);
});

function form(overrides: Partial<Record<keyof BookingForm, unknown>> = {}, index = 0): BookingForm {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date: DAY,
    time: "10:00",
    petName: `Firulais ${index}`,
    petSpecies: "dog",
    customerName: `Cliente ${index}`,
    customerPhone: `987 654 ${String(index).padStart(3, "0")}`,
    ...overrides,
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  return parsed.data;
}

async function book(
  overrides: Partial<Record<keyof BookingForm, unknown>> = {},
  index = 0,
  userId: string | null = null,
) {
  const result = await createBooking({ serviceId: consultId, form: form(overrides, index), userId, now: NOW });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.booking;
}

async function readBooking(id: number) {
  const [row] = await handle().db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function changesOf(id: number) {
  return handle().db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, id)).orderBy(bookingChanges.id);
}

describe("status changes", () => {
  test("are recorded with who made them, and show in the detail's history", async () => {
    const booking = await book();
    const change = (from: "confirmed" | "attended", to: "confirmed" | "attended" | "cancelled", note?: string) =>
      changeBookingStatus({ bookingId: booking.id, from, to, actor: "Rosa Admin", note });
    expect(await change("confirmed", "attended")).toMatchObject({ status: "changed", to: "attended" });
    // A wrong mark goes back to Confirmada; then a cancellation with its reason.
    expect(await change("attended", "confirmed")).toMatchObject({ status: "changed" });
    expect(await change("confirmed", "cancelled", "Llamó para cancelar")).toMatchObject({ status: "changed" });
    // From a status it no longer has: nothing changes.
    expect(await change("confirmed", "attended")).toEqual({ status: "stale" });

    expect((await readBooking(booking.id)).status).toBe("cancelled");
    const changes = await changesOf(booking.id);
    expect(changes.map((row) => [row.fromStatus, row.toStatus, row.actor, row.note])).toEqual([
      [null, "confirmed", "Cliente", ""],
      ["confirmed", "attended", "Rosa Admin", ""],
      ["attended", "confirmed", "Rosa Admin", ""],
      ["confirmed", "cancelled", "Rosa Admin", "Llamó para cancelar"],
    ]);
    const detail = await getAdminBooking(booking.id);
    expect(detail!.when).toBe("miércoles, 2 de diciembre de 2026, 10:00–10:30");
    const reminder = new URL(detail!.reminderUrl).searchParams.get("text");
    expect(reminder).toMatch(
      new RegExp(
        "^Hola Cliente 0, te recordamos la cita de Firulais 0 para Consulta Veterinaria General el miércoles " +
          `2 de diciembre de 2026 a las 10:00 en .+\\. Código ${booking.code}\\. Si necesitas cambiarla, respóndenos por aquí\\.$`,
      ),
    );
    expect(detail!.reminderUrl).toMatch(/^https:\/\/wa\.me\/51987654000\?/);
    expect(detail!.history.map((entry) => entry.toStatus)).toEqual(["confirmed", "attended", "confirmed", "cancelled"]);
    expect(detail!.history[3]).toMatchObject({ actor: "Rosa Admin", note: "Llamó para cancelar", move: null });
  });

  test("two admins marking the same booking at once change it once", async () => {
    const booking = await book();
    const results = await Promise.all(
      (["attended", "no_show", "cancelled", "attended", "no_show", "cancelled"] as const).map((to) =>
        changeBookingStatus({ bookingId: booking.id, from: "confirmed", to, actor: `Admin ${to}` }),
      ),
    );
    const applied = results.filter((result) => result.status === "changed");
    expect(applied).toHaveLength(1);
    expect(results.filter((result) => result.status === "stale")).toHaveLength(5);
    const changes = await changesOf(booking.id);
    expect(changes).toHaveLength(2);
    expect((await readBooking(booking.id)).status).toBe(changes[1]!.toStatus);
  });

  test("a cancelled booking is confirmed again only while its time is free", async () => {
    const first = await book();
    await changeBookingStatus({ bookingId: first.id, from: "confirmed", to: "cancelled", actor: "Rosa" });
    // The consultation (capacity 1) at the same time, booked once the first was cancelled.
    const second = await book({}, 1);
    expect(
      await changeBookingStatus({ bookingId: first.id, from: "cancelled", to: "confirmed", actor: "Rosa" }),
    ).toEqual({ status: "taken" });
    expect((await readBooking(first.id)).status).toBe("cancelled");
    await changeBookingStatus({ bookingId: second.id, from: "confirmed", to: "cancelled", actor: "Rosa" });
    expect(
      await changeBookingStatus({ bookingId: first.id, from: "cancelled", to: "confirmed", actor: "Rosa" }),
    ).toMatchObject({ status: "changed" });
  });
});

describe("moves", () => {
  test("a move into a taken slot is refused with the free slots and leaves the booking where it was", async () => {
    await book({ time: "10:00" });
    const moving = await book({ time: "11:00" }, 1);
    const before = await readBooking(moving.id);
    const refused = await moveBooking({
      bookingId: moving.id,
      date: DAY,
      time: "10:00",
      seenStartsAt: before.startsAt,
      actor: "Rosa",
      now: NOW,
    });
    expect(refused).toMatchObject({ status: "refused", refusal: { field: "time", message: SLOT_TAKEN_MESSAGE } });
    const offered = refused.status === "refused" ? refused.refusal.slots!.map((slot) => slot.time) : [];
    expect(offered).not.toContain("10:00");
    // The booking's own time is free for itself.
    expect(offered).toContain("11:00");
    expect(await readBooking(moving.id)).toEqual(before);
    expect(await changesOf(moving.id)).toHaveLength(1);
  });

  test("a move within the minimum notice is the owner's to make, and goes in the history", async () => {
    const booking = await book({ time: "16:00" });
    const seen = (await readBooking(booking.id)).startsAt;
    // 9:10 in Lima on the day: a shopper could not book 9:30 (2 hours' notice), the owner can.
    const ownerNow = new Date("2026-12-02T14:10:00Z");
    const slots = await listOwnerSlots({ serviceId: consultId, size: "small", date: DAY, now: ownerNow });
    expect(slots.slots[0]!.time).toBe("09:30");
    const moved = await moveBooking({
      bookingId: booking.id,
      date: DAY,
      time: "09:30",
      seenStartsAt: seen,
      actor: "Rosa",
      now: ownerNow,
    });
    expect(moved).toMatchObject({ status: "moved", when: "miércoles, 2 de diciembre de 2026, 09:30–10:00" });
    const row = await readBooking(booking.id);
    expect(row.startsAt.toISOString()).toBe("2026-12-02T14:30:00.000Z");
    expect(row.endsAt.toISOString()).toBe("2026-12-02T15:00:00.000Z");
    const detail = await getAdminBooking(booking.id);
    expect(detail!.history.at(-1)).toMatchObject({
      actor: "Rosa",
      move: { from: "02/12/2026 16:00", to: "02/12/2026 09:30" },
    });
    // A second move from the start seen before the first: refused, nothing moves.
    const again = await moveBooking({
      bookingId: booking.id,
      date: DAY,
      time: "12:00",
      seenStartsAt: seen,
      actor: "Ana",
      now: ownerNow,
    });
    expect(again).toEqual({ status: "stale" });
    expect((await readBooking(booking.id)).startsAt.toISOString()).toBe("2026-12-02T14:30:00.000Z");
  });

  test("20 bookings moved at once into one free slot of capacity 1: exactly one moves", async () => {
    const times = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "15:00", "15:30"];
    const created = [];
    for (const [index, time] of times.entries()) {
      created.push(await book({ date: DAY, time }, index));
      created.push(await book({ date: NEXT_DAY, time }, index + 100));
    }
    const rows = await Promise.all(created.map((booking) => readBooking(booking.id)));
    const results = await Promise.all(
      rows.map((row) =>
        moveBooking({
          bookingId: row.id,
          date: FRIDAY,
          time: "10:00",
          seenStartsAt: row.startsAt,
          actor: "Rosa",
          now: NOW,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "moved")).toHaveLength(1);
    const refused = results.flatMap((result) => (result.status === "refused" ? [result.refusal.message] : []));
    expect(refused).toEqual(Array.from({ length: 19 }, () => SLOT_TAKEN_MESSAGE));
    const [atTen] = await handle()
      .db.select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.serviceId, consultId), eq(bookings.startsAt, new Date("2026-12-04T15:00:00Z"))));
    expect(atTen!.n).toBe(1);
  });
});

describe("health records", () => {
  let userId: string;
  let petId: number;

  beforeAll(async () => {
    userId = "user-lucia";
    await handle().db.insert(users).values({ id: userId, name: "Lucía", email: "lucia@example.com" });
    const [pet] = await handle()
      .db.insert(pets)
      .values({ userId, name: "Toby", species: "dog", size: "small" })
      .returning({ id: pets.id });
    petId = pet!.id;
  });

  test("a next dose before the date given is refused and stores nothing; a good one is listed", async () => {
    const booking = await book({ petId, petName: "Toby" }, 0, userId);
    const input = { kind: "vaccination", name: "Séxtuple", givenOn: "2026-12-02", nextDueOn: "2026-11-30" };
    const parsed = parseWithSchema(healthRecordFormSchema, input);
    expect(parsed.success ? "" : parsed.errors.nextDueOn).toBe(NEXT_DUE_BEFORE_GIVEN_MESSAGE);
    const sameDay = { kind: "vaccination" as const, name: "Séxtuple", givenOn: "2026-12-02", nextDueOn: "2026-12-02" };
    expect(await addHealthRecord(booking.id, sameDay)).toMatchObject({ status: "invalid", field: "nextDueOn" });
    expect(await handle().db.select().from(petHealthRecords)).toEqual([]);

    expect(await addHealthRecord(booking.id, { ...sameDay, nextDueOn: "2027-12-02" })).toEqual({ status: "added" });
    const detail = await getAdminBooking(booking.id);
    expect(detail!.healthRecords).toEqual([
      expect.objectContaining({
        kind: "vaccination",
        name: "Séxtuple",
        givenOn: "02/12/2026",
        nextDueOn: "02/12/2027",
      }),
    ]);

    // A pet typed in, not registered: nowhere to keep the record.
    const guest = await book({ time: "11:00" }, 1);
    expect(await addHealthRecord(guest.id, { ...sameDay, nextDueOn: null })).toEqual({ status: "not-registered" });
    expect((await getAdminBooking(guest.id))!.healthRecords).toBeNull();
  });

  test("the pet's other visits: by its saved pet, or by the same phone and name", async () => {
    const visit = await book({ petId, petName: "Toby", time: "09:00" }, 0, userId);
    const later = await book({ petId, petName: "Toby", date: NEXT_DAY, time: "09:00" }, 0, userId);
    const guest = await book({ petName: "Rocky", customerPhone: "987654321", time: "12:00" }, 3);
    const guestAgain = await book(
      { petName: " rocky ", customerPhone: "987 654 321", date: NEXT_DAY, time: "12:00" },
      4,
    );
    // A third booking of the number, for another pet, taken by the owner: a shopper holds two per service.
    await createBookingByPhone({
      serviceId: consultId,
      form: form({ petName: "Otro", customerPhone: "987654321", date: NEXT_DAY, time: "12:30" }, 5),
      actor: "Rosa",
      now: NOW,
    });
    expect((await getAdminBooking(visit.id))!.visits.map((row) => row.id)).toEqual([later.id]);
    expect((await getAdminBooking(guestAgain.id))!.visits).toEqual([
      expect.objectContaining({ id: guest.id, status: "confirmed", when: "02/12/2026 12:00" }),
    ]);
  });
});
