import { deliverShopAlertsLater } from "~/domain/alerts/shop-alerts.server";
import { inBackground } from "~/lib/background-work.server";
import { logError } from "~/lib/log.server";

import type { BookingForm } from "./booking";
import { sendBookingConfirmation } from "./booking-mail.server";
import { createBooking, readBookings } from "./booking-store.server";

/**
 * A booking a shopper makes on /reservar (issue 28): the slot taken under its locks
 * (`createBooking`), then, after the answer, the shop's alerts and the shopper's confirmation
 * with its .ics, as `placeOrder` does for an order. A refusal says which field and why.
 */
export async function bookOnline(input: {
  serviceId: number;
  form: BookingForm;
  userId: string | null;
  clientIp: string;
}) {
  const result = await createBooking(input);
  if (!result.ok) return result;
  deliverShopAlertsLater();
  // sendBookingConfirmation never throws: the booking stands without the e-mail.
  inBackground(
    readBookings([result.booking.id])
      .then(([booking]) => (booking ? sendBookingConfirmation(booking) : null))
      .catch((error: unknown) => logError("booking confirmation not sent", error)),
  );
  return result;
}
