CREATE TABLE "product_sales_days" (
	"day" date NOT NULL,
	"product_id" integer,
	"units" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "product_sales_days_day_product_unique" UNIQUE NULLS NOT DISTINCT("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"fulfillment" text NOT NULL,
	"method" text NOT NULL,
	"order_count" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"units" bigint NOT NULL,
	CONSTRAINT "sales_days_day_fulfillment_method_pk" PRIMARY KEY("day","fulfillment","method")
);
--> statement-breakpoint
DROP INDEX "order_lines_order_id_index";--> statement-breakpoint
DROP INDEX "orders_created_at_index";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_key" text GENERATED ALWAYS AS (coalesce(user_id, 'tel:' || regexp_replace(customer_phone, '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_order_id_variant_id_quantity_index" ON "order_lines" USING btree ("order_id","variant_id","quantity");--> statement-breakpoint
CREATE INDEX "orders_created_at_status_paid_at_index" ON "orders" USING btree ("created_at","status","paid_at");--> statement-breakpoint
CREATE INDEX "orders_customer_sales_index" ON "orders" USING btree ("customer_key","paid_at") WHERE paid_at is not null and status <> 'cancelado';--> statement-breakpoint
-- The reports' daily sums (issue 49, ADR 045), kept by the triggers below whatever writes the
-- orders, their lines or their refunds: the admin's actions, the payment providers' callbacks,
-- the expiry, a script. Each trigger adds to the sums what a change adds to a day's sales, or
-- takes away what it takes away, so two transactions paying orders of the same day add up on
-- PostgreSQL as on the embedded database. The definitions are ADR 040's.
--
-- The Lima day an order counts as a sale on: paid, and not cancelled since; else null.
CREATE FUNCTION order_sale_day(paid_at timestamptz, status order_status) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN paid_at IS NOT NULL AND status <> 'cancelado' THEN (paid_at AT TIME ZONE 'America/Lima')::date END
$$;
--> statement-breakpoint
-- Adds to one row of sales_days (negative figures take away); a row back to all zeros is deleted.
CREATE FUNCTION sales_days_add(target_day date, target_fulfillment text, target_method text, add_orders integer,
  add_revenue bigint, add_discount bigint, add_units bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total sales_days;
BEGIN
  INSERT INTO sales_days AS s (day, fulfillment, method, order_count, revenue_cents, discount_cents, units)
  VALUES (target_day, target_fulfillment, target_method, add_orders, add_revenue, add_discount, add_units)
  ON CONFLICT (day, fulfillment, method) DO UPDATE SET order_count = s.order_count + EXCLUDED.order_count,
    revenue_cents = s.revenue_cents + EXCLUDED.revenue_cents, discount_cents = s.discount_cents + EXCLUDED.discount_cents,
    units = s.units + EXCLUDED.units
  RETURNING * INTO total;
  IF total.order_count = 0 AND total.revenue_cents = 0 AND total.discount_cents = 0 AND total.units = 0 THEN
    DELETE FROM sales_days s
    WHERE s.day = target_day AND s.fulfillment = target_fulfillment AND s.method = target_method;
  END IF;
END;
$$;
--> statement-breakpoint
-- Adds to one row of product_sales_days, likewise.
CREATE FUNCTION product_sales_days_add(target_day date, target_product_id integer, add_units bigint, add_revenue bigint)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total product_sales_days;
BEGIN
  INSERT INTO product_sales_days AS s (day, product_id, units, revenue_cents)
  VALUES (target_day, target_product_id, add_units, add_revenue)
  ON CONFLICT (day, product_id) DO UPDATE SET units = s.units + EXCLUDED.units,
    revenue_cents = s.revenue_cents + EXCLUDED.revenue_cents
  RETURNING * INTO total;
  IF total.units = 0 AND total.revenue_cents = 0 THEN
    DELETE FROM product_sales_days s WHERE s.day = target_day AND s.product_id IS NOT DISTINCT FROM target_product_id;
  END IF;
END;
$$;
--> statement-breakpoint
-- What the payment providers confirmed refunding of an order's paid online payments.
CREATE FUNCTION order_refunded_cents(target_order_id integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(r.amount_cents), 0)::bigint FROM payment_refunds r
  JOIN online_payments p ON p.id = r.online_payment_id
  WHERE p.order_id = target_order_id AND p.outcome = 'paid' AND r.status = 'done'
$$;
--> statement-breakpoint
-- Adds one order's whole sale (sign 1) or takes it away (sign -1), with its lines and refunds as
-- they are now; nothing when the order is not a sale. Products in id order: two transactions
-- adding to the same day's products lock their rows in the same order.
CREATE FUNCTION order_sale_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target_day date := order_sale_day(o.paid_at, o.status);
  line record;
BEGIN
  IF target_day IS NULL THEN
    RETURN;
  END IF;
  PERFORM sales_days_add(target_day, coalesce(o.fulfillment, 'sin_dato'), coalesce(nullif(o.paid_method_name, ''), o.payment_method_name),
    sign, sign * (coalesce(o.paid_amount_cents, o.total_cents) - order_refunded_cents(o.id)), sign * o.discount_cents,
    sign * (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id));
  FOR line IN
    SELECT l.product_id, sum(l.quantity)::bigint AS units, sum(l.line_total_cents)::bigint AS revenue FROM order_lines l
    WHERE l.order_id = o.id GROUP BY l.product_id ORDER BY l.product_id
  LOOP
    PERFORM product_sales_days_add(target_day, line.product_id, sign * line.units, sign * line.revenue);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Adds one line (sign 1) or takes it away (sign -1) when its order is a sale.
CREATE FUNCTION order_line_sale_add(target_order_id integer, line_product_id integer, line_quantity integer,
  line_total bigint, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  target_day date;
BEGIN
  SELECT * INTO o FROM orders WHERE id = target_order_id;
  target_day := order_sale_day(o.paid_at, o.status);
  IF target_day IS NULL THEN
    RETURN; -- not a sale, or the order is being deleted (its sale was taken away before)
  END IF;
  PERFORM sales_days_add(target_day, coalesce(o.fulfillment, 'sin_dato'), coalesce(nullif(o.paid_method_name, ''), o.payment_method_name),
    0, 0, 0, sign * line_quantity);
  PERFORM product_sales_days_add(target_day, line_product_id, sign * line_quantity, sign * line_total);
END;
$$;
--> statement-breakpoint
-- Adds `cents` to an order's revenue when it is a sale: a refund confirmed takes away, one undone gives back.
CREATE FUNCTION order_refund_add(target_order_id integer, cents bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  target_day date;
BEGIN
  SELECT * INTO o FROM orders WHERE id = target_order_id;
  target_day := order_sale_day(o.paid_at, o.status);
  IF target_day IS NOT NULL AND cents <> 0 THEN
    PERFORM sales_days_add(target_day, coalesce(o.fulfillment, 'sin_dato'), coalesce(nullif(o.paid_method_name, ''), o.payment_method_name),
      0, cents, 0, 0);
  END IF;
END;
$$;
--> statement-breakpoint
-- New orders, one pass per statement (bench/generate.js inserts thousands at once). None has
-- lines or refunds yet: those rows reference the order, so they are inserted after it.
CREATE FUNCTION orders_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_days AS s (day, fulfillment, method, order_count, revenue_cents, discount_cents, units)
  SELECT order_sale_day(i.paid_at, i.status), coalesce(i.fulfillment, 'sin_dato'), coalesce(nullif(i.paid_method_name, ''), i.payment_method_name),
    count(*), sum(coalesce(i.paid_amount_cents, i.total_cents)), sum(i.discount_cents), 0
  FROM inserted i WHERE order_sale_day(i.paid_at, i.status) IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, fulfillment, method) DO UPDATE SET order_count = s.order_count + EXCLUDED.order_count,
    revenue_cents = s.revenue_cents + EXCLUDED.revenue_cents, discount_cents = s.discount_cents + EXCLUDED.discount_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON "orders"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION orders_sales_inserted();
--> statement-breakpoint
CREATE FUNCTION orders_sales_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_sale_add(OLD, -1);
  PERFORM order_sale_add(NEW, 1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only when what the sums read changes: moving between statuses other than 'cancelado' (most
-- of an order's updates) changes nothing.
CREATE TRIGGER orders_sales_update AFTER UPDATE ON "orders" FOR EACH ROW
WHEN (OLD."paid_at" IS DISTINCT FROM NEW."paid_at" OR (OLD."status" = 'cancelado') <> (NEW."status" = 'cancelado')
  OR OLD."paid_amount_cents" IS DISTINCT FROM NEW."paid_amount_cents" OR OLD."total_cents" <> NEW."total_cents"
  OR OLD."discount_cents" <> NEW."discount_cents" OR OLD."fulfillment" IS DISTINCT FROM NEW."fulfillment"
  OR OLD."paid_method_name" <> NEW."paid_method_name" OR OLD."payment_method_name" <> NEW."payment_method_name"
  OR OLD."id" <> NEW."id")
EXECUTE FUNCTION orders_sales_updated();
--> statement-breakpoint
-- Before the row goes, while its lines and refunds are still there to be taken away with it
-- (their own triggers then find no order and do nothing).
CREATE FUNCTION orders_sales_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_sale_add(OLD, -1);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_delete BEFORE DELETE ON "orders" FOR EACH ROW
WHEN (OLD."paid_at" IS NOT NULL AND OLD."status" <> 'cancelado') EXECUTE FUNCTION orders_sales_deleted();
--> statement-breakpoint
-- New lines, one pass per statement: their units, and their products' units and totals, when
-- their order is already a sale (an order is usually paid after its lines are written).
CREATE FUNCTION order_lines_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_days AS s (day, fulfillment, method, order_count, revenue_cents, discount_cents, units)
  SELECT order_sale_day(o.paid_at, o.status), coalesce(o.fulfillment, 'sin_dato'), coalesce(nullif(o.paid_method_name, ''), o.payment_method_name),
    0, 0, 0, sum(i.quantity)
  FROM inserted i JOIN orders o ON o.id = i.order_id WHERE order_sale_day(o.paid_at, o.status) IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, fulfillment, method) DO UPDATE SET units = s.units + EXCLUDED.units;
  INSERT INTO product_sales_days AS s (day, product_id, units, revenue_cents)
  SELECT order_sale_day(o.paid_at, o.status), i.product_id, sum(i.quantity), sum(i.line_total_cents)
  FROM inserted i JOIN orders o ON o.id = i.order_id WHERE order_sale_day(o.paid_at, o.status) IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = s.units + EXCLUDED.units,
    revenue_cents = s.revenue_cents + EXCLUDED.revenue_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_insert AFTER INSERT ON "order_lines"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION order_lines_sales_inserted();
--> statement-breakpoint
CREATE FUNCTION order_lines_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_line_sale_add(OLD.order_id, OLD.product_id, OLD.quantity, OLD.line_total_cents, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM order_line_sale_add(NEW.order_id, NEW.product_id, NEW.quantity, NEW.line_total_cents, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_update AFTER UPDATE ON "order_lines" FOR EACH ROW
WHEN (OLD."order_id" <> NEW."order_id" OR OLD."product_id" IS DISTINCT FROM NEW."product_id"
  OR OLD."quantity" <> NEW."quantity" OR OLD."line_total_cents" <> NEW."line_total_cents")
EXECUTE FUNCTION order_lines_sales_changed();
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_delete AFTER DELETE ON "order_lines" FOR EACH ROW
EXECUTE FUNCTION order_lines_sales_changed();
--> statement-breakpoint
-- A payment's confirmed refunds count while it is the order's 'paid' payment: an outcome or
-- order changed gives them back to one order and takes them from the other. A new payment has
-- no refunds yet; a deleted one gives them back before they go.
CREATE FUNCTION online_payments_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.outcome = 'paid' THEN
    PERFORM order_refund_add(OLD.order_id, (SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r
      WHERE r.online_payment_id = OLD.id AND r.status = 'done'));
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.outcome = 'paid' THEN
    PERFORM order_refund_add(NEW.order_id, -(SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r
      WHERE r.online_payment_id = NEW.id AND r.status = 'done'));
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER online_payments_sales_update AFTER UPDATE ON "online_payments" FOR EACH ROW
WHEN (OLD."outcome" <> NEW."outcome" OR OLD."order_id" <> NEW."order_id")
EXECUTE FUNCTION online_payments_sales_changed();
--> statement-breakpoint
CREATE TRIGGER online_payments_sales_delete BEFORE DELETE ON "online_payments" FOR EACH ROW
WHEN (OLD."outcome" = 'paid') EXECUTE FUNCTION online_payments_sales_changed();
--> statement-breakpoint
-- A refund counts once the provider confirmed it ('done') and while its payment is the order's
-- 'paid' one; a deleted payment's refunds find no payment and do nothing (it gave them back).
CREATE FUNCTION payment_refunds_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'done' THEN
    PERFORM order_refund_add(p.order_id, OLD.amount_cents) FROM online_payments p
    WHERE p.id = OLD.online_payment_id AND p.outcome = 'paid';
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'done' THEN
    PERFORM order_refund_add(p.order_id, -NEW.amount_cents) FROM online_payments p
    WHERE p.id = NEW.online_payment_id AND p.outcome = 'paid';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_refunds_sales_change AFTER INSERT OR UPDATE OR DELETE ON "payment_refunds" FOR EACH ROW
EXECUTE FUNCTION payment_refunds_sales_changed();
--> statement-breakpoint
-- The sales so far, summed once. The triggers above already hold their tables (CREATE TRIGGER
-- locks out writes until this migration commits), so no order is counted twice or missed.
INSERT INTO sales_days (day, fulfillment, method, order_count, revenue_cents, discount_cents, units)
SELECT order_sale_day(o.paid_at, o.status), coalesce(o.fulfillment, 'sin_dato'), coalesce(nullif(o.paid_method_name, ''), o.payment_method_name),
  count(*), sum(coalesce(o.paid_amount_cents, o.total_cents) - coalesce(r.cents, 0)), sum(o.discount_cents),
  coalesce(sum(u.units), 0)
FROM orders o
LEFT JOIN (SELECT l.order_id, sum(l.quantity) AS units FROM order_lines l GROUP BY l.order_id) u ON u.order_id = o.id
LEFT JOIN (
  SELECT p.order_id, sum(r.amount_cents) AS cents FROM payment_refunds r
  JOIN online_payments p ON p.id = r.online_payment_id
  WHERE p.outcome = 'paid' AND r.status = 'done' GROUP BY p.order_id
) r ON r.order_id = o.id
WHERE order_sale_day(o.paid_at, o.status) IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO product_sales_days (day, product_id, units, revenue_cents)
SELECT order_sale_day(o.paid_at, o.status), l.product_id, sum(l.quantity), sum(l.line_total_cents)
FROM orders o JOIN order_lines l ON l.order_id = o.id
WHERE order_sale_day(o.paid_at, o.status) IS NOT NULL
GROUP BY 1, 2;
