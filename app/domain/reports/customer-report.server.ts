// 'Clientes' (issue 49): of the range's paying customers (an account, or a phone number for a
// guest), who bought for the first time, who came back, the top ones by revenue, and the share
// of orders placed from an account.
import { sql } from "drizzle-orm";

import type { DateRange } from "./report-range";
import { customerKey, limaMidnight, liveSales, queryRows } from "./report-sql.server";

type TopCustomer = { name: string; phone: string; orderCount: number; revenueCents: number };
export type CustomerReport = {
  customerCount: number;
  newCount: number;
  returningCount: number;
  orderCount: number;
  registeredOrderCount: number;
  top: TopCustomer[];
};

const TOP = 10;

export async function getCustomerReport(range: DateRange, source = liveSales(range)): Promise<CustomerReport> {
  const [[counts], top] = await Promise.all([
    queryRows<Record<string, number>>(
      sql`
      with customers as (select distinct p.customer_key from ${source.sales} p),
      earlier as (
        select distinct ${customerKey(sql`o`)} as customer_key from orders o
        where o.paid_at < ${limaMidnight(range.from)} and o.status <> 'cancelado'
      )
      select (select count(*) from customers)::int as customers,
        (select count(*) from customers c join earlier e on e.customer_key = c.customer_key)::int as returning,
        (select count(*) from ${source.sales} p)::int as orders,
        (select count(*) from ${source.sales} p where p.user_id is not null)::int as registered`,
      source.executor,
    ),
    // Summed per customer first; the name and phone of their latest order read for the top ones only.
    queryRows<{ name: string; phone: string; orders: number; revenue: number }>(
      sql`
      with top as (
        select p.customer_key, count(*)::int as orders, sum(p.revenue_cents)::float8 as revenue
        from ${source.sales} p group by 1 order by revenue desc, 1 limit ${TOP}
      ), latest as (
        select distinct on (p.customer_key) p.customer_key, p.customer_name, p.customer_phone
        from ${source.sales} p where p.customer_key in (select customer_key from top)
        order by p.customer_key, p.paid_at desc
      )
      select l.customer_name as name, l.customer_phone as phone, t.orders, t.revenue
      from top t join latest l on l.customer_key = t.customer_key
      order by t.revenue desc, name`,
      source.executor,
    ),
  ]);
  const customerCount = Number(counts?.customers ?? 0);
  const returningCount = Number(counts?.returning ?? 0);
  return {
    customerCount,
    newCount: customerCount - returningCount,
    returningCount,
    orderCount: Number(counts?.orders ?? 0),
    registeredOrderCount: Number(counts?.registered ?? 0),
    top: top.map((row) => ({
      name: row.name,
      phone: row.phone,
      orderCount: Number(row.orders),
      revenueCents: Number(row.revenue),
    })),
  };
}
