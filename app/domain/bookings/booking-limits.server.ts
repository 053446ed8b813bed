import { and, eq, gt, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { bookings, users } from "~/db/schema";
import { toPhoneKey } from "~/domain/orders/order-limits";
import { rateRules, takeSubmission } from "~/lib/rate-limit.server";

import {
  DAILY_ADDRESS_LIMIT_MESSAGE,
  EMAIL_LIMIT_MESSAGE,
  EMAIL_SERVICE_LIMIT_MESSAGE,
  MAX_UPCOMING_BOOKINGS,
  MAX_UPCOMING_BOOKINGS_PER_SERVICE,
  PHONE_LIMIT_MESSAGE,
  PHONE_SERVICE_LIMIT_MESSAGE,
  toEmailKey,
} from "./booking-limits";
import type { BookingRefusal } from "./booking-store.server";

// The limits of booking-limits.ts, read inside createBooking's transaction (issue 41).

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who is booking, as the limits see them (readBooker). */
export type Booker = {
  serviceId: number;
  phone: string;
  email: string;
  /** The owner's bookings, and a signed-in customer's whose e-mail is confirmed, are not limited. */
  isTrusted: boolean;
  /** The visitor's address as the per-address limits count it; none for the owner's bookings. */
  clientIp?: string;
  now: Date;
};

// Bookings of one phone or one e-mail take turns on these locks (two int4 keys, apart from the
// orders' phone lock and the one-key locks), taken after the service's row lock: the service's
// lock alone lets two bookings of different services both pass the count across services.
const BOOKER_LOCK_CLASS = 72_731;

/** The phone as toPhoneKey reads it, in SQL: digits only, the last nine. */
export const phoneKeyOf: SQL<string> = sql<string>`right(regexp_replace(${bookings.customerPhone}, '[^0-9]', '', 'g'), 9)`;

/** The e-mail as toEmailKey reads it, in SQL: lower-case, without its '+tag'. */
const emailKeyOf: SQL<string> = sql<string>`regexp_replace(lower(trim(${bookings.customerEmail})), '[+][^@]*@', '@')`;

export async function readBooker(
  tx: Transaction,
  input: Omit<Booker, "isTrusted"> & { userId: string | null; source: "online" | "admin" },
): Promise<Booker> {
  const { userId, source, ...booker } = input;
  if (source === "admin") return { ...booker, isTrusted: true };
  const [user] = userId
    ? await tx.select({ isVerified: users.emailVerified }).from(users).where(eq(users.id, userId))
    : [];
  return { ...booker, isTrusted: user?.isVerified === true };
}

/** The confirmed bookings still ahead that match `same`: for this service, and for all. */
async function countUpcoming(tx: Transaction, booker: Booker, same: SQL, lockKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKER_LOCK_CLASS}, hashtext(${lockKey}))`);
  const [row] = await tx
    .select({
      forService: sql<number>`(count(*) filter (where ${bookings.serviceId} = ${booker.serviceId}))::integer`,
      total: sql<number>`count(*)::integer`,
    })
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), gt(bookings.startsAt, booker.now), same));
  return { forService: Number(row?.forService ?? 0), total: Number(row?.total ?? 0) };
}

function isAtLimit(held: { forService: number; total: number }) {
  if (held.forService >= MAX_UPCOMING_BOOKINGS_PER_SERVICE) return "service";
  if (held.total >= MAX_UPCOMING_BOOKINGS) return "all";
  return null;
}

/**
 * Why this booker may not hold another booking ahead, or null. Called under the service's row
 * lock; the phone's lock and then the e-mail's are taken in that order, so that concurrent
 * bookings of one person count each other whatever service they are for.
 */
export async function findBookerRefusal(tx: Transaction, booker: Booker): Promise<BookingRefusal | null> {
  if (booker.isTrusted) return null;
  const phoneKey = toPhoneKey(booker.phone);
  const byPhone = isAtLimit(await countUpcoming(tx, booker, sql`${phoneKeyOf} = ${phoneKey}`, `phone:${phoneKey}`));
  if (byPhone) {
    const message = byPhone === "service" ? PHONE_SERVICE_LIMIT_MESSAGE : PHONE_LIMIT_MESSAGE;
    return { field: "customerPhone", message };
  }
  if (booker.email === "") return null;
  const emailKey = toEmailKey(booker.email);
  const byEmail = isAtLimit(await countUpcoming(tx, booker, sql`${emailKeyOf} = ${emailKey}`, `email:${emailKey}`));
  if (byEmail) {
    const message = byEmail === "service" ? EMAIL_SERVICE_LIMIT_MESSAGE : EMAIL_LIMIT_MESSAGE;
    return { field: "customerEmail", message };
  }
  return null;
}

/**
 * Counts this booking against its address's daily cap, or answers why not. Called last before
 * the insert, so a booking refused for its slot costs nothing; the check and the count are one
 * step (rate-limit.server.ts: atomic in memory and in the shared table), so concurrent bookings
 * from one address, on one instance or several, cannot all pass between them.
 */
export async function takeDailyAddressSlot(tx: Transaction, booker: Booker): Promise<BookingRefusal | null> {
  if (booker.clientIp === undefined || booker.isTrusted) return null;
  return (await takeSubmission(`booking-day:ip:${booker.clientIp}`, rateRules.bookingsPerIpPerDay, { within: tx }))
    ? null
    : { field: "form", message: DAILY_ADDRESS_LIMIT_MESSAGE };
}
