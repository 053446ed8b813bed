import { asc, count, desc, eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { formatLimaDateTime } from "~/domain/calendar/lima-time";

export const CONTACT_MESSAGE_PAGE_SIZE = 20;

/**
 * One page of the inbox: unread messages first, the newest first within each group
 * (the (is_read, created_at) index serves this order), plus the unread count.
 */
export async function listContactMessages(requestedPage: number) {
  const db = getDb();
  const [[totals], [unread]] = await Promise.all([
    db.select({ total: count() }).from(contactMessages),
    db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
  ]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_MESSAGE_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(asc(contactMessages.isRead), desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_MESSAGE_PAGE_SIZE)
    .offset((page - 1) * CONTACT_MESSAGE_PAGE_SIZE);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      subject: row.subject,
      message: row.message,
      isRead: row.isRead,
      receivedAt: formatLimaDateTime(row.createdAt),
    })),
    total,
    unreadCount: unread?.total ?? 0,
    page,
    pageCount,
  };
}

export type AdminContactMessage = Awaited<ReturnType<typeof listContactMessages>>["messages"][number];

/**
 * Marks a message read or unread. Not audited: it changes the owner's inbox, not the shop.
 * Returns false when there is no such message.
 */
export async function setContactMessageRead(id: number, isRead: boolean): Promise<boolean> {
  const updated = await getDb()
    .update(contactMessages)
    .set({ isRead })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}

/**
 * Deletes a message for good: it holds a person's name, e-mail and words (Ley 29733), and
 * the owner answers a request to erase them, or clears what no longer needs keeping. The
 * audit entry names who deleted which message, never what it said.
 */
export async function deleteContactMessage(adminId: string, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const deleted = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id });
    if (deleted.length === 0) return false;
    await recordAudit({ userId: adminId, action: "delete", entity: "contact-message", entityId: id }, tx);
    return true;
  });
}
