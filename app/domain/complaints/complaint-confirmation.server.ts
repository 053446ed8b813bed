import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { z } from "zod";
import { readConfig, resolveAuthSecret } from "~/config.server";
import { getDb } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { type ComplaintCopySection, describeComplaintCopySections } from "./complaint-email";
import type { StoredComplaint } from "./complaint.server";
import { formatLimaDateTime, formatLongDate } from "./lima-time";

/**
 * After a filing the action redirects (so a reload never files it twice) and this
 * signed, short-lived cookie carries what the confirmation shows, to this browser only.
 */
const confirmationSchema = z.object({
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
      maxAge: 10 * 60,
    });
  }
  return confirmationCookie;
}

export async function serializeComplaintConfirmation(
  complaint: StoredComplaint,
  isCopySent: boolean,
): Promise<string> {
  return getConfirmationCookie().serialize({
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

/** The confirmation to show once, formatted for Lima, and the header that forgets it. */
export async function readComplaintConfirmation(
  request: Request,
): Promise<{ confirmation: ComplaintConfirmation | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = getConfirmationCookie();
  const parsed = confirmationSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  if (!parsed.success) return { confirmation: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
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
