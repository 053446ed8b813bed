import { getDb, type Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditAction = "create" | "update" | "delete" | "archive" | "import" | "status" | "settings" | "sign-in";

/** A transaction or the database: an audit entry is written with the change it describes. */
type Writer = Pick<Database, "insert">;

/**
 * Records one back-office change: who (the admin's user id), what was done, to which entity
 * ('product', 'service', 'promotion', 'taxonomy:brands', 'settings', …) and a short summary
 * of the values involved. Pass the transaction `tx` so the entry commits with the change.
 */
export async function recordAudit(
  entry: {
    userId: string;
    action: AuditAction;
    entity: string;
    entityId?: string | number | null;
    summary?: Record<string, unknown>;
  },
  writer: Writer = getDb(),
): Promise<void> {
  await writer.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary ?? null,
  });
}
