import { eq, max } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { deliverShopAlertsLater, queueShopAlertIn } from "~/domain/alerts/shop-alerts.server";
import { addBusinessDays } from "~/domain/calendar/business-days";
import { getLimaDate } from "~/domain/calendar/lima-time";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError } from "~/lib/log.server";
import { sendRequestedMail } from "~/lib/requested-mail.server";

import { formatComplaintCode, RESPONSE_BUSINESS_DAYS } from "./complaint";
import { createComplaintCopyUrl } from "./complaint-copy.server";
import { buildComplaintNoticeEmail } from "./complaint-email";
import type { ComplaintInput } from "./complaint-schema";

export type StoredComplaint = typeof complaints.$inferSelect;

// Each lost race costs one attempt; ten filings in the same instant are far beyond a pet shop.
const MAX_CODE_ATTEMPTS = 10;

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Stores the complaint with the next correlative code of its year. Two filings may
 * read the same max(sequence); the unique (year, sequence) index lets only one
 * commit, and the other retries with a fresh read, so no code is shared or skipped.
 */
async function insertWithNextCode(values: Omit<typeof complaints.$inferInsert, "sequence" | "code">) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDb().transaction(async (tx) => {
        const [last] = await tx
          .select({ sequence: max(complaints.sequence) })
          .from(complaints)
          .where(eq(complaints.year, values.year));
        const sequence = (last?.sequence ?? 0) + 1;
        const [stored] = await tx
          .insert(complaints)
          .values({ ...values, sequence, code: formatComplaintCode(values.year, sequence) })
          .returning();
        if (!stored) throw new Error("The complaint insert returned no row.");
        await queueShopAlertIn(tx, "complaint", stored.id);
        return stored;
      });
    } catch (error) {
      if (attempt >= MAX_CODE_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Files a complaint in the Libro de Reclamaciones: stores it with its code, the
 * provider as it is today and a deadline of 15 business days after the filing date
 * in Lima, then e-mails the address typed a notice with a link to the full copy (the
 * notice carries nothing the sender typed: see buildComplaintNoticeEmail). A failed e-mail
 * never loses the filing, nor does an address that already got its day's share of e-mails
 * (requested-mail.server.ts). `isCopySent` is true only when that e-mail left through the mail
 * server: one written to the outbox or withheld never reaches the consumer, who must keep the
 * confirmation instead.
 */
export async function fileComplaint(
  input: ComplaintInput,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<{ complaint: StoredComplaint; isCopySent: boolean }> {
  const now = options.now ?? new Date();
  const filedOn = getLimaDate(now);
  const dueDate = addBusinessDays(filedOn, RESPONSE_BUSINESS_DAYS);
  const settings = await getShopSettings();
  const complaint = await insertWithNextCode({
    ...input,
    year: Number(filedOn.slice(0, 4)),
    acceptedTermsAt: now,
    providerLegalName: settings.providerLegalName,
    providerRuc: settings.providerRuc,
    providerAddress: settings.providerAddress,
    dueDate,
    createdAt: now,
    updatedAt: now,
  });
  deliverShopAlertsLater();

  const notice = buildComplaintNoticeEmail(
    { ...complaint, filedAt: complaint.createdAt, dueDate },
    settings.shopName,
    createComplaintCopyUrl(complaint.id, now),
  );
  try {
    const receipt = await sendRequestedMail({ to: complaint.email, ...notice }, options.log);
    return { complaint, isCopySent: receipt.delivery === "smtp" };
  } catch (error) {
    logError("complaint copy not e-mailed", error, { complaintCode: complaint.code });
    return { complaint, isCopySent: false };
  }
}
