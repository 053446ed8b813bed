// /reserva/{code} (issue 40): 'Cancelar reserva' asks first. The page's only cancelling form sits
// inside a <details> opened by 'Cancelar reserva', so one tap never cancels; its 'Sí, cancelar
// reserva' is a plain form post, so it works without JavaScript.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test, vi } from "vitest";

import { bookings } from "~/db/schema";
import { bookingFormSchema } from "~/domain/bookings/booking";
import {
  createBooking,
  getBookableService,
  listBookableDays,
  listFreeSlots,
} from "~/domain/bookings/booking-store.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { parseWithSchema } from "~/lib/form-data";
import { renderRoute } from "~test/render-route";
import { findServiceId } from "~test/services";
import { setUpTestDatabase } from "~test/test-database";

import BookingPage, { action, loader } from "./booking-page";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
let booking: { id: number; code: string; accessToken: string };

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const service = (await getBookableService(await findServiceId(handle().db, "Consulta Veterinaria General")))!;
  // A day far enough ahead that the shopper may still cancel.
  const now = new Date();
  const days = await listBookableDays(service, "small", now);
  const day = days.find((candidate, index) => index >= 4 && candidate.free > 0)!;
  const [slot] = await listFreeSlots(service, "small", day.date, now);
  const parsed = parseWithSchema(bookingFormSchema, {
    size: "small",
    date: day.date,
    time: slot!.time,
    petName: "Misha",
    petSpecies: "cat",
    customerName: "Ana Torres",
    customerPhone: "987654321",
  });
  if (!parsed.success) throw new Error(parsed.firstMessage);
  const result = await createBooking({ serviceId: service.id, form: parsed.data, userId: null });
  if (!result.ok) throw new Error(result.refusal.message);
  booking = result.booking;
});

const pageUrl = () => `http://localhost:3000/reserva/${booking.code}?t=${booking.accessToken}`;
/** The route as renderRoute runs it: the static router knows no ':code', so the params are given. */
function pageModule() {
  const params = { code: booking.code };
  return {
    Page: BookingPage as never,
    loader: (args: never) => loader({ ...(args as object), params } as never),
    action: (args: never) => action({ ...(args as object), params } as never),
  };
}

test("'Cancelar reserva' opens a question; only its 'Sí, cancelar reserva' posts the cancellation", async () => {
  const page = await renderRoute(pageModule(), new Request(pageUrl()));
  expect(page.status).toBe(200);
  const html = page.html.replace(/<!-- -->/g, "");
  const question = /<details[^>]*>\s*<summary[^>]*>Cancelar reserva<\/summary>([\s\S]*?)<\/details>/.exec(html);
  expect(question).not.toBeNull();
  expect(question![1]).toContain(`¿Cancelar la reserva ${booking.code}?`);
  expect(question![1]).toMatch(/<input type="hidden" name="intent" value="cancel"\/>/);
  expect(question![1]).toMatch(/<button[^>]*type="submit"[^>]*>Sí, cancelar reserva<\/button>/);
  // Nothing outside the question cancels.
  const outside = html.replace(question![0], "");
  expect(outside).not.toContain('value="cancel"');
  expect(outside).not.toMatch(/<button[^>]*>[^<]*Cancelar reserva/);
  const [row] = await handle().db.select().from(bookings).where(eq(bookings.id, booking.id));
  expect(row!.status).toBe("confirmed");
});

test("the confirmation's post cancels the booking, without JavaScript", async () => {
  const response = (await action({
    request: new Request(pageUrl(), { method: "POST", body: new URLSearchParams({ intent: "cancel" }) }),
    params: { code: booking.code },
    context: {},
  } as never)) as Response;
  expect(response.status).toBe(302);
  const [row] = await handle().db.select().from(bookings).where(eq(bookings.id, booking.id));
  expect(row!.status).toBe("cancelled");
  const { html } = await renderRoute(pageModule(), new Request(pageUrl()));
  expect(html).toContain("Reserva cancelada");
  expect(html).not.toContain("Cancelar reserva");
});
