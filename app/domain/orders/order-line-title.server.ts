import { sql } from "drizzle-orm";

import { orderLines } from "~/db/schema";

/**
 * An order line's name as the shopper and the owner read it: the product's title as it was,
 * and its presentación's name when it had sizes ('Alimento X — 15 kg'; lineTitle's rule).
 */
export const orderLineTitle = sql<string>`case when ${orderLines.variantName} = '' then ${orderLines.title}
  else ${orderLines.title} || ' — ' || ${orderLines.variantName} end`;
