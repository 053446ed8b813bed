import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps } from "./columns";

/**
 * The districts the shop delivers to (issue 24), each with its fee, an optional minimum order
 * and an optional amount from which delivery is free. Orders copy the district's name and fee:
 * editing or deleting a district never changes an order.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    district: text().notNull(),
    feeCents: integer().notNull().default(0),
    minimumOrderCents: integer(),
    freeFromCents: integer(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("delivery_zones_district_unique").on(sql`lower(${t.district})`),
    check("delivery_zones_fee_nonnegative", sql`${t.feeCents} >= 0`),
    check("delivery_zones_minimum_positive", sql`${t.minimumOrderCents} IS NULL OR ${t.minimumOrderCents} > 0`),
    check("delivery_zones_free_from_positive", sql`${t.freeFromCents} IS NULL OR ${t.freeFromCents} > 0`),
  ],
);
