import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

import type { ContactMessageInput } from "./contact-message";

/** Stores a message from /contacto, unread, for the owner's inbox in the back office. */
export async function createContactMessage(input: ContactMessageInput): Promise<number> {
  const [row] = await getDb().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!.id;
}
