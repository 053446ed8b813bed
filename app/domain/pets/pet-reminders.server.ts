import { and, asc, desc, eq, exists, gte, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { href } from "react-router";

import { readConfig } from "~/config.server";
import type { Database } from "~/db/client.server";
import {
  orderLines,
  orders,
  petHealthRecords,
  pets,
  productVariants,
  serviceBookingSizes,
  services,
  users,
} from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { isUnclaimedAt } from "~/domain/bookings/reminder-lease.server";
import {
  buildFoodReminder,
  buildHealthDueReminder,
  foodRunsOutAt,
  HEALTH_REMINDER_DAYS,
  isDaytimeInLima,
  isFoodReminderDue,
  pickHealthService,
  type ReminderReport,
} from "~/domain/bookings/reminder-mail";
import { addDays, limaDateOf } from "~/domain/bookings/slots";
import { lineTitle } from "~/domain/catalog/variant-display";
import { isCheckoutEmail } from "~/domain/orders/checkout-choices.server";

import { createFoodReorderUrl } from "./food-reorder.server";

// The reminders from a pet's data (issue 28): a vaccination or deworming due within 7 days, and
// the food bag about to run out. Each is claimed as a lease before its e-mail is sent (one
// conditional update stamping its claimed-at column with the run's `now`: two runs at once
// never both send it), marked sent after the send while the stamp is still the run's, and
// released when the send fails, so that a later run tries again. A run that dies between the
// claim and the mark is taken over once its lease (REMINDER_LEASE_MS) is past; if its e-mail
// had left, the shopper gets it twice: at least once across a crash, exactly once otherwise
// (ADR 044, as booking-reminders.server.ts).

/** Reminders of each kind per run at most; the rest wait for the next run. */
const BATCH = 200;

/** An account that can be written to: a real address (not 'admin@localhost'), not banned. */
const isReachable = sql`${users.banned} is not true`;

/** The reservable services (with their sizes), by title. */
function listReservableServices(db: Database) {
  const hasSizes = db
    .select({ one: sql`1` })
    .from(serviceBookingSizes)
    .where(eq(serviceBookingSizes.serviceId, services.id));
  return db
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(and(eq(services.isBookable, true), exists(hasSizes)))
    .orderBy(asc(services.title), asc(services.id));
}

/** The vaccinations and dewormings due from today to HEALTH_REMINDER_DAYS days ahead (Lima), not reminded yet. */
export async function sendHealthReminders(db: Database, now: Date = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { sent: 0, failed: 0 };
  if (!isDaytimeInLima(now)) return report;
  const today = limaDateOf(now);
  const isDue = and(
    isNull(petHealthRecords.dueReminderSentAt),
    isUnclaimedAt(petHealthRecords.dueReminderClaimedAt, now),
    gte(petHealthRecords.nextDueOn, today),
    lte(petHealthRecords.nextDueOn, addDays(today, HEALTH_REMINDER_DAYS)),
  );
  const due = await db
    .select({
      id: petHealthRecords.id,
      kind: petHealthRecords.kind,
      recordName: petHealthRecords.name,
      dueOn: petHealthRecords.nextDueOn,
      petName: pets.name,
      ownerName: users.name,
      email: users.email,
    })
    .from(petHealthRecords)
    .innerJoin(pets, eq(pets.id, petHealthRecords.petId))
    .innerJoin(users, eq(users.id, pets.userId))
    .where(and(isDue, isReachable))
    .orderBy(asc(petHealthRecords.nextDueOn), asc(petHealthRecords.id))
    .limit(BATCH);
  const toSend = due.filter((record) => isCheckoutEmail(record.email));
  if (toSend.length === 0) return report;
  const appUrl = readConfig().appUrl;
  const reservable = await listReservableServices(db);
  for (const record of toSend) {
    const [claimed] = await db
      .update(petHealthRecords)
      .set({ dueReminderClaimedAt: now })
      .where(and(eq(petHealthRecords.id, record.id), isDue))
      .returning({ id: petHealthRecords.id });
    if (!claimed) continue;
    const service = pickHealthService(record.kind, reservable);
    const path = service
      ? href("/reservar/:serviceId", { serviceId: String(service.id) })
      : href("/servicios/:familySlug?/:categorySlug?/:subcategorySlug?");
    const mail = buildHealthDueReminder({ ...record, dueOn: record.dueOn!, bookingUrl: `${appUrl}${path}` });
    const isSent = (await sendShopMail(record.email, mail.subject, mail.content)) !== "failed";
    report[isSent ? "sent" : "failed"] += 1;
    await db
      .update(petHealthRecords)
      .set({ dueReminderClaimedAt: null, ...(isSent ? { dueReminderSentAt: now } : {}) })
      .where(and(eq(petHealthRecords.id, record.id), eq(petHealthRecords.dueReminderClaimedAt, now)));
  }
  return report;
}

/**
 * Each pet with a daily ration and a food, with the latest bag of that food its owner ordered
 * (in an order not cancelled): the line, how much it held and when.
 */
function listLatestFoodBags(db: Database) {
  return db
    .selectDistinctOn([pets.id], {
      petId: pets.id,
      petName: pets.name,
      dailyGrams: pets.dailyFoodGrams,
      remindedLineId: pets.foodRemindedLineId,
      ownerName: users.name,
      email: users.email,
      lineId: orderLines.id,
      variantId: productVariants.id,
      title: orderLines.title,
      variantName: orderLines.variantName,
      quantity: orderLines.quantity,
      netWeightGrams: productVariants.netWeightGrams,
      orderedAt: orders.createdAt,
    })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.userId))
    .innerJoin(productVariants, eq(productVariants.id, pets.foodVariantId))
    .innerJoin(orderLines, eq(orderLines.variantId, productVariants.id))
    .innerJoin(orders, and(eq(orders.id, orderLines.orderId), eq(orders.userId, pets.userId)))
    .where(
      and(
        isNotNull(pets.dailyFoodGrams),
        isNotNull(productVariants.netWeightGrams),
        ne(orders.status, "cancelado"),
        isReachable,
      ),
    )
    .orderBy(asc(pets.id), desc(orders.createdAt), desc(orderLines.id));
}

