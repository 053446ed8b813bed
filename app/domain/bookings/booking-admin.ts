import { z } from "zod";

import { type BookingStatus, bookingStatuses, type HealthRecordKind, healthRecordKinds } from "~/db/schema/bookings";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { toIsoDate } from "~/lib/date-input";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";

import { isIsoDate, limaClockOf, limaDateOf, parseClock } from "./slots";

export type { BookingStatus, PetSize } from "~/db/schema/bookings";
export { healthRecordKinds };

// The owner's work on one booking (issue 28): which status changes the screen offers, the
// forms' rules, the reminder's words and the dates as the screen prints them, in Lima time.

export const STALE_BOOKING_MESSAGE = "La reserva cambió mientras la veías. Revisa su estado.";
export const SAME_SLOT_MESSAGE = "La reserva ya está a esa hora. Elige otro horario.";
export const REOPEN_TAKEN_MESSAGE =
  "Ese horario ya está ocupado: cambia primero el horario de la reserva o cancela otra de esa hora.";
export const NOT_REGISTERED_PET_MESSAGE = "La mascota no está registrada en una cuenta: no se pueden guardar vacunas.";
export const NEXT_DUE_BEFORE_GIVEN_MESSAGE = "La próxima dosis debe ser posterior a la fecha de aplicación.";
export const CANCEL_NOTE_MAX_LENGTH = 500;
export const HEALTH_NAME_MAX_LENGTH = 80;

/** The button that takes a booking to each status. */
export const bookingStatusActionLabels: Record<BookingStatus, string> = {
  confirmed: "Volver a Confirmada",
  attended: "Marcar Atendida",
  no_show: "Marcar No asistió",
  cancelled: "Cancelar reserva",
};

/** A confirmed booking is marked; a mark made by mistake goes back to Confirmada. */
export function nextBookingStatuses(status: BookingStatus): BookingStatus[] {
  return status === "confirmed" ? ["attended", "no_show", "cancelled"] : ["confirmed"];
}

/**
 * The e-mail a status change sends the shopper with its .ics, if any: cancelling takes the
 * visit off their calendar and confirming a cancelled one puts it back; a visit marked
 * Atendida or No asistió (or unmarked) is past business that their calendar need not hear of.
 */
export function calendarChangeOf(from: BookingStatus, to: BookingStatus): "cancelled" | "reopened" | null {
  if (to === "cancelled") return "cancelled";
  if (from === "cancelled") return "reopened";
  return null;
}

export const healthRecordKindLabels: Record<HealthRecordKind, string> = {
  vaccination: "Vacuna",
  deworming: "Desparasitación",
};

export const bookingSourceLabels = { online: "En línea", admin: "Por teléfono" } as const;

const statusEnum = z.enum(bookingStatuses, { error: "Elige un estado de la lista." });

export const bookingStatusFormSchema = z
  .object({
    status: statusEnum,
    // The status the owner saw: the change applies only if it is still that one.
    from: statusEnum,
    note: z
      .string()
      .trim()
      .max(CANCEL_NOTE_MAX_LENGTH, `Escribe como máximo ${CANCEL_NOTE_MAX_LENGTH} caracteres.`)
      .refine((text) => !text.includes("\u0000"), NUL_CHARACTER_MESSAGE)
      .default(""),
  })
  .refine((form) => nextBookingStatuses(form.from).includes(form.status), {
    path: ["status"],
    error: "Ese cambio de estado no es posible.",
  });

export const bookingMoveFormSchema = z.object({
  date: z.string({ error: "Elige un día." }).transform(toIsoDate).refine(isIsoDate, "Elige un día del calendario."),
  time: z
    .string({ error: "Elige un horario." })
    .refine((time) => parseClock(time) !== null && time !== "24:00", "Elige un horario de la lista."),
  // The start the owner saw, as an ISO instant: a booking moved meanwhile is not moved again.
  seen: z.iso.datetime({ error: "Vuelve a abrir la reserva.", offset: true }).transform((text) => new Date(text)),
});

export const healthRecordFormSchema = z
  .object({
    kind: z.enum(healthRecordKinds, { error: "Elige vacuna o desparasitación." }),
    name: z
      .string({ error: "Escribe el nombre, por ejemplo Séxtuple." })
      .trim()
      .min(1, "Escribe el nombre, por ejemplo Séxtuple.")
      .max(HEALTH_NAME_MAX_LENGTH, `Escribe como máximo ${HEALTH_NAME_MAX_LENGTH} caracteres.`)
      .refine((text) => !text.includes("\u0000"), NUL_CHARACTER_MESSAGE),
    givenOn: z
      .string({ error: "Elige la fecha de aplicación." })
      .transform(toIsoDate)
      .refine(isIsoDate, "Elige la fecha de aplicación."),
    nextDueOn: z
      .string()
      .trim()
      .transform(toIsoDate)
      .refine((text) => text === "" || isIsoDate(text), "Elige una fecha válida o déjala vacía.")
      .default("")
      .transform((text) => (text === "" ? null : text)),
  })
  .refine((form) => form.nextDueOn === null || form.nextDueOn > form.givenOn, {
    path: ["nextDueOn"],
    error: NEXT_DUE_BEFORE_GIVEN_MESSAGE,
  });
export type HealthRecordForm = z.output<typeof healthRecordFormSchema>;

/** 'martes, 1 de diciembre de 2026' for an instant, in Lima. */
function formatLimaLongDay(instant: Date): string {
  return formatLongDate(limaDateOf(instant));
}

/** 'martes, 1 de diciembre de 2026, 10:00–11:00' (Lima). */
export function formatBookingWhen(startsAt: Date, endsAt: Date): string {
  return `${formatLimaLongDay(startsAt)}, ${limaClockOf(startsAt)}–${limaClockOf(endsAt)}`;
}

/** '01/12/2026 10:00' (Lima), for the history and the list of visits. */
export function formatLimaShort(instant: Date): string {
  const [year, month, day] = limaDateOf(instant).split("-");
  return `${day}/${month}/${year} ${limaClockOf(instant)}`;
}

/** 'Patitas Felices (Av. Larco 123, Miraflores)', or the name alone when there is no address. */
export function describeShop(shopName: string, address: string): string {
  return address.trim() ? `${shopName} (${address.trim()})` : shopName;
}

/** The prefilled WhatsApp reminder the owner sends to a customer without e-mail. */
export function buildBookingReminderText(input: {
  customerName: string;
  petName: string;
  serviceTitle: string;
  startsAt: Date;
  shop: string;
  code: string;
}): string {
  const day = formatLimaLongDay(input.startsAt).replace(",", "");
  return (
    `Hola ${input.customerName}, te recordamos la cita de ${input.petName} para ${input.serviceTitle} ` +
    `el ${day} a las ${limaClockOf(input.startsAt)} en ${input.shop}. Código ${input.code}. ` +
    "Si necesitas cambiarla, respóndenos por aquí."
  );
}

/** The phone as digits, to compare '987 654 321' with '987654321'. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}
