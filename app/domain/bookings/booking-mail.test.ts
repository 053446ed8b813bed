// Issue 41: a booking's e-mails go to any address the visitor typed, so what they typed as a
// name must not arrive as a link the shop mailed for them: not in the text part, not in the HTML.
import { describe, expect, test } from "vitest";

import type { bookings } from "~/db/schema";
import { renderMail } from "~/lib/mail-template";

import {
  buildBookingCancelledMail,
  buildBookingConfirmation,
  buildBookingMovedMail,
  buildBookingReminder,
  buildBookingReopenedMail,
} from "./booking-mail.server";
import { buildFoodReminder, buildHealthDueReminder } from "./reminder-mail";

const brand = {
  shopName: "Patitas Felices",
  logoUrl: "http://localhost:3000/logo.png",
  shopUrl: "http://localhost:3000",
};
const shop = { shopName: "Patitas Felices", contactAddress: "Av. Primavera 1234, Surco" };
const pageUrl = "http://localhost:3000/reserva/RES-000123?t=abc";

const booking = {
  id: 1,
  code: "RES-000123",
  accessToken: "abc",
  serviceId: 1,
  serviceTitle: "Baño y corte",
  size: "small",
  startsAt: new Date("2026-05-05T15:00:00Z"),
  endsAt: new Date("2026-05-05T16:00:00Z"),
  status: "confirmed",
  petName: "www.malo.example",
  petSpecies: "dog",
  petBreed: "",
  customerName: "http://malo.example/x",
  customerPhone: "987654321",
  customerEmail: "victima@example.pe",
  notes: "",
  priceCents: 4500,
  source: "online",
  icsSequence: 0,
} as typeof bookings.$inferSelect;

/** Every link in a text part, as mail clients make them clickable. */
function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+|www\.[^\s<>"')]+/g) ?? [];
}

function expectNoTypedLink({ text, html }: { text: string; html: string }) {
  for (const part of [text, html]) {
    expect(part).not.toContain("http://malo");
    expect(part).not.toContain("malo.example");
  }
  expect(linksIn(text).every((link) => link.startsWith("http://localhost:3000"))).toBe(true);
}

describe("the booking e-mails carry the names typed as plain text", () => {
  const change = { booking, fromStartsAt: new Date("2026-05-04T15:00:00Z") };
  const facts = { shop, pageUrl, servicesUrl: "http://localhost:3000/servicios" };
  const mails = {
    confirmation: buildBookingConfirmation(booking, shop, pageUrl),
    reminder: buildBookingReminder(booking, shop, pageUrl),
    moved: buildBookingMovedMail({ change: { ...change, kind: "moved" }, ...facts }),
    cancelled: buildBookingCancelledMail({ change: { ...change, kind: "cancelled" }, ...facts }),
    reopened: buildBookingReopenedMail({ change: { ...change, kind: "reopened" }, ...facts }),
  };

  for (const [kind, mail] of Object.entries(mails)) {
    test(`${kind}: a name like 'http://malo.example/x' reads as typed and is no link`, () => {
      const rendered = renderMail(brand, mail.content);
      expectNoTypedLink(rendered);
      const visible = rendered.text.replace(/\u200b/g, "");
      expect(visible).toContain("Hola http://malo.example/x,");
      expect(visible).toContain("www.malo.example");
    });
  }
});

test("the pets' reminders carry the owner's, the pet's and the record's names as plain text", () => {
  const health = buildHealthDueReminder({
    ownerName: "http://malo.example/x",
    petName: "www.malo.example",
    kind: "vaccination",
    recordName: "malo.example/vacuna",
    dueOn: "2026-05-10",
    bookingUrl: "http://localhost:3000/reservar/1",
  });
  const food = buildFoodReminder({
    ownerName: "http://malo.example/x",
    petName: "www.malo.example",
    dailyGrams: 120,
    productLabel: "Alimento Pro Plan — 3 kg",
    quantity: 1,
    orderedOn: "2026-04-01",
    runsOutOn: "2026-05-06",
    today: "2026-05-04",
    reorderUrl: "http://localhost:3000/volver-a-pedir/x",
  });
  for (const mail of [health, food]) {
    expect(mail.subject).not.toContain("www.malo.example");
    const rendered = renderMail(brand, mail.content);
    expectNoTypedLink(rendered);
    expect(rendered.text.replace(/\u200b/g, "")).toContain("Hola http://malo.example/x,");
  }
});
