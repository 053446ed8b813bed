import { getSessionUser } from "~/auth/guards.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { petSizeLabels, petSpeciesLabels } from "./booking-labels";
import { bookingIcsPath, bookingPagePath, bookingWhatsAppText, bookingWhen } from "./booking-link";
import { getBookableService, getScheduleRules, listBookableDays, listFreeSlots } from "./booking-store.server";
import { type Booking, canCustomerChange, getBookingForViewer } from "./customer-bookings.server";
import { isIsoDate } from "./slots";

// /reserva/{code}: the confirmation and the shopper's own page of a booking (issue 28): to the
// account that booked it or whoever holds its link's token, 404 to anyone else.

export async function findViewableBooking(request: Request, code: string | undefined): Promise<Booking | null> {
  const token = new URL(request.url).searchParams.get("t");
  const user = await getSessionUser(request);
  return getBookingForViewer(code ?? "", token, user?.id ?? null);
}

/** The 'Cambiar horario' step: the days with room for this booking's service and size, and a chosen day's times. */
async function moveChoices(booking: Booking, url: URL, now: Date) {
  if (url.searchParams.get("cambiar") !== "1") return null;
  const service = await getBookableService(booking.serviceId);
  if (!service) return null;
  const days = await listBookableDays(service, booking.size, now);
  const wanted = url.searchParams.get("fecha") ?? "";
  const date = isIsoDate(wanted) && days.some((day) => day.date === wanted && day.free > 0) ? wanted : null;
  const slots = date ? await listFreeSlots(service, booking.size, date, now) : [];
  return { days, date, slots: slots.map((slot) => slot.time) };
}

export async function loadBookingView(request: Request, booking: Booking, now = new Date()) {
  const url = new URL(request.url);
  const [settings, rules] = await Promise.all([getShopSettings(), getScheduleRules()]);
  const canChange = canCustomerChange(booking, rules.cancelHours, now);
  const token = url.searchParams.get("t");
  const when = bookingWhen(booking.startsAt, booking.endsAt);
  return {
    booking: {
      code: booking.code,
      status: booking.status,
      serviceTitle: booking.serviceTitle,
      day: when.day,
      time: when.time,
      isPast: booking.endsAt <= now,
      petName: booking.petName,
      pet: `${petSpeciesLabels[booking.petSpecies]}, ${petSizeLabels[booking.size]}${booking.petBreed ? `, ${booking.petBreed}` : ""}`,
      customerName: booking.customerName,
      customerPhone: booking.customerPhone,
      customerEmail: booking.customerEmail,
      notes: booking.notes,
      priceCents: booking.priceCents,
    },
    // The links keep the token, so the page goes on working for a guest.
    pagePath: bookingPagePath(booking.code, token),
    icsPath: bookingIcsPath(booking.code, token),
    token,
    whatsappUrl: buildWhatsAppUrl(settings.contactPhone, bookingWhatsAppText(booking)),
    shop: { name: settings.shopName, address: settings.contactAddress },
    canChange,
    cancelHours: rules.cancelHours,
    move: canChange ? await moveChoices(booking, url, now) : null,
  };
}
