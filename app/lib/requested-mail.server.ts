import { logWarn } from "./log.server";
import { type MailMessage, type MailReceipt, sendMail } from "./mail.server";
import { normalizeMailbox } from "./mailbox";
import { rateRules, takeSubmission } from "./rate-limit.server";

// The e-mails the shop sends because a visitor asked, to an address the visitor typed: the
// complaint's notice, a booking's confirmation and the changes its holder makes, an order's
// e-mails, a stock alert's confirmation. Anyone may type anyone's address, so each inbox gets
// only so many a day (rateRules.requestedMailsPerRecipient). Not counted: the owner's own
// alerts, what the owner does to an order or a booking, the account e-mails (limited in
// registration.server.ts and auth.server.ts), and what an inbox's owner asked for from a
// link only they hold (a complaint's full copy, a confirmed stock alert).

/** "withheld": not sent, because the recipient already had their share of the day. */
export type RequestedMailReceipt = MailReceipt | { delivery: "withheld" };

/** The cap's counter for an address: every spelling of one inbox shares it. */
export function requestedMailKey(to: string): string {
  return `requested-mail:${normalizeMailbox(to)}`;
}

/**
 * Sends a visitor-requested e-mail unless its inbox is over the cap. Past it nothing is sent
 * and the log says so, but the visitor's action still succeeds: no error tells anyone about
 * the address.
 */
export async function sendRequestedMail(
  message: MailMessage,
  log?: (line: string) => void,
): Promise<RequestedMailReceipt> {
  if (!(await takeSubmission(requestedMailKey(message.to), rateRules.requestedMailsPerRecipient))) {
    logWarn("e-mail withheld: its recipient reached the day's cap of e-mails sent on a visitor's request", {
      to: message.to,
      subject: message.subject,
    });
    return { delivery: "withheld" };
  }
  return sendMail(message, log);
}
