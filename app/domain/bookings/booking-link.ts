import { href } from "react-router";

import { formatLongDate } from "~/domain/calendar/lima-time";

import { limaClockOf, limaDateOf } from "./slots";

// The booking page's address (/reserva/{code}?t=…): the token lets a guest open it on any phone;
// without it the page answers only to the account that booked.

const BOOKING_TOKEN_PARAM = "t";

export function bookingPagePath(code: string, accessToken?: string | null): string {
  const path = href("/reserva/:code", { code });
  return accessToken ? `${path}?${BOOKING_TOKEN_PARAM}=${encodeURIComponent(accessToken)}` : path;
}

export function bookingIcsPath(code: string, accessToken?: string | null): string {
  const path = href("/reserva/:code/cita.ics", { code });
  return accessToken ? `${path}?${BOOKING_TOKEN_PARAM}=${encodeURIComponent(accessToken)}` : path;
}

/** 'miércoles, 2 de diciembre de 2026' and '10:00' in Lima. */
export function bookingWhen(startsAt: Date, endsAt?: Date): { day: string; time: string } {
  const time = endsAt ? `${limaClockOf(startsAt)}–${limaClockOf(endsAt)}` : limaClockOf(startsAt);
  return { day: formatLongDate(limaDateOf(startsAt)), time };
}

/** The WhatsApp message a shopper sends the shop about a booking. */
export function bookingWhatsAppText(facts: { code: string; serviceTitle: string; petName: string; startsAt: Date }) {
  const { day, time } = bookingWhen(facts.startsAt);
  return `Hola, tengo la reserva ${facts.code}: ${facts.serviceTitle} para ${facts.petName}, el ${day} a las ${time}.`;
}
