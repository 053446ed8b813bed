// The pieces every report's SQL shares (issue 49, ADR 040): a Lima date range as the instants
// that bound it, and the orders a range's sales count. Everything is summed by the database,
// in céntimos; JavaScript only shapes the rows.
import { type SQL, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";

import type { DateRange } from "./report-range";

type Executor = Pick<Database, "execute">;

/** The rows of a statement (both drivers answer `{ rows }`). */
export async function queryRows<T>(statement: SQL, executor: Executor = getDb()): Promise<T[]> {
  return ((await executor.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The instant a Lima date starts: midnight in Lima, whatever the server's zone. */
export function limaMidnight(date: string): SQL {
  return sql`(${date}::date::timestamp at time zone 'America/Lima')`;
}

/** `column` falls on one of the range's Lima days: a range over the instants, so an index on `column` serves it. */
export function withinRange(column: SQL, range: DateRange): SQL {
  return sql`${column} >= ${limaMidnight(range.from)} and ${column} < (((${range.to}::date + 1)::timestamp) at time zone 'America/Lima')`;
}

/** Who an order's customer is: their account, or else their phone number's digits. */
export function customerKey(order: SQL): SQL {
  return sql`coalesce(${order}.user_id, 'tel:' || regexp_replace(${order}.customer_phone, '[^0-9]', '', 'g'))`;
}

/**
 * The sales of a range, one row per order: orders whose payment was recorded on one of its
 * days and that were not cancelled afterwards (a cancelled paid order gave its money back).
 * `revenue_cents` is what was paid less what was refunded through the payment provider;
 * `discount_cents` what its discounts took off, shown apart.
 */
function paidOrders(range: DateRange): SQL {
  return sql`(
    select o.id, o.user_id, o.customer_name, o.customer_phone, o.paid_at, o.discount_cents,
      (o.paid_at at time zone 'America/Lima')::date as paid_day,
      coalesce(o.fulfillment, 'sin_dato') as fulfillment,
      coalesce(nullif(o.paid_method_name, ''), o.payment_method_name) as method,
      ${customerKey(sql`o`)} as customer_key,
      coalesce(o.paid_amount_cents, o.total_cents) - coalesce(refunds.cents, 0) as revenue_cents
    from orders o
    left join (
      select p.order_id, sum(r.amount_cents) as cents from payment_refunds r
      join online_payments p on p.id = r.online_payment_id
      where p.outcome = 'paid' and r.status = 'done'
      group by p.order_id
    ) refunds on refunds.order_id = o.id
    where ${withinRange(sql`o.paid_at`, range)} and o.status <> 'cancelado'
  )`;
}

/**
 * What `sales` (paidOrders or its copy) sold, one row per product: units (`quantity`) and
 * `line_total_cents` summed, with the product's title, category and brand as named today.
 */
function productsOf(sales: SQL): SQL {
  return sql`(
    select a.product_id, a.quantity, a.line_total_cents,
      coalesce(pr.title, a.title) as title,
      coalesce(c.name, 'Sin categoría') as category, coalesce(b.name, 'Sin marca') as brand
    from (
      select l.product_id, min(l.title) as title, sum(l.quantity) as quantity, sum(l.line_total_cents) as line_total_cents
      from order_lines l join ${sales} s on s.id = l.order_id
      group by l.product_id
    ) a
    left join products pr on pr.id = a.product_id
    left join product_categories c on c.id = pr.category_id
    left join brands b on b.id = pr.brand_id
  )`;
}

/**
 * Where a range's sales are read from: `sales` (paidOrders' rows) and `products` (productsOf's),
 * as subqueries or as the temporary copies withSalesTables makes, and what runs the statements.
 */
export type SalesSource = { executor: Executor; sales: SQL; products: SQL };

/** The range's sales read straight from the orders: for one figure or two (the dashboard, the Monday e-mail). */
export function liveSales(range: DateRange): SalesSource {
  const sales = paidOrders(range);
  return { executor: getDb(), sales, products: productsOf(sales) };
}

/**
 * Runs `work` over a copy of the range's sales and of what they sold, made once in temporary
 * tables of a transaction: the whole report then reads its dozen figures from them instead of
 * joining the orders and their lines again for each (bench/reports.js). Everything `work`
 * runs must go through the source's executor: on PGlite a statement outside the transaction
 * would wait for it.
 */
export async function withSalesTables<T>(range: DateRange, work: (source: SalesSource) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`create temporary table report_sales on commit drop as select * from ${paidOrders(range)} p`);
    await tx.execute(
      sql`create temporary table report_products on commit drop as select * from ${productsOf(sql`report_sales`)} l`,
    );
    return work({ executor: tx, sales: sql`report_sales`, products: sql`report_products` });
  });
}
