// Issue 28's guarantees on the agenda's one write: no double booking with real concurrent
// requests, every refusal in Spanish with nothing stored. Runs on in-memory PGlite in
// `npm test` and again on PostgreSQL when TEST_DATABASE_URL is set (vitest.config.ts), where
// the pool's connections really interleave.
import { and, count, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";

import { bookings, serviceBookingSizes, shopAlerts } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import {
  type BookingForm,
  bookingFormSchema,
  PAST_DAY_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  SIZE_UNAVAILABLE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
} from "./booking";
import { createBooking, getBookableService, listFreeSlots } from "./booking-store.server";

const { handle } = setUpTestDatabase();
let bathId: number;
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima: the whole day is ahead. */
const NOW = new Date("2026-12-01T11:00:00Z");
const DAY = "2026-12-02";

beforeAll(async () => {
  await seedDemoShop(handle().db);
  bathId = await findServiceId(handle().db, "Baño y Corte para Perro");
  consultId = await findServiceId(handle().db, "Consulta Veterinaria General");
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

async function confirmedCount(serviceIdValue: number): Promise<number> {
  const [row] = await handle()
    .db.select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.serviceId, serviceIdValue), ne(bookings.status, "cancelled")));
  return row!.n;
}

async function bookAtOnce(serviceIdValue: number, times: number, overrides = {}) {
  return Promise.all(
    Array.from({ length: times }, (_, index) =>
      createBooking({ serviceId: serviceIdValue, form: form(overrides, index), userId: null, now: NOW }),
    ),
  );
}

test("50 bookings at once for one slot of capacity 1: exactly one confirmed, the others told it was taken", async () => {
  const results = await bookAtOnce(consultId, 50);
  expect(results.filter((result) => result.ok)).toHaveLength(1);
  const refused = results.flatMap((result) => (result.ok ? [] : [result.refusal]));
  expect(refused).toHaveLength(49);
  expect(new Set(refused.map((refusal) => refusal.message))).toEqual(new Set([SLOT_TAKEN_MESSAGE]));
  // Each refusal offers the day's other free slots, without the one taken.
  expect(refused[0]!.slots!.map((slot) => slot.time)).not.toContain("10:00");
  expect(refused[0]!.slots!.map((slot) => slot.time)).toContain("10:30");
  expect(await confirmedCount(consultId)).toBe(1);
  // One alert to the shop per booking.
  const [alerts] = await handle().db.select({ n: count() }).from(shopAlerts).where(eq(shopAlerts.kind, "booking"));
  expect(alerts!.n).toBeGreaterThanOrEqual(1);
});

test("50 at once with capacity 2: exactly two", async () => {
  const results = await bookAtOnce(bathId, 50);
  expect(results.filter((result) => result.ok)).toHaveLength(2);
  expect(await confirmedCount(bathId)).toBe(2);
  const [first] = await handle().db.select().from(bookings).where(eq(bookings.serviceId, bathId)).limit(1);
  expect(first!.code).toMatch(/^RES-\d{6}$/);
  expect(first!.startsAt.toISOString()).toBe("2026-12-02T15:00:00.000Z");
  expect(first!.endsAt.toISOString()).toBe("2026-12-02T16:00:00.000Z");
  expect(first!.priceCents).toBe(5000);
});

test("a visit spanning several slots holds all of them", async () => {
  // Two large dogs, 120 minutes each, fill both groomers from 9:00 to 11:00.
  const large = await bookAtOnce(bathId, 2, { size: "large", time: "09:00" });
  expect(large.every((result) => result.ok)).toBe(true);
  const smallSlots = (await listFreeSlots((await getBookableService(bathId))!, "small", DAY, NOW)).map((s) => s.time);
  expect(smallSlots).not.toContain("09:00");
  expect(smallSlots).not.toContain("10:30");
  expect(smallSlots).toContain("11:00");
  const refused = await createBooking({ serviceId: bathId, form: form({ time: "10:30" }), userId: null, now: NOW });
  expect(refused).toMatchObject({ ok: false, refusal: { field: "time", message: SLOT_TAKEN_MESSAGE } });
  expect(await confirmedCount(bathId)).toBe(2);
});

test("bad input is refused in Spanish and stores nothing", async () => {
  const attempts: [Parameters<typeof createBooking>[0], string][] = [
    [{ serviceId: consultId, form: form({ date: "2026-11-30" }), userId: null, now: NOW }, PAST_DAY_MESSAGE],
    [{ serviceId: consultId, form: form({ time: "10:10" }), userId: null, now: NOW }, SLOT_UNAVAILABLE_MESSAGE],
    [{ serviceId: consultId, form: form({ time: "13:00" }), userId: null, now: NOW }, SLOT_UNAVAILABLE_MESSAGE],
    [{ serviceId: 999_999, form: form(), userId: null, now: NOW }, SERVICE_UNAVAILABLE_MESSAGE],
    [{ serviceId: consultId, form: form({ petId: 1 }), userId: null, now: NOW }, "Elige una de tus mascotas."],
  ];
  // The desparasitación is not reservable.
  attempts.push([
    { serviceId: await findServiceId(handle().db, "Desparasitación"), form: form(), userId: null, now: NOW },
    SERVICE_UNAVAILABLE_MESSAGE,
  ]);
  for (const [input, message] of attempts) {
    const result = await createBooking(input);
    expect(result.ok ? "booked" : result.refusal.message).toBe(message);
  }
  // A size the service does not attend.
  await handle()
    .db.delete(serviceBookingSizes)
    .where(and(eq(serviceBookingSizes.serviceId, consultId), eq(serviceBookingSizes.size, "large")));
  const noLarge = await createBooking({ serviceId: consultId, form: form({ size: "large" }), userId: null, now: NOW });
  expect(noLarge.ok ? "booked" : noLarge.refusal.message).toBe(SIZE_UNAVAILABLE_MESSAGE);
  expect(await confirmedCount(consultId)).toBe(0);

  // The form's own rules: a 10,000-character note, no pet name, a size that is not one.
  const tooLong = parseWithSchema(bookingFormSchema, { ...form(), notes: "a".repeat(10_000) });
  expect(tooLong.success ? "" : tooLong.errors.notes).toBe("Escribe como máximo 1000 caracteres en las notas.");
  const noName = parseWithSchema(bookingFormSchema, { ...form(), petName: "  " });
  expect(noName.success ? "" : noName.errors.petName).toBe("Escribe el nombre de tu mascota.");
  const giant = parseWithSchema(bookingFormSchema, { ...form(), size: "giant" });
  expect(giant.success ? "" : giant.errors.size).toBe("Elige el tamaño de tu mascota.");
});
