import { readConfig } from "~/config.server";
import { DEFAULT_LOGO_PATH } from "~/domain/media/image";
import { getShopSettings } from "~/domain/settings/settings.server";
import { logError } from "~/lib/log.server";
import { type MailAttachment, type MailReceipt, sendMail } from "~/lib/mail.server";
import { type MailContent, renderMail } from "~/lib/mail-template";

/** "smtp" reached the mail server; "outbox" was only written to disk; "failed" did neither. */
export type ShopMailOutcome = MailReceipt["delivery"] | "failed";

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
  attachments?: MailAttachment[],
): Promise<ShopMailOutcome> {
  try {
    const [settings, { appUrl }] = [await getShopSettings(), readConfig()];
    const brand = {
      shopName: settings.shopName,
      logoUrl: new URL(settings.logo || DEFAULT_LOGO_PATH, appUrl).toString(),
      shopUrl: appUrl,
    };
    const receipt = await sendMail({
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
