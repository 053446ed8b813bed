// 'Añadir a mi calendario' (/reserva/{code}/cita.ics, issue 40): the download is the booking as
// it now is, its current time and SEQUENCE under the same UID, so importing it after a move
// replaces the event the shopper's calendar holds.
import { beforeAll, expect, test, vi } from "vitest";

import { bookingFormSchema } from "~/domain/bookings/booking";
import { createBooking } from "~/domain/bookings/booking-store.server";
import { moveBookingAsCustomer } from "~/domain/bookings/customer-bookings.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import { loader } from "./booking-ics";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima. */
const NOW = new Date("2026-12-01T11:00:00Z");

beforeAll(async () => {
  await seedDemoShop(handle().db);
  consultId = await findServiceId(handle().db, "Consulta Veterinaria General");
});

async function download(code: string, token: string): Promise<string> {
  const request = new Request(`http://localhost:3000/reserva/${code}/cita.ics?t=${token}`);
  const response = (await loader({ request, params: { code }, context: {} } as never)) as Response;
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  return (await response.text()).replace(/\r\n /g, "");
}

test("after a move the download has the new time and a higher SEQUENCE under the same UID", async () => {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date: "2026-12-03",
    time: "10:00",
    petName: "Misha",
    petSpecies: "cat",
    customerName: "Ana Torres",
    customerPhone: "987654321",
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  const created = await createBooking({ serviceId: consultId, form: parsed.data, userId: null, now: NOW });
  if (!created.ok) throw new Error(created.refusal.message);
  const { id, code, accessToken } = created.booking;

  const first = await download(code, accessToken);
  expect(first).toContain(`UID:${code}@localhost\r\n`);
  expect(first).toContain("SEQUENCE:0\r\n");
  expect(first).toContain("DTSTART:20261203T150000Z\r\n");

  expect(await moveBookingAsCustomer(id, { date: "2026-12-04", time: "09:30" }, NOW)).toEqual({ ok: true });
  const moved = await download(code, accessToken);
  expect(moved).toContain("METHOD:PUBLISH\r\n");
  expect(moved).toContain(`UID:${code}@localhost\r\n`);
  expect(moved).toContain("SEQUENCE:1\r\n");
  expect(moved).toContain("DTSTART:20261204T143000Z\r\n");
  expect(moved).toContain("DTEND:20261204T150000Z\r\n");
});
