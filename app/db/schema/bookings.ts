import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { users } from "./auth";
import { productVariants, services } from "./catalog";
import { timestamps } from "./columns";

// Issue 28: appointments for the shop's services, the shoppers' pets and their health records
// (ADR 026). Times are instants (timestamptz); the shop's clock is Lima's (UTC−5 all year).

export const petSizes = ["small", "medium", "large"] as const;
export type PetSize = (typeof petSizes)[number];
export const petSpecies = ["dog", "cat"] as const;
export type PetSpecies = (typeof petSpecies)[number];
export const bookingStatuses = ["confirmed", "attended", "no_show", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const healthRecordKinds = ["vaccination", "deworming"] as const;
export type HealthRecordKind = (typeof healthRecordKinds)[number];

/** Opening ranges per weekday (0 = Sunday … 6 = Saturday), each range ['09:00', '13:00']. */
export type WeeklyHours = Record<string, [string, string][]>;

/** 'Horario de atención para citas': one row, like shop_settings. */
export const bookingSchedule = pgTable(
  "booking_schedule",
  {
    id: integer().primaryKey().default(1),
    weeklyHours: jsonb().$type<WeeklyHours>().notNull(),
    slotMinutes: integer().notNull().default(30),
    horizonDays: integer().notNull().default(30),
    minNoticeHours: integer().notNull().default(2),
    cancelHours: integer().notNull().default(24),
    // Peru's national holidays (domain/calendar/peru-holidays.ts) are closed unless unticked.
    closedOnHolidays: boolean().notNull().default(true),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    check("booking_schedule_singleton", sql`${t.id} = 1`),
    check("booking_schedule_slot_minutes", sql`${t.slotMinutes} between 5 and 240`),
    check("booking_schedule_horizon_days", sql`${t.horizonDays} between 1 and 365`),
    check("booking_schedule_min_notice_hours", sql`${t.minNoticeHours} between 0 and 168`),
    check("booking_schedule_cancel_hours", sql`${t.cancelHours} between 0 and 720`),
  ],
);

/** The owner's own closed dates (Lima dates), beside the holidays. */
export const bookingClosedDays = pgTable("booking_closed_days", {
  day: date({ mode: "string" }).primaryKey(),
  reason: text().notNull().default(""),
  createdAt: timestamps.createdAt,
});

/** A blocked time range: no booking there, for one service or (service null) for all. */
export const bookingBlocks = pgTable(
  "booking_blocks",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    serviceId: integer().references(() => services.id, { onDelete: "cascade" }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull().default(""),
    createdAt: timestamps.createdAt,
  },
  (t) => [index().on(t.startsAt), check("booking_blocks_range", sql`${t.endsAt} > ${t.startsAt}`)],
);

/** A reservable service's duration (and optional price) for each pet size it attends. */
export const serviceBookingSizes = pgTable(
  "service_booking_sizes",
  {
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    size: text({ enum: petSizes }).notNull(),
    durationMinutes: integer().notNull(),
    // Null: the service's own price.
    priceCents: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.size] }),
    check("service_booking_sizes_duration", sql`${t.durationMinutes} between 5 and 720`),
    check("service_booking_sizes_price", sql`${t.priceCents} IS NULL OR ${t.priceCents} >= 0`),
  ],
);

export const pets = pgTable(
  "pets",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    species: text({ enum: petSpecies }).notNull(),
    breed: text().notNull().default(""),
    size: text({ enum: petSizes }).notNull(),
    birthDate: date({ mode: "string" }),
    weightGrams: integer(),
    photo: text(),
    notes: text().notNull().default(""),
    // How much food it eats a day and which presentación (a bag with a net weight the shopper
    // ordered), for the reminder before the bag runs out.
    dailyFoodGrams: integer(),
    foodVariantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    // The order line whose bag was last reminded: one reminder per bag bought. Written after
    // the e-mail left; while it is on its way, foodReminderClaimedAt holds the run's lease.
    foodRemindedLineId: integer(),
    foodReminderClaimedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId),
    check("pets_weight", sql`${t.weightGrams} IS NULL OR ${t.weightGrams} > 0`),
    check("pets_daily_food", sql`${t.dailyFoodGrams} IS NULL OR ${t.dailyFoodGrams} > 0`),
  ],
);

/** A vaccination or deworming the shop noted on a pet, with its next due date. */
export const petHealthRecords = pgTable(
  "pet_health_records",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    kind: text({ enum: healthRecordKinds }).notNull(),
    name: text().notNull(),
    givenOn: date({ mode: "string" }).notNull(),
    nextDueOn: date({ mode: "string" }),
    note: text().notNull().default(""),
    // The due reminder: claimed (a lease, REMINDER_LEASE_MS, reminder-lease.server.ts) before
    // the send, marked sent after it by the run still holding the lease.
    dueReminderClaimedAt: timestamp({ withTimezone: true }),
    dueReminderSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index().on(t.petId), index().on(t.nextDueOn)],
);

export const bookings = pgTable(
  "bookings",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    // 'RES-000123', quoted on WhatsApp and at the counter.
    code: text().notNull().unique(),
    // The unguessable part of a guest's link to the booking.
    accessToken: text().notNull().unique(),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    // Copied so the agenda keeps its history when the service is renamed.
    serviceTitle: text().notNull(),
    size: text({ enum: petSizes }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: bookingStatuses }).notNull().default("confirmed"),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    petId: integer().references(() => pets.id, { onDelete: "set null" }),
    petName: text().notNull(),
    petSpecies: text({ enum: petSpecies }).notNull(),
    petBreed: text().notNull().default(""),
    customerName: text().notNull(),
    customerPhone: text().notNull(),
    customerEmail: text().notNull().default(""),
    notes: text().notNull().default(""),
    priceCents: integer(),
    source: text({ enum: ["online", "admin"] })
      .notNull()
      .default("online"),
    // The day-before reminder: claimed (a lease, REMINDER_LEASE_MS, reminder-lease.server.ts)
    // before the send, marked sent after it; a move clears both, so the new day is reminded.
    reminderClaimedAt: timestamp({ withTimezone: true }),
    reminderSentAt: timestamp({ withTimezone: true }),
    // The .ics SEQUENCE (RFC 5545): raised by every move, cancellation and reopening, so the
    // shopper's calendar takes the newest copy of the event and ignores an older one.
    icsSequence: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.serviceId, t.startsAt),
    index().on(t.startsAt),
    index().on(t.userId),
    index().on(t.petId),
    check("bookings_range", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Every status change and move of a booking, with who made it. */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    fromStatus: text({ enum: bookingStatuses }),
    toStatus: text({ enum: bookingStatuses }).notNull(),
    fromStartsAt: timestamp({ withTimezone: true }),
    toStartsAt: timestamp({ withTimezone: true }),
    // 'Cliente', the admin's name, or 'Automático'.
    actor: text().notNull(),
    note: text().notNull().default(""),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.bookingId)],
);
