import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { z } from "zod";

import { readConfig, resolveAuthSecret } from "~/config.server";
import { getDb } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { formatLimaDateTime, formatLongDate } from "~/domain/calendar/lima-time";

import type { StoredComplaint } from "./complaint.server";
import { type ComplaintCopySection, describeComplaintCopySections } from "./complaint-email";

/**
 * After a filing the action redirects (so a reload never files it twice) and this
 * signed, short-lived cookie carries what the confirmation shows, to this browser only.
 * The confirmation shows the consumer's document and address, and a cookie's lifetime is
 * only a request to the browser: a copied value could be replayed for ever. So the cookie
 * carries the moment it was issued, and the server shows nothing once it is 10 minutes old.
 */
const CONFIRMATION_MINUTES = 10;

const confirmationSchema = z.object({
  issuedAt: z.iso.datetime(),
  code: z.string(),
  filedAt: z.iso.datetime(),
  dueDate: z.iso.date(),
  email: z.string(),
  isCopySent: z.boolean(),
});

export type ComplaintConfirmation = {
  code: string;
  filedAt: string;
  dueDate: string;
  email: string;
  isCopySent: boolean;
  /** What was filed, read back from the book: the copy to print when no e-mail left. */
  sections: ComplaintCopySection[];
};

let confirmationCookie: ReturnType<typeof createCookie> | undefined;

function getConfirmationCookie() {
  if (!confirmationCookie) {
    const config = readConfig();
    confirmationCookie = createCookie("patitas_complaint", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.appUrl.startsWith("https://"),
      secrets: [resolveAuthSecret(config)],
      maxAge: CONFIRMATION_MINUTES * 60,
    });
  }
  return confirmationCookie;
}

export async function serializeComplaintConfirmation(
  complaint: StoredComplaint,
  isCopySent: boolean,
  now: Date = new Date(),
): Promise<string> {
  return getConfirmationCookie().serialize({
    issuedAt: now.toISOString(),
    code: complaint.code,
    filedAt: complaint.createdAt.toISOString(),
    dueDate: complaint.dueDate,
    email: complaint.email,
    isCopySent,
  });
}

/**
 * The filed complaint as the consumer's copy shows it. The code comes from the signed
 * cookie, so a browser only ever reads back the complaint it filed itself.
 */
async function readFiledSections(code: string): Promise<ComplaintCopySection[]> {
  const [stored] = await getDb().select().from(complaints).where(eq(complaints.code, code));
  if (!stored?.dueDate) return [];
  return describeComplaintCopySections({ ...stored, filedAt: stored.createdAt, dueDate: stored.dueDate });
}

/**
 * The confirmation to show once, formatted for Lima, and the header that forgets it; none
 * once the cookie is older than 10 minutes by the server's clock.
 */
export async function readComplaintConfirmation(
  request: Request,
  now: Date = new Date(),
): Promise<{ confirmation: ComplaintConfirmation | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = getConfirmationCookie();
  const parsed = confirmationSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  if (!parsed.success) return { confirmation: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  // A minute's leeway the other way, for instances sharing one PostgreSQL with unequal clocks.
  const age = now.getTime() - Date.parse(parsed.data.issuedAt);
  if (!(age >= -60_000 && age <= CONFIRMATION_MINUTES * 60 * 1000)) return { confirmation: null, headers };
  return {
    confirmation: {
      code: parsed.data.code,
      filedAt: formatLimaDateTime(new Date(parsed.data.filedAt)),
      dueDate: formatLongDate(parsed.data.dueDate),
      email: parsed.data.email,
      isCopySent: parsed.data.isCopySent,
      sections: await readFiledSections(parsed.data.code),
    },
    headers,
  };
}
