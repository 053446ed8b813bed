// Issue 40: moving or cancelling a booking, by the shopper or by the owner, e-mails the shopper
// an .ics with the booking's UID and a higher SEQUENCE (REQUEST with the new time, or CANCEL),
// so their calendar replaces the event instead of keeping the old time. On PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { bookings } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { parseWithSchema } from "~/lib/form-data";
import type { MailMessage } from "~/lib/mail.server";
import { sentMails } from "~test/captured-mail";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import { bookingFormSchema } from "./booking";
import { changeBookingStatus, moveBooking } from "./booking-admin.server";
import { sendBookingConfirmation } from "./booking-mail.server";
import { createBooking, readBookings } from "./booking-store.server";
import { cancelBookingAsCustomer, moveBookingAsCustomer } from "./customer-bookings.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
let consultId: number;

/** Tuesday 1 December 2026, 6:00 in Lima. */
const NOW = new Date("2026-12-01T11:00:00Z");

beforeAll(async () => {
  await seedDemoShop(handle().db);
  consultId = await findServiceId(handle().db, "Consulta Veterinaria General");
});

beforeEach(async () => {
  await handle().db.delete(bookings);
  sentMails.length = 0;
});

async function book(time: string, customerEmail = "ana@example.pe") {
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date: "2026-12-03",
    time,
    petName: "Misha",
    petSpecies: "cat",
    customerName: "Ana Torres",
    customerPhone: "987654321",
    customerEmail,
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  const result = await createBooking({ serviceId: consultId, form: parsed.data, userId: null, now: NOW });
  if (!result.ok) throw new Error(result.refusal.message);
  const [row] = await readBookings([result.booking.id]);
  return row!;
}

async function readRow(id: number) {
  const [row] = await readBookings([id]);
  return row!;
}

/** The n-th e-mail, once the command's after-commit send has written it. */
async function mailNumber(count: number): Promise<MailMessage> {
  await vi.waitFor(() => expect(sentMails).toHaveLength(count), { timeout: 5_000 });
  return sentMails[count - 1]!;
}

/** The e-mail's .ics, its folded lines joined again, and its MIME type. */
function calendarOf(mail: MailMessage) {
  const [attachment] = mail.attachments ?? [];
  expect(attachment).toBeDefined();
  return { ics: attachment!.content.replace(/\r\n /g, ""), contentType: attachment!.contentType };
}

const uidOf = (ics: string) => /^UID:(.+)$/m.exec(ics)?.[1];
const sequenceOf = (ics: string) => Number(/^SEQUENCE:(\d+)$/m.exec(ics)?.[1]);

