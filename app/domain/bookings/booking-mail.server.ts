import { readConfig } from "~/config.server";
import type { bookings } from "~/db/schema";
import { sendShopMail, type ShopMailOutcome } from "~/domain/account/account-mail.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError } from "~/lib/log.server";
import type { MailContent } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";

import { buildBookingIcs } from "./booking-ics";
import { petSizeLabels } from "./booking-labels";
import { bookingPagePath, bookingWhen } from "./booking-link";

// The e-mails a shopper gets about a booking (issue 28), when an address is known: the
// confirmation with the .ics, and the day-before reminder (housekeeping). Without a mail
// server they go to the outbox, like every e-mail of the shop.

type Booking = typeof bookings.$inferSelect;
type Shop = { shopName: string; contactAddress: string };

/** What the confirmation says (pure, tested). */
export function buildBookingConfirmation(booking: Booking, shop: Shop, pageUrl: string) {
  const { day, time } = bookingWhen(booking.startsAt, booking.endsAt);
  const content: MailContent = {
    heading: `Reserva ${booking.code} confirmada`,
    paragraphs: [
      `Hola ${booking.customerName},`,
      `Te esperamos el ${day} a las ${time.split("–")[0]} para ${booking.serviceTitle} de ${booking.petName} (${petSizeLabels[booking.size]}).`,
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
  const content: MailContent = {
    heading: `Te esperamos mañana a las ${time}`,
    paragraphs: [
      `Hola ${booking.customerName},`,
      `Te recordamos la cita de ${booking.petName} para ${booking.serviceTitle}, el ${day} a las ${time}.`,
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

export async function bookingIcsFile(booking: Booking, now = new Date()): Promise<string> {
  const settings = await getShopSettings();
  return buildBookingIcs({
    ...booking,
    shopName: settings.shopName,
    address: settings.contactAddress,
    url: bookingPageUrl(booking),
    host: new URL(readConfig().appUrl).hostname,
    now,
  });
}

/** Sends the confirmation with its .ics; never throws (the booking stands without the e-mail). */
export async function sendBookingConfirmation(booking: Booking): Promise<ShopMailOutcome | null> {
  if (!booking.customerEmail) return null;
  try {
    const settings = await getShopSettings();
    const mail = buildBookingConfirmation(booking, settings, bookingPageUrl(booking));
    const ics = await bookingIcsFile(booking);
    return await sendShopMail(booking.customerEmail, mail.subject, mail.content, [
      { filename: `${booking.code}.ics`, content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
    ]);
  } catch (error) {
    logError("booking confirmation not sent", error, { code: booking.code });
    return "failed";
  }
}
