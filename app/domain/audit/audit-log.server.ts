import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";

import { AUDIT_PAGE_SIZE } from "./audit-log";

export type AuditQuery = { entity: string | null; userId: string | null; page: number };

/**
 * One page of the log, newest first. A filtered page walks the (entity, created_at) or
 * (user_id, created_at) index backwards; the unfiltered one walks the primary key, whose
 * identity values grow with time just as created_at does.
 */
export async function listAuditEntries(query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.userId) conditions.push(eq(auditLog.userId, query.userId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const db = getDb();
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const order = where ? [desc(auditLog.createdAt), desc(auditLog.id)] : [desc(auditLog.id)];
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      userId: auditLog.userId,
      username: sql<string | null>`coalesce(${users.displayUsername}, ${users.username}, ${users.email})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(...order)
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>["rows"][number];

type Rows<T> = { rows: T[] };

/**
 * The choices of the two filters: every entity and every author present in the log.
 * Each is a loose index scan (one index probe per distinct value), so it stays quick
 * however long the log grows.
 */
export async function listAuditFilterOptions() {
  const db = getDb();
  const [entityResult, userResult] = await Promise.all([
    db.execute(sql`
      with recursive found(entity) as (
        (select entity from ${auditLog} order by entity limit 1)
        union all
        select (select a.entity from ${auditLog} a where a.entity > found.entity order by a.entity limit 1)
        from found where found.entity is not null
      )
      select entity from found where entity is not null`),
    db.execute(sql`
      with recursive found(user_id) as (
        (select user_id from ${auditLog} where user_id is not null order by user_id limit 1)
        union all
        select (select a.user_id from ${auditLog} a where a.user_id > found.user_id order by a.user_id limit 1)
        from found where found.user_id is not null
      )
      select u.id, coalesce(u.display_username, u.username, u.email) as username
      from found join ${users} u on u.id = found.user_id
      order by lower(coalesce(u.display_username, u.username, u.email))`),
  ]);
  return {
    entities: (entityResult as unknown as Rows<{ entity: string }>).rows.map((row) => row.entity),
    users: (userResult as unknown as Rows<{ id: string; username: string }>).rows,
  };
}
