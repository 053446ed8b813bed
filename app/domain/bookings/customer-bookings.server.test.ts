// Issue 28: the shopper's side of a booking. Only its account or its link's token opens it;
// cancelling and moving are refused on the server after 'Horas para cancelar'; a move keeps the
// no-double-booking guarantee. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";

import { bookingChanges, bookings, services, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { setUpTestDatabase } from "~test/test-database";

import { bookingFormSchema, LATE_CHANGE_MESSAGE, SLOT_TAKEN_MESSAGE } from "./booking";
import { buildBookingIcs } from "./booking-ics";
import { createBooking } from "./booking-store.server";
import {
  cancelBookingAsCustomer,
  getBookingForViewer,
  listCustomerBookings,
  moveBookingAsCustomer,
} from "./customer-bookings.server";

const { handle } = setUpTestDatabase();
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima. */
const NOW = new Date("2026-12-01T11:00:00Z");

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const [row] = await handle()
    .db.select({ id: services.id })
    .from(services)
    .where(eq(services.title, "Consulta Veterinaria General"));
  consultId = row!.id;
  await handle()
    .db.insert(users)
    .values([
      { id: "u-ana", name: "Ana", email: "ana@example.pe", emailVerified: true, role: "customer" },
      { id: "u-beto", name: "Beto", email: "beto@example.pe", emailVerified: true, role: "customer" },
    ] as never);
});

beforeEach(async () => {
  await handle().db.delete(bookings);
});

async function book(time: string, userId: string | null = null, date = "2026-12-03", customerPhone = "987654321") {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date,
    time,
    petName: "Misha",
    petSpecies: "cat",
    customerName: "Ana",
    customerPhone,
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  const result = await createBooking({ serviceId: consultId, form: parsed.data, userId, now: NOW });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.booking;
}

test("a booking opens for its account or its token; another account, a wrong token or none get nothing", async () => {
  const booking = await book("10:00", "u-ana");
  expect((await getBookingForViewer(booking.code, null, "u-ana"))?.id).toBe(booking.id);
  expect((await getBookingForViewer(booking.code, booking.accessToken, null))?.id).toBe(booking.id);
  expect(await getBookingForViewer(booking.code, null, "u-beto")).toBeNull();
  expect(await getBookingForViewer(booking.code, null, null)).toBeNull();
  expect(await getBookingForViewer(booking.code, "x".repeat(32), "u-beto")).toBeNull();
  expect(await getBookingForViewer("RES-999999", booking.accessToken, null)).toBeNull();
  const mine = await listCustomerBookings("u-ana", NOW);
  expect(mine.upcoming.map((row) => row.code)).toEqual([booking.code]);
  expect((await listCustomerBookings("u-beto", NOW)).upcoming).toEqual([]);
});

test("cancelling is refused on the server within 'Horas para cancelar'; before, it cancels once, with history", async () => {
  const booking = await book("10:00");
  // Thursday 3 December 10:00 Lima = 15:00 UTC; 24 hours before is Wednesday 15:00 UTC.
  const late = await cancelBookingAsCustomer(booking.id, new Date("2026-12-02T15:00:01Z"));
  expect(late).toEqual({ ok: false, refusal: { field: "form", message: LATE_CHANGE_MESSAGE } });
  const [still] = await handle().db.select().from(bookings).where(eq(bookings.id, booking.id));
  expect(still!.status).toBe("confirmed");

  expect(await cancelBookingAsCustomer(booking.id, new Date("2026-12-02T15:00:00Z"))).toEqual({ ok: true });
  expect((await cancelBookingAsCustomer(booking.id, NOW)).ok).toBe(false);
  const changes = await handle().db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
  expect(changes.map((change) => `${change.fromStatus ?? ""}→${change.toStatus} ${change.actor}`)).toEqual([
    "→confirmed Cliente",
    "confirmed→cancelled Cliente",
  ]);
});

test("moving takes a free slot, never a taken one, and frees the old one", async () => {
  const mine = await book("10:00");
  await book("11:00");
  const taken = await moveBookingAsCustomer(mine.id, { date: "2026-12-03", time: "11:00" }, NOW);
  expect(taken).toMatchObject({ ok: false, refusal: { field: "time", message: SLOT_TAKEN_MESSAGE } });
  expect(await moveBookingAsCustomer(mine.id, { date: "2026-12-04", time: "09:30" }, NOW)).toEqual({ ok: true });
  const [moved] = await handle().db.select().from(bookings).where(eq(bookings.id, mine.id));
  expect(moved!.startsAt.toISOString()).toBe("2026-12-04T14:30:00.000Z");
  expect(moved!.endsAt.toISOString()).toBe("2026-12-04T15:00:00.000Z");
  // Its old slot is free again, for someone else (one phone holds two bookings of a service).
  expect((await book("10:00", null, "2026-12-03", "912 345 678")).code).toMatch(/^RES-/);
  // Too late to move: refused, left where it was.
  const late = await moveBookingAsCustomer(
    mine.id,
    { date: "2026-12-07", time: "09:00" },
    new Date("2026-12-04T00:00:00Z"),
  );
  expect(late.ok).toBe(false);
});

test("the .ics names the visit in UTC, escaped and folded", () => {
  const ics = buildBookingIcs({
    code: "RES-000007",
    serviceTitle: "Baño y Corte, para perro; grande",
    petName: "Firulais",
    startsAt: new Date("2026-12-03T15:00:00Z"),
    endsAt: new Date("2026-12-03T17:00:00Z"),
    icsSequence: 0,
    method: "PUBLISH",
    customerEmail: "",
    customerName: "Ana",
    shopName: "Patitas Felices",
    address: "Av. Primavera 1234, Surco",
    url: `https://patitas.pe/reserva/RES-000007?t=${"a".repeat(32)}`,
    host: "patitas.pe",
    now: NOW,
  });
  expect(ics).toContain("DTSTART:20261203T150000Z\r\n");
  expect(ics).toContain("DTEND:20261203T170000Z\r\n");
  expect(ics).toContain("SUMMARY:Baño y Corte\\, para perro\\; grande: Firulais (Patitas Felices)");
  expect(ics).toContain("UID:RES-000007@patitas.pe");
  expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
});