type FoodBag = Awaited<ReturnType<typeof listLatestFoodBags>>[number];

/**
 * Sends one food reminder: the pet claimed first (while its reminded line is still the one read
 * and no live lease holds it), its reminded line set to this bag's after the send.
 */
async function remindFood(db: Database, bag: FoodBag, runsOutAt: Date, now: Date): Promise<"sent" | "failed" | null> {
  const [claimed] = await db
    .update(pets)
    .set({ foodReminderClaimedAt: now })
    .where(
      and(
        eq(pets.id, bag.petId),
        eq(pets.foodVariantId, bag.variantId),
        sql`${pets.foodRemindedLineId} is not distinct from ${bag.remindedLineId}`,
        isUnclaimedAt(pets.foodReminderClaimedAt, now),
      ),
    )
    .returning({ id: pets.id });
  if (!claimed) return null;
  const mail = buildFoodReminder({
    ownerName: bag.ownerName,
    petName: bag.petName,
    dailyGrams: bag.dailyGrams!,
    productLabel: lineTitle(bag.title, bag.variantName),
    quantity: bag.quantity,
    orderedOn: limaDateOf(bag.orderedAt),
    runsOutOn: limaDateOf(runsOutAt),
    today: limaDateOf(now),
    reorderUrl: createFoodReorderUrl({ variantId: bag.variantId, quantity: bag.quantity }, now),
  });
  const isSent = (await sendShopMail(bag.email, mail.subject, mail.content)) !== "failed";
  await db
    .update(pets)
    .set({ foodReminderClaimedAt: null, ...(isSent ? { foodRemindedLineId: bag.lineId } : {}) })
    .where(and(eq(pets.id, bag.petId), eq(pets.foodReminderClaimedAt, now)));
  return isSent ? "sent" : "failed";
}

/** The food reminders due: once per bag bought, from 5 days before it runs out. */
export async function sendFoodReminders(db: Database, now: Date = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { sent: 0, failed: 0 };
  if (!isDaytimeInLima(now)) return report;
  const due = (await listLatestFoodBags(db))
    .map((bag) => ({
      bag,
      runsOutAt: foodRunsOutAt(bag.orderedAt, bag.netWeightGrams! * bag.quantity, bag.dailyGrams!),
    }))
    .filter(
      ({ bag, runsOutAt }) =>
        bag.remindedLineId !== bag.lineId && isFoodReminderDue(runsOutAt, now) && isCheckoutEmail(bag.email),
    )
    .slice(0, BATCH);
  for (const { bag, runsOutAt } of due) {
    const outcome = await remindFood(db, bag, runsOutAt, now);
    if (outcome) report[outcome] += 1;
  }
  return report;
}
