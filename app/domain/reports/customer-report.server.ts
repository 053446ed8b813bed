// 'Clientes' (issue 49): of the range's paying customers (an account, or a phone number for a
// guest: orders.customer_key), who bought for the first time, who came back, the top ones by
// revenue, and the share of orders placed from an account.
import { sql } from "drizzle-orm";

import type { DateRange } from "./report-range";
import { limaMidnight, queryRows, withinRange } from "./report-sql.server";

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

type Row = {
  customers: number;
  returning: number;
  orders: number;
  registered: number;
  top: { name: string; phone: string; orders: number; revenue: number }[] | null;
};

/**
 * One statement, one pass over the range's sales (the orders paid on its days, not cancelled
 * since, with what was paid less what was refunded), summed per customer once for every figure.
 * Whether a customer had paid before is asked of their earlier orders through
 * orders_customer_sales_index, or by one pass over them when the range's customers are many.
 * The top ones' name and phone are their latest order's in the range.
 */
export async function getCustomerReport(range: DateRange): Promise<CustomerReport> {
  const [row] = await queryRows<Row>(sql`
    with customers as materialized (
      select o.customer_key, count(*)::int as orders, count(o.user_id)::int as registered,
        sum((coalesce(o.paid_amount_cents, o.total_cents) - coalesce(refunds.cents, 0))::float8) as revenue
      from orders o
      left join (
        select p.order_id, sum(r.amount_cents) as cents from payment_refunds r
        join online_payments p on p.id = r.online_payment_id
        where p.outcome = 'paid' and r.status = 'done'
        group by p.order_id
      ) refunds on refunds.order_id = o.id
      where ${withinRange(sql`o.paid_at`, range)} and o.status <> 'cancelado'
      group by o.customer_key
    ), top as (
      select c.customer_key, c.orders, c.revenue from customers c order by c.revenue desc, c.customer_key limit ${TOP}
    )
    select count(*)::int as customers, coalesce(sum(c.orders), 0)::int as orders,
      coalesce(sum(c.registered), 0)::int as registered,
      (select count(*) from customers r where exists (
        select 1 from orders e
        where e.customer_key = r.customer_key and e.paid_at < ${limaMidnight(range.from)}
          and e.paid_at is not null and e.status <> 'cancelado'
      ))::int as returning,
      (select json_agg(json_build_object('name', l.customer_name, 'phone', l.customer_phone, 'orders', t.orders,
          'revenue', t.revenue) order by t.revenue desc, l.customer_name)
        from top t cross join lateral (
          select e.customer_name, e.customer_phone from orders e
          where e.customer_key = t.customer_key and ${withinRange(sql`e.paid_at`, range)} and e.status <> 'cancelado'
          order by e.paid_at desc limit 1
        ) l) as top
    from customers c`);
  const customerCount = Number(row?.customers ?? 0);
  const returningCount = Number(row?.returning ?? 0);
  return {
    customerCount,
    newCount: customerCount - returningCount,
    returningCount,
    orderCount: Number(row?.orders ?? 0),
    registeredOrderCount: Number(row?.registered ?? 0),
    top: (row?.top ?? []).map((customer) => ({
      name: customer.name,
      phone: customer.phone,
      orderCount: Number(customer.orders),
      revenueCents: Number(customer.revenue),
    })),
  };
}
