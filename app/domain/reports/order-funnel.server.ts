// 'Embudo de pedidos' (issue 49): of the orders sent in a range (placed on one of its Lima
// days), how many were paid, delivered, cancelled by the owner, expired unpaid, or still wait.
import { sql } from "drizzle-orm";

import type { DateRange } from "./report-range";
import { queryRows, withinRange } from "./report-sql.server";

export type OrderFunnel = {
  sentCount: number;
  paidCount: number;
  deliveredCount: number;
  cancelledCount: number;
  /** Cancelled by the shop itself when their time to pay ran out. */
  expiredCount: number;
  pendingCount: number;
};

export async function getOrderFunnel(range: DateRange): Promise<OrderFunnel> {
  const [row] = await queryRows<Record<string, number>>(sql`
    with sent as (
      select o.id, o.status, o.paid_at,
        o.status = 'cancelado' and exists (
          select 1 from order_status_changes c
          where c.order_id = o.id and c.to_status = 'cancelado' and c.is_automatic
        ) as is_expired
      from orders o where ${withinRange(sql`o.created_at`, range)}
    )
    select count(*)::int as sent,
      count(*) filter (where paid_at is not null)::int as paid,
      count(*) filter (where status = 'entregado')::int as delivered,
      count(*) filter (where status = 'cancelado' and not is_expired)::int as cancelled,
      count(*) filter (where is_expired)::int as expired,
      count(*) filter (where status = 'pendiente')::int as pending
    from sent`);
  return {
    sentCount: Number(row?.sent ?? 0),
    paidCount: Number(row?.paid ?? 0),
    deliveredCount: Number(row?.delivered ?? 0),
    cancelledCount: Number(row?.cancelled ?? 0),
    expiredCount: Number(row?.expired ?? 0),
    pendingCount: Number(row?.pending ?? 0),
  };
}
