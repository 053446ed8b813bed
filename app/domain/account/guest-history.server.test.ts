// Issue 40: what a shopper ordered or booked as a guest with an e-mail shows in 'Mis Pedidos'
// and 'Mis Reservas' once that e-mail is their account's confirmed address, never before, and
// never in anyone else's account. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { bookings, orders, services, users } from "~/db/schema";
import { listCustomerBookings } from "~/domain/bookings/customer-bookings.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { sentMails } from "~test/captured-mail";
import { insertTestOrder } from "~test/order-page";
import { setUpTestDatabase } from "~test/test-database";

import { listCustomerOrders } from "./customer-orders.server";
import { linkGuestHistory } from "./guest-history.server";
import { activateCustomer, registerCustomer } from "./registration.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
const db = () => handle().db;
let serviceId: number;

beforeAll(async () => {
  await seedDemoShop(db());
  const [service] = await db().select({ id: services.id }).from(services).limit(1);
  serviceId = service!.id;
});

beforeEach(() => {
  sentMails.length = 0;
});

function guestOrder(customerEmail: string, userId: string | null = null) {
  return insertTestOrder(db(), { userId, values: { customerEmail } });
}

async function guestBooking(customerEmail: string) {
  const token = randomBytes(16).toString("hex");
  const startsAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  const [row] = await db()
    .insert(bookings)
    .values({
      code: `RES-${token.slice(0, 6)}`,
      accessToken: token,
      serviceId,
      serviceTitle: "Consulta Veterinaria General",
      size: "small",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
      petName: "Misha",
      petSpecies: "cat",
      customerName: "Ana Torres",
      customerPhone: "987654321",
      customerEmail,
    })
    .returning();
  return row!;
}

async function addAccount(id: string, email: string, isConfirmed: boolean) {
  await db().insert(users).values({ id, name: id, email, emailVerified: isConfirmed, role: "user" });
}

async function ownerOfOrder(id: number) {
  const [row] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
  return row!.userId;
}

const orderCodes = async (userId: string) => (await listCustomerOrders(userId)).map((order) => order.code);
const bookingCodes = async (userId: string) => (await listCustomerBookings(userId)).upcoming.map((row) => row.code);

describe("guest orders and bookings join the account by its confirmed e-mail", () => {
  test("an account whose e-mail is not confirmed sees none; once confirmed it does; another account never", async () => {
    const order = await guestOrder("ana@example.com");
    const booking = await guestBooking(" Ana@Example.com ");
    await addAccount("u-ana", "ana@example.com", false);
    await addAccount("u-beto", "beto@example.com", true);

    expect(await linkGuestHistory("u-ana")).toEqual({ orders: 0, bookings: 0 });
    expect(await orderCodes("u-ana")).toEqual([]);
    expect(await bookingCodes("u-ana")).toEqual([]);
    expect(await ownerOfOrder(order.id)).toBeNull();

    // What following the e-mail's link does.
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, "u-ana"));
    expect(await linkGuestHistory("u-ana")).toEqual({ orders: 1, bookings: 1 });
    expect(await orderCodes("u-ana")).toEqual([order.code]);
    expect(await bookingCodes("u-ana")).toEqual([booking.code]);

    expect(await linkGuestHistory("u-beto")).toEqual({ orders: 0, bookings: 0 });
    expect(await orderCodes("u-beto")).toEqual([]);
    expect(await bookingCodes("u-beto")).toEqual([]);
  });

  test("activating a registration links the address's guest orders and bookings, and nobody else's", async () => {
    const order = await guestOrder("rosa@example.com");
    const booking = await guestBooking("rosa@example.com");
    const otherGuest = await guestOrder("otra@example.com");
    await addAccount("u-carlos", "carlos@example.com", true);
    // Carlos typed Rosa's address at his own checkout: it stays his.
    const carlosOrder = await guestOrder("rosa@example.com", "u-carlos");

    expect(
      await registerCustomer("10.40.0.1", {
        fullName: "Rosa Quispe",
        email: "rosa@example.com",
        phone: "987 654 321",
        password: "secreto123",
      }),
    ).toEqual({ ok: true });
    // Registered, not yet activated: no account, nothing linked.
    expect(await ownerOfOrder(order.id)).toBeNull();
    await vi.waitFor(() => expect(sentMails).toHaveLength(1));
    const token = /\/auth\/activar\?token=([\w-]+)/.exec(sentMails[0]!.text)![1]!;

    const activated = await activateCustomer(new Request("http://localhost:3000/auth/activar"), token, "secreto123");
    expect(activated.status).toBe("activated");
    const [rosa] = await db().select({ id: users.id }).from(users).where(eq(users.email, "rosa@example.com"));
    expect(await orderCodes(rosa!.id)).toEqual([order.code]);
    expect(await bookingCodes(rosa!.id)).toEqual([booking.code]);
    expect(await ownerOfOrder(otherGuest.id)).toBeNull();
    expect(await ownerOfOrder(carlosOrder.id)).toBe("u-carlos");
  });
});
