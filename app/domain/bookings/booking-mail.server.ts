import { href } from "react-router";

import { readConfig } from "~/config.server";
import type { bookings } from "~/db/schema";
import { sendShopMail, type ShopMailOutcome } from "~/domain/account/account-mail.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { inBackground } from "~/lib/background-work.server";
import { logError } from "~/lib/log.server";
import { breakLinks, type MailContent } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";

import { buildBookingIcs, type IcsMethod } from "./booking-ics";
import { petSizeLabels } from "./booking-labels";
import { bookingPagePath, bookingWhen } from "./booking-link";
import { limaClockOf } from "./slots";

// The e-mails a shopper gets about a booking (issue 28), when an address is known: the
// confirmation with the .ics, the day-before reminder (housekeeping), and a move, cancellation
// or reopening with the .ics that updates their calendar (issue 40). Without a mail server
// they go to the outbox, like every e-mail of the shop.

type Booking = typeof bookings.$inferSelect;
type Shop = { shopName: string; contactAddress: string };

/**
 * The names the shopper typed, for an e-mail: anyone may book for any address, so a name
 * must not turn into a link the shop mails for them (breakLinks).
 */
function typedNames(booking: Pick<Booking, "customerName" | "petName">) {
  return { customer: breakLinks(booking.customerName), pet: breakLinks(booking.petName) };
}

/** What the confirmation says (pure, tested). */
export function buildBookingConfirmation(booking: Booking, shop: Shop, pageUrl: string) {
  const { day, time } = bookingWhen(booking.startsAt, booking.endsAt);
  const names = typedNames(booking);
  const content: MailContent = {
    heading: `Reserva ${booking.code} confirmada`,
    paragraphs: [
      `Hola ${names.customer},`,
      `Te esperamos el ${day} a las ${time.split("–")[0]} para ${booking.serviceTitle} de ${names.pet} (${petSizeLabels[booking.size]}).`,
      ...(booking.priceCents !== null ? [`Precio: ${formatMoney(booking.priceCents)}`] : []),
      ...(shop.contactAddress ? [`Dirección: ${shop.contactAddress}`] : []),
      `Horario reservado: ${time}. Te adjuntamos la cita para tu calendario.`,
    ],
    action: { label: "Ver o cambiar mi reserva", url: pageUrl },
    note: `Guarda el código ${booking.code}: lo necesitarás si nos escribes por WhatsApp.`,
  };
  return { subject: `Reserva ${booking.code} confirmada: ${booking.serviceTitle}, ${day}`, content };
}

/** The day-before reminder: 'Te esperamos mañana a las {hora}' with the link to cancel. */
export function buildBookingReminder(booking: Booking, shop: Shop, pageUrl: string) {
  const { day, time } = bookingWhen(booking.startsAt);
  const names = typedNames(booking);
  const content: MailContent = {
    heading: `Te esperamos mañana a las ${time}`,
    paragraphs: [
      `Hola ${names.customer},`,
      `Te recordamos la cita de ${names.pet} para ${booking.serviceTitle}, el ${day} a las ${time}.`,
      ...(shop.contactAddress ? [`Dirección: ${shop.contactAddress}`] : []),
      "Si no puedes venir, cancela o cambia tu reserva desde el enlace.",
    ],
    action: { label: "Cancelar o cambiar mi reserva", url: pageUrl },
    note: `Código de reserva: ${booking.code}`,
  };
  return { subject: `Te esperamos mañana a las ${time}: ${booking.serviceTitle}`, content };
}

export function bookingPageUrl(booking: Pick<Booking, "code" | "accessToken">): string {
  return `${readConfig().appUrl.replace(/\/+$/, "")}${bookingPagePath(booking.code, booking.accessToken)}`;
}

/** The booking as an .ics with its current time and SEQUENCE; PUBLISH is a copy to import. */
export async function bookingIcsFile(booking: Booking, method: IcsMethod = "PUBLISH", now = new Date()) {
  const settings = await getShopSettings();
  return buildBookingIcs({
    ...booking,
    method,
    shopName: settings.shopName,
    address: settings.contactAddress,
    url: bookingPageUrl(booking),
    host: new URL(readConfig().appUrl).hostname,
    now,
  });
}

