import { eq } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { formatLimaDateTime, formatLongDate } from "~/domain/calendar/lima-time";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError } from "~/lib/log.server";
import { sendMail } from "~/lib/mail.server";
import { rateRules, takeSubmission } from "~/lib/rate-limit.server";
import { createSignedToken, readSignedToken } from "~/lib/signed-token.server";

import {
  buildComplaintCopyEmail,
  COMPLAINT_COPY_LINK_DAYS,
  type ComplaintCopySection,
  type ComplaintRecord,
  describeComplaintCopySections,
} from "./complaint-email";

const PURPOSE = "complaint-copy";
const payloadSchema = z.object({ complaintId: z.number().int().positive() });

/** The notice's link to the full copy, signed so that only the e-mail's reader has it. */
export function createComplaintCopyUrl(complaintId: number, now: Date = new Date()): string {
  const expiresAt = new Date(now.getTime() + COMPLAINT_COPY_LINK_DAYS * 24 * 60 * 60 * 1000);
  const token = createSignedToken(PURPOSE, { complaintId }, expiresAt);
  return `${readConfig().appUrl}${href("/libro-reclamaciones/copia")}?token=${token}`;
}

async function findComplaint(token: string, now: Date): Promise<ComplaintRecord | null> {
  const payload = payloadSchema.safeParse(readSignedToken(PURPOSE, token, now));
  if (!payload.success) return null;
  const [stored] = await getDb().select().from(complaints).where(eq(complaints.id, payload.data.complaintId));
  if (!stored?.dueDate) return null;
  return { ...stored, filedAt: stored.createdAt, dueDate: stored.dueDate };
}

export type ComplaintCopy = {
  code: string;
  filedAt: string;
  dueDate: string;
  email: string;
  sections: ComplaintCopySection[];
};

/** The full copy a valid link opens, formatted for Lima; null for a forged or expired link. */
export async function readComplaintCopy(token: string, now: Date = new Date()): Promise<ComplaintCopy | null> {
  const complaint = await findComplaint(token, now);
  if (!complaint) return null;
  return {
    code: complaint.code,
    filedAt: formatLimaDateTime(complaint.filedAt),
    dueDate: formatLongDate(complaint.dueDate),
    email: complaint.email,
    sections: describeComplaintCopySections(complaint),
  };
}

export type SendCopyResult =
  | { status: "expired" }
  | { status: "too-many" }
  | { status: "sent"; email: string }
  | { status: "not-sent"; email: string };

/**
 * E-mails the full copy to the complaint's own address, for the reader of the notice who
 * asked for it. "sent" only when it left through the mail server: the outbox reaches nobody.
 */
export async function sendFullComplaintCopy(
  token: string,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<SendCopyResult> {
  const complaint = await findComplaint(token, options.now ?? new Date());
  if (!complaint) return { status: "expired" };
  if (!(await takeSubmission(`complaint-copy:${complaint.code}`, rateRules.complaintCopyPerComplaint))) {
    return { status: "too-many" };
  }
  const { shopName } = await getShopSettings();
  try {
    const receipt = await sendMail(
      { to: complaint.email, ...buildComplaintCopyEmail(complaint, shopName) },
      options.log,
    );
    return { status: receipt.delivery === "smtp" ? "sent" : "not-sent", email: complaint.email };
  } catch (error) {
    logError("complaint copy not e-mailed", error, { complaintCode: complaint.code });
    return { status: "not-sent", email: complaint.email };
  }
}
