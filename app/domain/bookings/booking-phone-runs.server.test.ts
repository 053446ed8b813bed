// Issue 41: the agenda names the phones holding many bookings ahead, and 'Cancelar todas' frees
// one phone's run at once: only its confirmed bookings still ahead, each with its history.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";

import { bookingChanges, bookings } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import { bookingFormSchema } from "./booking";
import { changeBookingStatus } from "./booking-admin.server";
import { cancelPhoneRun, listPhoneRuns, PHONE_RUN_CANCEL_NOTE } from "./booking-phone-runs.server";
import { createBooking } from "./booking-store.server";

const { handle } = setUpTestDatabase();
let bathId: number;
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima. */
const NOW = new Date("2026-12-01T11:00:00Z");
const DAY = "2026-12-02";
const NEXT_DAY = "2026-12-03";
/** Wednesday 2 December at noon in Lima: that morning's visits are past. */
const NOON = new Date("2026-12-02T17:00:00Z");

beforeAll(async () => {
  await seedDemoShop(handle().db);
  bathId = await findServiceId(handle().db, "Baño y Corte para Perro");
  consultId = await findServiceId(handle().db, "Consulta Veterinaria General");
});

beforeEach(async () => {
  await handle().db.delete(bookings);
});

/** A booking taken by the owner, whom no limit stops: the way a run can pass the shopper's limits. */
async function book(service: number, date: string, time: string, customerPhone: string): Promise<number> {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date,
    time,
    petName: "Firulais",
    petSpecies: "dog",
    customerName: "Ana Torres",
    customerPhone,
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  const result = await createBooking({
    serviceId: service,
    form: parsed.data,
    userId: null,
    now: NOW,
    source: "admin",
  });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.booking.id;
}

async function statusOf(id: number) {
  const [row] = await handle().db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  return row!.status;
}

test("the phones with 3 or more bookings ahead, however typed; 'Cancelar todas' cancels only that phone's ahead", async () => {
  const morning = await book(consultId, DAY, "09:00", "987 654 321");
  const run = [
    await book(consultId, NEXT_DAY, "09:00", "+51 987 654 321"),
    await book(consultId, NEXT_DAY, "09:30", "987-654-321"),
    await book(consultId, NEXT_DAY, "10:00", "51987654321"),
    await book(bathId, NEXT_DAY, "09:00", "987654321"),
  ];
  const alreadyCancelled = await book(consultId, NEXT_DAY, "10:30", "987654321");
  await changeBookingStatus({ bookingId: alreadyCancelled, from: "confirmed", to: "cancelled", actor: "Rosa" });
  const other = [
    await book(consultId, NEXT_DAY, "11:00", "912 345 678"),
    await book(consultId, NEXT_DAY, "11:30", "912 345 678"),
    await book(bathId, NEXT_DAY, "10:00", "912 345 678"),
  ];
  const few = [
    await book(bathId, NEXT_DAY, "11:00", "955 555 555"),
    await book(bathId, NEXT_DAY, "12:00", "955555555"),
  ];

  expect(await listPhoneRuns(NOW)).toEqual([
    { phoneKey: "987654321", phone: "987 654 321", count: 5 },
    { phoneKey: "912345678", phone: "912 345 678", count: 3 },
  ]);
  expect(await listPhoneRuns(NOON)).toEqual([
    { phoneKey: "987654321", phone: "987 654 321", count: 4 },
    { phoneKey: "912345678", phone: "912 345 678", count: 3 },
  ]);

  expect(await cancelPhoneRun({ phoneKey: "987654321", actor: "Rosa", now: NOON })).toBe(4);
  for (const id of run) expect(await statusOf(id)).toBe("cancelled");
  // The morning's visit had already happened; the others belong to other phones.
  expect(await statusOf(morning)).toBe("confirmed");
  for (const id of [...other, ...few]) expect(await statusOf(id)).toBe("confirmed");
  const history = await handle()
    .db.select({ actor: bookingChanges.actor, note: bookingChanges.note })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, run[0]!), eq(bookingChanges.toStatus, "cancelled")));
  expect(history).toEqual([{ actor: "Rosa", note: PHONE_RUN_CANCEL_NOTE }]);

  expect(await listPhoneRuns(NOON)).toEqual([{ phoneKey: "912345678", phone: "912 345 678", count: 3 }]);
  // A second click, or a second admin, finds nothing left to cancel.
  expect(await cancelPhoneRun({ phoneKey: "987654321", actor: "Rosa", now: NOON })).toBe(0);
});
