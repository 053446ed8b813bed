// Who placed an order, as the checkout's limits and the discounts' history look a guest up:
// the phone's last nine digits (toPhoneKey) and the e-mail in lower case. Each has an index of
// the very same expression (migration 0030; schema/orders.ts): a query that writes it another
// way reads every order again (issue 47; order-customer-keys.server.test.ts checks the plans).
import { type SQL, sql } from "drizzle-orm";

import { orders } from "~/db/schema";

/** An order's phone as toPhoneKey reads it: digits only, the last nine. */
export const orderPhoneKey: SQL<string> = sql<string>`right(regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g'), 9)`;

/** An order's e-mail, compared in lower case. */
export const orderEmailKey: SQL<string> = sql<string>`lower(${orders.customerEmail})`;