describe("the shopper's own changes", () => {
  test("a move: 'Tu cita fue reprogramada' with the new day and time in Lima, the same UID, SEQUENCE 1", async () => {
    const booking = await book("10:00");
    await sendBookingConfirmation(booking);
    const confirmation = calendarOf(await mailNumber(1));
    expect(confirmation.ics).toContain("METHOD:PUBLISH\r\n");
    expect(sequenceOf(confirmation.ics)).toBe(0);

    expect(await moveBookingAsCustomer(booking.id, { date: "2026-12-04", time: "09:30" }, NOW)).toEqual({ ok: true });
    const mail = await mailNumber(2);
    expect(mail.to).toBe("ana@example.pe");
    expect(mail.subject).toBe(
      "Tu cita fue reprogramada: Consulta Veterinaria General, viernes, 4 de diciembre de 2026 a las 09:30",
    );
    expect(mail.text).toContain("ahora es el viernes, 4 de diciembre de 2026 a las 09:30 (hora de Lima)");
    expect(mail.text).toContain("Antes era el jueves, 3 de diciembre de 2026 a las 10:00.");
    const { ics, contentType } = calendarOf(mail);
    expect(contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(uidOf(ics)).toBe(uidOf(confirmation.ics));
    expect(uidOf(ics)).toBe(`${booking.code}@localhost`);
    expect(sequenceOf(ics)).toBe(1);
    // 09:30–10:00 in Lima (UTC−5).
    expect(ics).toContain("DTSTART:20261204T143000Z\r\n");
    expect(ics).toContain("DTEND:20261204T150000Z\r\n");
    expect(ics).toContain("ATTENDEE;");
    expect(ics).toContain(":mailto:ana@example.pe\r\n");
    expect((await readRow(booking.id)).icsSequence).toBe(1);
  });

  test("a cancellation after a move: METHOD:CANCEL, STATUS:CANCELLED, the same UID, SEQUENCE 2", async () => {
    const booking = await book("10:00");
    await moveBookingAsCustomer(booking.id, { date: "2026-12-04", time: "09:30" }, NOW);
    const moved = calendarOf(await mailNumber(1));
    expect(await cancelBookingAsCustomer(booking.id, NOW)).toEqual({ ok: true });
    const mail = await mailNumber(2);
    expect(mail.subject).toBe(
      `Reserva ${booking.code} cancelada: Consulta Veterinaria General, viernes, 4 de diciembre de 2026`,
    );
    expect(mail.text).toContain("del viernes, 4 de diciembre de 2026 a las 09:30 (hora de Lima)");
    const { ics, contentType } = calendarOf(mail);
    expect(contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(ics).toContain("METHOD:CANCEL\r\n");
    expect(ics).toContain("STATUS:CANCELLED\r\n");
    expect(ics).not.toContain("BEGIN:VALARM");
    expect(uidOf(ics)).toBe(uidOf(moved.ics));
    expect(sequenceOf(ics)).toBe(2);
    expect(await readRow(booking.id)).toMatchObject({ status: "cancelled", icsSequence: 2 });
  });

  test("a refused change sends nothing and keeps the sequence; a booking without e-mail still counts it", async () => {
    const booking = await book("10:00");
    const late = await cancelBookingAsCustomer(booking.id, new Date("2026-12-03T14:00:00Z"));
    expect(late.ok).toBe(false);
    const guest = await book("11:00", "");
    expect((await moveBookingAsCustomer(guest.id, { date: "2026-12-04", time: "10:00" }, NOW)).ok).toBe(true);
    // Every e-mail started has been sent or given up.
    await backgroundWorkSettled();
    expect(sentMails).toEqual([]);
    expect((await readRow(booking.id)).icsSequence).toBe(0);
    expect((await readRow(guest.id)).icsSequence).toBe(1);
  });
});

describe("the owner's changes from the agenda", () => {
  test("a move and a cancellation e-mail the shopper REQUEST then CANCEL with rising sequences", async () => {
    const booking = await book("10:00");
    const moved = await moveBooking({
      bookingId: booking.id,
      date: "2026-12-04",
      time: "16:00",
      seenStartsAt: booking.startsAt,
      actor: "Rosa",
      now: NOW,
    });
    expect(moved.status).toBe("moved");
    const moveMail = await mailNumber(1);
    expect(moveMail.subject).toContain("Tu cita fue reprogramada");
    expect(moveMail.text).toContain("ahora es el viernes, 4 de diciembre de 2026 a las 16:00 (hora de Lima)");
    const request = calendarOf(moveMail).ics;
    expect(request).toContain("METHOD:REQUEST\r\n");
    expect(request).toContain("DTSTART:20261204T210000Z\r\n");
    expect(sequenceOf(request)).toBe(1);

    const cancelled = await changeBookingStatus({
      bookingId: booking.id,
      from: "confirmed",
      to: "cancelled",
      actor: "Rosa",
      note: "Cliente problemático",
    });
    expect(cancelled.status).toBe("changed");
    const cancelMail = await mailNumber(2);
    // The owner's note is for the back office.
    expect(cancelMail.text).not.toContain("problemático");
    const cancel = calendarOf(cancelMail).ics;
    expect(cancel).toContain("METHOD:CANCEL\r\n");
    expect(cancel).toContain("STATUS:CANCELLED\r\n");
    expect(uidOf(cancel)).toBe(uidOf(request));
    expect(sequenceOf(cancel)).toBe(2);
  });

  test("confirming a cancelled booking again puts it back with a higher sequence; marking it attended sends nothing", async () => {
    const booking = await book("10:00");
    await changeBookingStatus({ bookingId: booking.id, from: "confirmed", to: "cancelled", actor: "Rosa" });
    await mailNumber(1);
    await changeBookingStatus({ bookingId: booking.id, from: "cancelled", to: "confirmed", actor: "Rosa" });
    const reopened = await mailNumber(2);
    expect(reopened.subject).toBe(
      `Reserva ${booking.code} confirmada de nuevo: Consulta Veterinaria General, jueves, 3 de diciembre de 2026`,
    );
    const { ics } = calendarOf(reopened);
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("STATUS:CONFIRMED\r\n");
    expect(sequenceOf(ics)).toBe(2);

    await changeBookingStatus({ bookingId: booking.id, from: "confirmed", to: "attended", actor: "Rosa" });
    await backgroundWorkSettled();
    expect(sentMails).toHaveLength(2);
    expect((await readRow(booking.id)).icsSequence).toBe(2);
  });
});
