import { type Database, getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";

import type { AuditAction, AuditEntity, LabelledAuditSummary } from "./audit-log";

/** A transaction or the database: an audit entry is written with the change it describes. */
type Writer = Pick<Database, "insert">;

/**
 * Records one back-office change: who (the admin's user id; null for what the shop does on
 * its own, such as cancelling an unpaid order), what was done, to which entity
 * ('product', 'service', 'promotion', 'taxonomy:brands', 'settings', …) and a short summary
 * of the values involved. Pass the transaction `tx` so the entry commits with the change.
 * The owner reads the summary in Spanish: a key without a label in audit-log.ts, at any
 * depth, does not compile.
 */
export async function recordAudit<Summary extends object>(
  entry: {
    userId: string | null;
    action: AuditAction;
    entity: AuditEntity;
    entityId?: string | number | null;
    summary?: Summary;
  } & { summary?: LabelledAuditSummary<Summary> },
  writer: Writer = getDb(),
): Promise<void> {
  await writer.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: (entry.summary ?? null) as Record<string, unknown> | null,
  });
}
