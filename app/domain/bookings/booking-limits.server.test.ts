// Issue 41: one visitor booked a whole day from one address, one name and one phone. What one
// visitor may hold ahead online, checked inside the booking's transaction: per phone and per
// e-mail, for a service and across services, and a daily cap per address. Runs on in-memory
// PGlite and again on PostgreSQL when TEST_DATABASE_URL is set, where the concurrent bookings
// really interleave.
import { and, count, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { bookings, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import { type BookingForm, bookingFormSchema, SLOT_TAKEN_MESSAGE } from "./booking";
import { changeBookingStatus } from "./booking-admin.server";
import {
  DAILY_ADDRESS_LIMIT_MESSAGE,
  EMAIL_LIMIT_MESSAGE,
  EMAIL_SERVICE_LIMIT_MESSAGE,
  formatPhoneKey,
  PHONE_LIMIT_MESSAGE,
  PHONE_SERVICE_LIMIT_MESSAGE,
  readPhoneKey,
  toEmailKey,
} from "./booking-limits";
import { createBooking } from "./booking-store.server";

const { handle } = setUpTestDatabase();
let bathId: number;
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima: the whole day is ahead. */
const NOW = new Date("2026-12-01T11:00:00Z");
const DAY = "2026-12-02";
const NEXT_DAY = "2026-12-03";

beforeAll(async () => {
  await seedDemoShop(handle().db);
  bathId = await findServiceId(handle().db, "Baño y Corte para Perro");
  consultId = await findServiceId(handle().db, "Consulta Veterinaria General");
  await handle()
    .db.insert(users)
    .values([
      { id: "u-confirmed", name: "Rosa", email: "rosa@example.pe", emailVerified: true },
      { id: "u-unconfirmed", name: "Beto", email: "beto@example.pe", emailVerified: false },
    ]);
});

beforeEach(async () => {
  await handle().db.delete(bookings);
});

function form(fields: Record<string, string>): BookingForm {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date: DAY,
    petName: "Firulais",
    petSpecies: "dog",
    customerName: "Ana Torres",
    customerPhone: "987 654 321",
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  return parsed.data;
}

type Options = { userId?: string | null; source?: "online" | "admin"; clientIp?: string; now?: Date };

function book(service: number, fields: Record<string, string>, options: Options = {}) {
  return createBooking({ serviceId: service, form: form(fields), userId: null, now: NOW, ...options });
}

/** What a booking answered: 'booked', or its refusal's field and message. */
async function outcome(result: ReturnType<typeof book>) {
  const answer = await result;
  return answer.ok ? "booked" : `${answer.refusal.field}: ${answer.refusal.message}`;
}

async function storedCount(): Promise<number> {
  const [row] = await handle().db.select({ n: count() }).from(bookings).where(ne(bookings.status, "cancelled"));
  return row!.n;
}

test("the keys: a phone's last nine digits, an e-mail lower-case without its +tag", () => {
  expect(toEmailKey(" Ana+Citas@Correo.PE ")).toBe("ana@correo.pe");
  expect(toEmailKey("ana+a+b@correo.pe")).toBe("ana@correo.pe");
  expect(toEmailKey("ana@correo.pe")).toBe("ana@correo.pe");
  expect(formatPhoneKey("987654321")).toBe("987 654 321");
  expect(formatPhoneKey("2345678")).toBe("2345678");
  expect(readPhoneKey("987654321")).toBe("987654321");
  expect(readPhoneKey("987 654 321")).toBeNull();
  expect(readPhoneKey("1; drop table")).toBeNull();
  expect(readPhoneKey(null)).toBeNull();
});

describe("per phone", () => {
  test("2 bookings ahead per service and 3 in all, however the number is typed; refused beside the phone", async () => {
    expect(await outcome(book(bathId, { time: "09:00", customerPhone: "987 654 321" }))).toBe("booked");
    expect(await outcome(book(bathId, { time: "10:00", customerPhone: "+51 987-654-321" }))).toBe("booked");
    expect(await outcome(book(bathId, { time: "11:00", customerPhone: "51987654321" }))).toBe(
      `customerPhone: ${PHONE_SERVICE_LIMIT_MESSAGE}`,
    );
    expect(await outcome(book(bathId, { date: NEXT_DAY, time: "09:00", customerPhone: "(987) 654321" }))).toBe(
      `customerPhone: ${PHONE_SERVICE_LIMIT_MESSAGE}`,
    );
    expect(await outcome(book(consultId, { time: "09:00" }))).toBe("booked");
    expect(await outcome(book(consultId, { time: "09:30" }))).toBe(`customerPhone: ${PHONE_LIMIT_MESSAGE}`);
    // Another number is someone else.
    expect(await outcome(book(bathId, { time: "11:00", customerPhone: "912 345 678" }))).toBe("booked");
    expect(await storedCount()).toBe(4);
  });

  test("a cancelled booking, or one already past, holds no place", async () => {
    const first = await book(bathId, { time: "09:00" });
    await book(bathId, { time: "10:00" });
    expect(await outcome(book(bathId, { time: "11:00" }))).toBe(`customerPhone: ${PHONE_SERVICE_LIMIT_MESSAGE}`);
    if (!first.ok) throw new Error(first.refusal.message);
    const cancelled = await changeBookingStatus({
      bookingId: first.booking.id,
      from: "confirmed",
      to: "cancelled",
      actor: "Rosa",
    });
    expect(cancelled).toMatchObject({ status: "changed" });
    expect(await outcome(book(bathId, { time: "11:00" }))).toBe("booked");
    // The next evening the day's two visits are past: two more fit the day after.
    const evening = new Date("2026-12-03T03:00:00Z");
    expect(await outcome(book(bathId, { date: NEXT_DAY, time: "09:00" }, { now: evening }))).toBe("booked");
    expect(await outcome(book(bathId, { date: NEXT_DAY, time: "10:00" }, { now: evening }))).toBe("booked");
    expect(await outcome(book(bathId, { date: NEXT_DAY, time: "11:00" }, { now: evening }))).toBe(
      `customerPhone: ${PHONE_SERVICE_LIMIT_MESSAGE}`,
    );
  });

  test("concurrent bookings of one phone count each other: 2 of a service, 3 in all", async () => {
    // Every one of these slots is free for both services (the morning closes at 13:00 and the
    // bath takes an hour), so the only refusal left, in whatever order PostgreSQL runs them, is
    // the phone's limit.
    const times = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00"];
    const results = await Promise.all([
      ...times.map((time) => book(bathId, { time })),
      ...times.map((time) => book(consultId, { time })),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    const refused = results.flatMap((result) => (result.ok ? [] : [result.refusal]));
    expect(new Set(refused.map((refusal) => refusal.field))).toEqual(new Set(["customerPhone"]));
    const [bath] = await handle().db.select({ n: count() }).from(bookings).where(eq(bookings.serviceId, bathId));
    expect(bath!.n).toBeLessThanOrEqual(2);
    expect(await storedCount()).toBe(3);
  });
});

describe("per e-mail", () => {
  test("the same limits by inbox, lower-case and without its +tag, whatever the phone; refused beside the e-mail", async () => {
    const mail = (customerPhone: string, customerEmail: string) => ({ customerPhone, customerEmail });
    expect(await outcome(book(bathId, { time: "09:00", ...mail("911 111 111", "Ana@Correo.pe") }))).toBe("booked");
    expect(await outcome(book(bathId, { time: "10:00", ...mail("922 222 222", "ana+citas@correo.pe") }))).toBe(
      "booked",
    );
    expect(await outcome(book(bathId, { time: "11:00", ...mail("933 333 333", "ANA+x@correo.pe") }))).toBe(
      `customerEmail: ${EMAIL_SERVICE_LIMIT_MESSAGE}`,
    );
    expect(await outcome(book(consultId, { time: "09:00", ...mail("944 444 444", "ana@correo.pe") }))).toBe("booked");
    expect(await outcome(book(consultId, { time: "09:30", ...mail("955 555 555", "ana@correo.pe") }))).toBe(
      `customerEmail: ${EMAIL_LIMIT_MESSAGE}`,
    );
    expect(await outcome(book(consultId, { time: "09:30", ...mail("955 555 555", "beto@correo.pe") }))).toBe("booked");
    // No e-mail is no inbox: those bookings are counted by their phones only.
    for (const [index, time] of ["10:00", "10:30", "11:00"].entries()) {
      expect(await outcome(book(consultId, { time, ...mail(`96${index} 000 000`, "") }))).toBe("booked");
    }
  });
});

describe("who is not limited", () => {
  test("a signed-in customer whose e-mail is confirmed, and the owner; an unconfirmed account is", async () => {
    for (const time of ["09:00", "10:00", "11:00", "12:00"]) {
      expect(await outcome(book(bathId, { time }, { userId: "u-confirmed" }))).toBe("booked");
    }
    const owner = { source: "admin" as const, customerPhone: "912 345 678" };
    for (const time of ["09:00", "10:00", "11:00"]) {
      expect(
        await outcome(book(consultId, { time, customerPhone: owner.customerPhone }, { source: owner.source })),
      ).toBe("booked");
    }
    const guest = { customerPhone: "900 000 001" };
    expect(await outcome(book(bathId, { time: "15:00", ...guest }, { userId: "u-unconfirmed" }))).toBe("booked");
    expect(await outcome(book(bathId, { time: "16:00", ...guest }, { userId: "u-unconfirmed" }))).toBe("booked");
    expect(await outcome(book(bathId, { time: "17:00", ...guest }, { userId: "u-unconfirmed" }))).toBe(
      `customerPhone: ${PHONE_SERVICE_LIMIT_MESSAGE}`,
    );
  });
});

describe("per address and day", () => {
  const consultTimes = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30"];
  const phone = (index: number) => `97${index} 000 000`;

  test("6 bookings a day from one address; the 7th is refused for the whole form and stores nothing", async () => {
    const clientIp = "203.0.113.7";
    for (const [index, time] of consultTimes.slice(0, 6).entries()) {
      expect(await outcome(book(consultId, { time, customerPhone: phone(index) }, { clientIp }))).toBe("booked");
      // A slot already taken is refused for its time and costs the address nothing.
      expect(await outcome(book(consultId, { time, customerPhone: "988 888 888" }, { clientIp }))).toBe(
        `time: ${SLOT_TAKEN_MESSAGE}`,
      );
    }
    expect(await outcome(book(consultId, { time: "12:00", customerPhone: phone(6) }, { clientIp }))).toBe(
      `form: ${DAILY_ADDRESS_LIMIT_MESSAGE}`,
    );
    expect(await storedCount()).toBe(6);
    // Another address, a confirmed account on the same one, and the owner are not counted.
    expect(
      await outcome(book(consultId, { time: "12:00", customerPhone: phone(6) }, { clientIp: "203.0.113.8" })),
    ).toBe("booked");
    expect(
      await outcome(book(consultId, { time: "12:30", customerPhone: phone(7) }, { clientIp, userId: "u-confirmed" })),
    ).toBe("booked");
  });

  test("concurrent bookings from one address cannot all pass the count", async () => {
    const results = await Promise.all(
      consultTimes.map((time, index) =>
        book(consultId, { date: NEXT_DAY, time, customerPhone: phone(index) }, { clientIp: "203.0.113.9" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(6);
    expect(results.flatMap((result) => (result.ok ? [] : [result.refusal.message]))).toEqual([
      DAILY_ADDRESS_LIMIT_MESSAGE,
      DAILY_ADDRESS_LIMIT_MESSAGE,
    ]);
    const [row] = await handle()
      .db.select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.serviceId, consultId), ne(bookings.status, "cancelled")));
    expect(row!.n).toBe(6);
  });
});
