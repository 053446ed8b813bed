import { readConfig } from "~/config.server";
import { DEFAULT_LOGO_PATH } from "~/domain/media/image";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError } from "~/lib/log.server";
import { type MailAttachment, sendMail } from "~/lib/mail.server";
import { type MailContent, renderMail } from "~/lib/mail-template";
import { type RequestedMailReceipt, sendRequestedMail } from "~/lib/requested-mail.server";

/**
 * "smtp" reached the mail server; "outbox" was only written to disk; "withheld" was a
 * visitor's request past its recipient's daily cap; "failed" did neither.
 */
export type ShopMailOutcome = RequestedMailReceipt["delivery"] | "failed";

export type ShopMailOptions = {
  attachments?: MailAttachment[];
  /** Sent because a visitor asked, to an address they typed: counted against the recipient's cap. */
  isVisitorRequest?: boolean;
};

/**
 * Sends a shop-branded e-mail. A failure is logged, never thrown: the shopper's
 * action (a registration, a recovery request) must not be lost because mail is down.
 * The outcome tells a sent message from one left in the outbox, so that a screen
 * which says "sent" only says it when the message really left.
 */
export async function sendShopMail(
  to: string,
  subject: string,
  content: MailContent,
  { attachments, isVisitorRequest = false }: ShopMailOptions = {},
): Promise<ShopMailOutcome> {
  try {
    const [settings, { appUrl }] = [await getShopSettings(), readConfig()];
    const brand = {
      shopName: settings.shopName,
      logoUrl: new URL(settings.logo || DEFAULT_LOGO_PATH, appUrl).toString(),
      shopUrl: appUrl,
    };
    const send = isVisitorRequest ? sendRequestedMail : sendMail;
    const receipt = await send({
      to,
      subject,
      ...renderMail(brand, content),
      ...(attachments ? { attachments } : {}),
    });
    return receipt.delivery;
  } catch (error) {
    logError("shop e-mail not sent", error, { subject, to });
    return "failed";
  }
}
