import { readConfig } from "~/config.server";
import { DEFAULT_LOGO_PATH } from "~/domain/media/image";
import { getShopSettings } from "~/domain/settings/settings.server";
import { type MailContent, renderMail } from "~/lib/mail-template";
import { sendMail } from "~/lib/mail.server";

/**
 * Sends a shop-branded e-mail. A failure is logged, never thrown: the shopper's
 * action (a registration, a recovery request) must not be lost because mail is down.
 */
export async function sendShopMail(to: string, subject: string, content: MailContent): Promise<boolean> {
  try {
    const [settings, { appUrl }] = [await getShopSettings(), readConfig()];
    const brand = {
      shopName: settings.shopName,
      logoUrl: new URL(settings.logo || DEFAULT_LOGO_PATH, appUrl).toString(),
      shopUrl: appUrl,
    };
    await sendMail({ to, subject, ...renderMail(brand, content) });
    return true;
  } catch (error) {
    console.error(`Could not send "${subject}" to ${to}:`, error);
    return false;
  }
}
