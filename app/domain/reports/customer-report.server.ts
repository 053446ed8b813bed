// 'Clientes' (issue 49): of the range's paying customers (an account, or a phone number for a
// guest), who bought for the first time, who came back, the top ones by revenue, and the share
// of orders placed from an account.
import { sql } from "drizzle-orm";

import type { DateRange } from "./report-range";
import { customerKey, limaMidnight, paidOrders, queryRows } from "./report-sql.server";

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

export async function getCustomerReport(range: DateRange): Promise<CustomerReport> {
  const [[counts], top] = await Promise.all([
    queryRows<Record<string, number>>(sql`
      with sales as (select * from ${paidOrders(range)} p),
      customers as (select distinct customer_key from sales),
      earlier as (
        select distinct ${customerKey(sql`o`)} as customer_key from orders o
        where o.paid_at < ${limaMidnight(range.from)} and o.status <> 'cancelado'
      )
      select (select count(*) from customers)::int as customers,
        (select count(*) from customers c join earlier e on e.customer_key = c.customer_key)::int as returning,
        (select count(*) from sales)::int as orders,
        (select count(*) from sales where user_id is not null)::int as registered`),
    queryRows<{ name: string; phone: string; orders: number; revenue: number }>(sql`
      select (array_agg(p.customer_name order by p.paid_at desc))[1] as name,
        (array_agg(p.customer_phone order by p.paid_at desc))[1] as phone,
        count(*)::int as orders, sum(p.revenue_cents)::float8 as revenue
      from ${paidOrders(range)} p
      group by p.customer_key order by revenue desc, name limit ${TOP}`),
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
