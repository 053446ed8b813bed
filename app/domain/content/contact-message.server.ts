import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { deliverShopAlertsLater, queueShopAlertIn } from "~/domain/alerts/shop-alerts.server";

import type { ContactMessageInput } from "./contact-message";

/**
 * Stores a message from /contacto, unread, for the owner's inbox in the back office, and
 * tells the shop by e-mail (after the response).
 */
export async function createContactMessage(input: ContactMessageInput): Promise<number> {
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    await queueShopAlertIn(tx, "contact", row!.id);
    return row!.id;
  });
  deliverShopAlertsLater();
  return id;
}
