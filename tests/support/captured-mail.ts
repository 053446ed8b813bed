// A stand-in for ~/lib/mail.server that keeps every message instead of sending it, for tests
// that read what the shop mailed: `vi.mock("~/lib/mail.server", () => import("~test/captured-mail"))`.
import type { MailMessage, MailReceipt } from "~/lib/mail.server";

/** What the shop sent, in order; a test empties it in its beforeEach. */
export const sentMails: MailMessage[] = [];

export function isMailServerConfigured(): boolean {
  return true;
}

export async function sendMail(message: MailMessage): Promise<MailReceipt> {
  sentMails.push(message);
  return { delivery: "smtp" };
}