async function icsAttachment(booking: Booking, method: IcsMethod) {
  return {
    filename: `${booking.code}.ics`,
    content: await bookingIcsFile(booking, method),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * Sends the confirmation of a booking made online with its .ics; never throws (the booking
 * stands without the e-mail). A visitor's request: counted against the address's daily cap.
 */
export async function sendBookingConfirmation(booking: Booking): Promise<ShopMailOutcome | null> {
  if (!booking.customerEmail) return null;
  try {
    const settings = await getShopSettings();
    const mail = buildBookingConfirmation(booking, settings, bookingPageUrl(booking));
    return await sendShopMail(booking.customerEmail, mail.subject, mail.content, {
      attachments: [await icsAttachment(booking, "PUBLISH")],
      isVisitorRequest: true,
    });
  } catch (error) {
    logError("booking confirmation not sent", error, { code: booking.code });
    return "failed";
  }
}

type BookingChangeKind = "moved" | "cancelled" | "reopened";

/** A change the shopper's calendar must follow: the booking as it now is, and where it was. */
export type BookingChange = { kind: BookingChangeKind; booking: Booking; fromStartsAt: Date };

/** What a change's e-mail is written from. */
type ChangeFacts = { change: BookingChange; shop: Shop; pageUrl: string; servicesUrl: string };

/** 'Tu cita fue reprogramada' with the new day and time in Lima, and the old ones. */
export function buildBookingMovedMail({ change, shop, pageUrl }: ChangeFacts) {
  const { booking } = change;
  const { day, time } = bookingWhen(booking.startsAt, booking.endsAt);
  const start = limaClockOf(booking.startsAt);
  const before = bookingWhen(change.fromStartsAt);
  const names = typedNames(booking);
  const content: MailContent = {
    heading: "Tu cita fue reprogramada",
    paragraphs: [
      `Hola ${names.customer},`,
      `La cita de ${names.pet} para ${booking.serviceTitle} ahora es el ${day} a las ${start} (hora de Lima).`,
      `Antes era el ${before.day} a las ${before.time}.`,
      ...(shop.contactAddress ? [`Dirección: ${shop.contactAddress}`] : []),
      `Horario reservado: ${time}. Te adjuntamos la cita actualizada: al abrirla, tu calendario cambia la anterior.`,
    ],
    action: { label: "Ver o cambiar mi reserva", url: pageUrl },
    note: `Código de reserva: ${booking.code}`,
  };
  return { subject: `Tu cita fue reprogramada: ${booking.serviceTitle}, ${day} a las ${start}`, content };
}

/** 'Reserva … cancelada', with the .ics that takes the visit off the shopper's calendar. */
export function buildBookingCancelledMail({ change, servicesUrl }: ChangeFacts) {
  const { booking } = change;
  const { day } = bookingWhen(booking.startsAt);
  const names = typedNames(booking);
  const content: MailContent = {
    heading: `Reserva ${booking.code} cancelada`,
    paragraphs: [
      `Hola ${names.customer},`,
      `Cancelamos la cita de ${names.pet} para ${booking.serviceTitle} del ${day} a las ${limaClockOf(booking.startsAt)} (hora de Lima).`,
      "Te adjuntamos la cancelación: al abrirla, tu calendario quita la cita.",
    ],
    action: { label: "Reservar otra cita", url: servicesUrl },
    note: `Código de reserva: ${booking.code}`,
  };
  return { subject: `Reserva ${booking.code} cancelada: ${booking.serviceTitle}, ${day}`, content };
}

/** The shop undid a cancellation: the confirmation again, saying so. */
export function buildBookingReopenedMail({ change, shop, pageUrl }: ChangeFacts) {
  const { booking } = change;
  const mail = buildBookingConfirmation(booking, shop, pageUrl);
  const { day } = bookingWhen(booking.startsAt);
  return {
    subject: `Reserva ${booking.code} confirmada de nuevo: ${booking.serviceTitle}, ${day}`,
    content: { ...mail.content, heading: `Reserva ${booking.code} confirmada de nuevo` },
  };
}

/** Each change's e-mail and the iTIP method of its .ics. */
const changeMails: Record<
  BookingChangeKind,
  { method: IcsMethod; build: (facts: ChangeFacts) => { subject: string; content: MailContent } }
> = {
  moved: { method: "REQUEST", build: buildBookingMovedMail },
  cancelled: { method: "CANCEL", build: buildBookingCancelledMail },
  reopened: { method: "REQUEST", build: buildBookingReopenedMail },
};

/** Who made a change: the booking's holder from its page (a visitor's request), or the shop. */
export type BookingChangeOptions = { isVisitorRequest?: boolean };

/** Tells the shopper about a change, with the .ics that updates their calendar; never throws. */
async function sendBookingChangeMail(
  change: BookingChange,
  { isVisitorRequest = false }: BookingChangeOptions = {},
): Promise<ShopMailOutcome | null> {
  const { booking } = change;
  if (!booking.customerEmail) return null;
  try {
    const settings = await getShopSettings();
    const { method, build } = changeMails[change.kind];
    const appUrl = readConfig().appUrl.replace(/\/+$/, "");
    const mail = build({
      change,
      shop: settings,
      pageUrl: bookingPageUrl(booking),
      servicesUrl: `${appUrl}${href("/servicios/:familySlug?/:categorySlug?/:subcategorySlug?")}`,
    });
    return await sendShopMail(booking.customerEmail, mail.subject, mail.content, {
      attachments: [await icsAttachment(booking, method)],
      isVisitorRequest,
    });
  } catch (error) {
    logError("booking change e-mail not sent", error, { code: booking.code, kind: change.kind });
    return "failed";
  }
}

/** sendBookingChangeMail after the response: the change is made whether or not mail is up. */
export function sendBookingChangeMailLater(change: BookingChange, options: BookingChangeOptions = {}): void {
  inBackground(sendBookingChangeMail(change, options));
}
