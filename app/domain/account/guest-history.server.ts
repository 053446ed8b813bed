import { and, eq, isNull, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { bookings, orders, users } from "~/db/schema";

// Issue 40: the orders and bookings a shopper made as a guest, with an e-mail, become their
// account's ('Mis Pedidos', 'Mis Reservas', their pages without the link) once that e-mail is
// the account's confirmed address: the activation link or the e-mail change's link proved the
// shopper reads it. An address typed anywhere else proves nothing, so an account whose address
// is not confirmed links nothing, and an order or booking already an account's is never moved.

export type LinkedGuestHistory = { orders: number; bookings: number };

/** Links the guest orders and bookings placed with the account's e-mail, if it is confirmed. */
export async function linkGuestHistory(userId: string): Promise<LinkedGuestHistory> {
  return getDb().transaction(async (tx) => {
    // Locked, so that an e-mail change cannot slip between the check and the links.
    const [user] = await tx
      .select({ email: users.email, isConfirmed: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const email = user?.email.trim().toLowerCase() ?? "";
    if (!user?.isConfirmed || email === "") return { orders: 0, bookings: 0 };
    const linkedOrders = await tx
      .update(orders)
      .set({ userId })
      .where(and(isNull(orders.userId), eq(sql`lower(trim(${orders.customerEmail}))`, email)))
      .returning({ id: orders.id });
    const linkedBookings = await tx
      .update(bookings)
      .set({ userId })
      .where(and(isNull(bookings.userId), eq(sql`lower(trim(${bookings.customerEmail}))`, email)))
      .returning({ id: bookings.id });
    return { orders: linkedOrders.length, bookings: linkedBookings.length };
  });
}
