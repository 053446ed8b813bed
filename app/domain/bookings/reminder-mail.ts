import type { HealthRecordKind } from "~/db/schema/bookings";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { breakLinks, type MailContent } from "~/lib/mail-template";

import { limaClockOf, parseClock } from "./slots";

// The shoppers' reminders (issue 28, 'Reminders'): when they may go out, and what the health
// and food ones say (the day-before reminder is booking-mail.server.ts's). Pure, so the texts
// and the windows are tested without a database. Names the shopper typed go through
// breakLinks: an e-mail from the shop never carries a link someone typed as a name.

/** No reminder before 9:00 in Lima: nobody is woken by one. */
export const REMINDERS_START_MINUTES = 9 * 60;
/**
 * The health and food reminders, which can wait for the next morning, not after 21:00 either.
 * The day-before one may: a booking made in the evening for the next day is reminded at once.
 */
const QUIET_REMINDERS_END_MINUTES = 21 * 60;
/** A vaccination or deworming is reminded this many days before it is due (and up to the day). */
export const HEALTH_REMINDER_DAYS = 7;
/** The food reminder goes from this many days before the bag runs out … */
const FOOD_REMINDER_DAYS_BEFORE = 5;
/** … until this many days after: later than that, the shopper has surely bought food elsewhere. */
const FOOD_REMINDER_DAYS_AFTER = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReminderReport = { sent: number; failed: number };

/** Minutes after midnight in Lima at `now`. */
export function limaMinutesOf(now: Date): number {
  return parseClock(limaClockOf(now)) ?? 0;
}

/** Whether the health and food reminders may go out at `now` (9:00 to 21:00 in Lima). */
export function isDaytimeInLima(now: Date): boolean {
  const minutes = limaMinutesOf(now);
  return minutes >= REMINDERS_START_MINUTES && minutes < QUIET_REMINDERS_END_MINUTES;
}

const hello = (name: string) => (name.trim() ? `Hola ${breakLinks(name.trim())},` : "Hola,");

const kindWords: Record<HealthRecordKind, { noun: string; keywords: string[] }> = {
  vaccination: { noun: "vacuna", keywords: ["vacun"] },
  deworming: { noun: "desparasitación", keywords: ["desparasit"] },
};

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The reservable service a health reminder links to: one named for the vaccination or the
 * deworming, else a consultation, else the first one; null when no service takes bookings.
 */
export function pickHealthService<T extends { id: number; title: string }>(
  kind: HealthRecordKind,
  services: readonly T[],
): T | null {
  for (const keyword of [...kindWords[kind].keywords, "consulta", "veterin"]) {
    const found = services.find((service) => fold(service.title).includes(keyword));
    if (found) return found;
  }
  return services[0] ?? null;
}

export type HealthDueFacts = {
  ownerName: string;
  petName: string;
  kind: HealthRecordKind;
  /** The record's name: 'Triple felina', 'Drontal'. */
  recordName: string;
  /** 'YYYY-MM-DD'. */
  dueOn: string;
  /** The booking page of a reservable service, or the services page. */
  bookingUrl: string;
};

/** 'La próxima {vacuna|desparasitación} de {mascota} es el {fecha}', with 'Reservar cita'. */
export function buildHealthDueReminder(facts: HealthDueFacts): { subject: string; content: MailContent } {
  const { noun } = kindWords[facts.kind];
  const date = formatLongDate(facts.dueOn);
  const pet = breakLinks(facts.petName);
  const heading = `La próxima ${noun} de ${pet} es el ${date}`;
  const content: MailContent = {
    heading,
    paragraphs: [
      hello(facts.ownerName),
      `Según su registro, a ${pet} le toca la ${noun} ${breakLinks(facts.recordName)} el ${date}.`,
      "Reserva su cita con tiempo y elige el horario que más te acomode.",
    ],
    action: { label: "Reservar cita", url: facts.bookingUrl },
    note: "Si ya la recibió en otro lugar, puedes ignorar este correo.",
  };
  return { subject: heading, content };
}

/** When a bag of `bagGrams` bought at `orderedAt` runs out, at `dailyGrams` a day. */
export function foodRunsOutAt(orderedAt: Date, bagGrams: number, dailyGrams: number): Date {
  return new Date(orderedAt.getTime() + (bagGrams / dailyGrams) * DAY_MS);
}

/** From FOOD_REMINDER_DAYS_BEFORE days before the bag runs out to FOOD_REMINDER_DAYS_AFTER days after. */
export function isFoodReminderDue(runsOutAt: Date, now: Date): boolean {
  const time = now.getTime();
  return (
    time >= runsOutAt.getTime() - FOOD_REMINDER_DAYS_BEFORE * DAY_MS &&
    time <= runsOutAt.getTime() + FOOD_REMINDER_DAYS_AFTER * DAY_MS
  );
}

export type FoodReminderFacts = {
  ownerName: string;
  petName: string;
  dailyGrams: number;
  /** 'Alimento Pro Plan Cachorro — 3 kg', as it was ordered. */
  productLabel: string;
  quantity: number;
  /** Lima dates 'YYYY-MM-DD': the order's, the day the food runs out, and today. */
  orderedOn: string;
  runsOutOn: string;
  today: string;
  reorderUrl: string;
};

/** 'Se está acabando el alimento de {mascota}', with the one-click 'Volver a pedir'. */
export function buildFoodReminder(facts: FoodReminderFacts): { subject: string; content: MailContent } {
  const heading = `Se está acabando el alimento de ${breakLinks(facts.petName)}`;
  const bought = facts.quantity === 1 ? facts.productLabel : `${facts.quantity} × ${facts.productLabel}`;
  const runsOut = formatLongDate(facts.runsOutOn);
  const when =
    facts.runsOutOn < facts.today
      ? `ya se habría acabado el ${runsOut}`
      : facts.runsOutOn === facts.today
        ? "se acabaría hoy"
        : `le alcanza hasta el ${runsOut}, más o menos`;
  const content: MailContent = {
    heading,
    paragraphs: [
      hello(facts.ownerName),
      `Con ${facts.dailyGrams} g al día, el alimento que pediste el ${formatLongDate(facts.orderedOn)} (${bought}) ${when}.`,
      "Con un clic lo agregamos de nuevo a tu carrito; revisas tu pedido y lo confirmas como siempre.",
    ],
    action: { label: "Volver a pedir", url: facts.reorderUrl },
    note: "¿Cambió cuánto come o su alimento? Actualízalo en Mis Mascotas, en tu perfil.",
  };
  return { subject: heading, content };
}
