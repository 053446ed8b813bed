// Issue 7, Security 1: /perfil and the orders behind it. Every loader and action that
// reads an order or a profile takes the account from the session, never from the request:
// 'Mis Pedidos' (/perfil?tab=pedidos), 'Volver a pedir' (intent=reorder with an orderId),
// the profile form (intent=profile), the password form, and the order confirmation
// (/pedido/CODE, tested in the order page's own tests). Two customers, A and B: A never sees or changes what is B's.
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, test } from "vitest";

import * as schema from "~/db/schema";
import { customerProfiles, products, users } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { placeOrder } from "~/domain/orders/order.server";
import { formatMoney } from "~/lib/money";
import { requestAs, signUpCustomer } from "~test/auth";
import { answerOf } from "~test/hostile-input";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import { action as profileAction, loader as profileLoader } from "./account/profile";
import { loader as cartLoader } from "./store/cart";

const { handle } = setUpTestDatabase();
type Customer = { cookie: string; id: string; order: { orderId: number; code: string; totalCents: number } };
let a: Customer;
let b: Customer;

async function customerWithOrder(email: string, quantity: number): Promise<Customer> {
  const cookie = await signUpCustomer(email);
  const [user] = await handle().db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [product] = await handle()
    .db.select({ id: products.id })
    .from(products)
    .where(eq(products.isArchived, false))
    .limit(1);
  await setVariantValues(handle().db, product!.id, { stock: 100 });
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), user!.id);
  await addCartLine(cartId, { productId: product!.id, quantity });
  const placed = await placeOrder({
    cartId,
    userId: user!.id,
    paymentMethodId: "yape",
    customerName: email,
    customerPhone: "987 654 321",
    customerEmail: email,
  });
  if (placed.status !== "placed") throw new Error(`order not placed: ${placed.status}`);
  return { cookie, id: user!.id, order: { orderId: placed.orderId, code: placed.code, totalCents: placed.totalCents } };
}

beforeAll(async () => {
  await seedDemoShop(handle().db);
  a = await customerWithOrder("cliente-a@example.pe", 1);
  b = await customerWithOrder("cliente-b@example.pe", 3);
  await handle()
    .db.insert(customerProfiles)
    .values({ userId: b.id, fullName: "Beatriz B", phone: "912345678", address: "Calle B 2" });
});

/** Every row of every table, as one string: any change anywhere shows. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(schema).filter((value) => is(value, PgTable))) {
    const name = getTableName(table as PgTable);
    const result = (await handle().db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from "${name}" t`),
    )) as unknown as { rows: { sum: string }[] };
    parts.push(`${name}:${result.rows[0]!.sum}`);
  }
  return parts.join("\n");
}

function run(
  handler: (args: never) => Promise<unknown>,
  cookie: string | null,
  url: string,
  body?: Record<string, string>,
) {
  const request = requestAs(cookie, url, body ? { method: "POST", body: new URLSearchParams(body) } : undefined);
  return answerOf(() => handler({ request, params: {}, context: {} } as never));
}

describe("/perfil", () => {
  test("anonymous visitors are sent to sign in and come back to the same tab", async () => {
    expect(await run(profileLoader, null, "/perfil")).toMatchObject({
      status: 302,
      location: "/auth?redirectTo=%2Fperfil",
    });
    expect(await run(profileLoader, null, "/perfil?tab=pedidos")).toMatchObject({
      status: 302,
      location: `/auth?${new URLSearchParams({ redirectTo: "/perfil?tab=pedidos" })}`,
    });
    const before = await fingerprint();
    for (const intent of ["profile", "password", "reorder"]) {
      const answer = await run(profileAction, null, "/perfil", {
        intent,
        fullName: "Intruso",
        orderId: String(b.order.orderId),
      });
      expect(answer).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Fperfil" });
    }
    expect(await fingerprint()).toBe(before);
  });

  test("'Mis Pedidos' lists only the customer's own orders", async () => {
    const answer = await run(profileLoader, a.cookie, "/perfil?tab=pedidos");
    const { orders, profile } = answer.body as {
      orders: { code: string; totalCents: number }[];
      profile: { email: string };
    };
    expect(profile.email).toBe("cliente-a@example.pe");
    expect(orders.map((order) => order.code)).toEqual([a.order.code]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(b.order.code);
    expect(text).not.toContain("cliente-b@example.pe");
    expect(text).not.toContain("Beatriz");
    expect(b.order.totalCents).not.toBe(a.order.totalCents);
    expect(orders.some((order) => order.totalCents === b.order.totalCents)).toBe(false);
  });

  test("the profile tab shows the signed-in customer, whatever the URL asks for", async () => {
    const answer = await run(profileLoader, a.cookie, `/perfil?userId=${b.id}&id=${b.id}`);
    expect(JSON.stringify(answer.body)).not.toContain("Beatriz");
    expect((answer.body as { profile: { email: string } }).profile.email).toBe("cliente-a@example.pe");
  });

  test("'Volver a pedir' with another customer's order id is 'Pedido no encontrado' and changes nothing", async () => {
    const before = await fingerprint();
    const answer = await run(profileAction, a.cookie, "/perfil", {
      intent: "reorder",
      orderId: String(b.order.orderId),
    });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).toContain("Pedido no encontrado.");
    expect(JSON.stringify(answer.body)).not.toContain(b.order.code);
    expect(await fingerprint()).toBe(before);
  });

  test("a profile form naming another account changes only the signed-in customer's profile", async () => {
    const [bBefore] = await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, b.id));
    const answer = await run(profileAction, a.cookie, "/perfil", {
      intent: "profile",
      userId: b.id,
      id: b.id,
      fullName: "Nombre Cambiado",
      phone: "999888777",
      address: "Otra dirección",
      email: "cliente-a@example.pe",
    });
    expect(answer.status).toBe(200);
    const [bAfter] = await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, b.id));
    expect(bAfter).toEqual(bBefore);
    const [aAfter] = await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, a.id));
    expect(aAfter!.fullName).toBe("Nombre Cambiado");
    const [bUser] = await handle()
      .db.select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, b.id));
    expect(bUser!.email).toBe("cliente-b@example.pe");
  });

  test("the password form changes only the signed-in account (and needs its current password)", async () => {
    const before = await fingerprint();
    const answer = await run(profileAction, a.cookie, "/perfil", {
      intent: "password",
      userId: b.id,
      currentPassword: "no-es-la-clave",
      newPassword: "nueva-clave-1",
      confirmPassword: "nueva-clave-1",
    });
    expect(answer.status).toBe(400);
    expect(await fingerprint()).toBe(before);
  });
});

describe("the cart's old confirmation address (/carrito?pedido=CODE)", () => {
  test("sends everyone to the order's page, which decides who may see it, and shows nothing itself", async () => {
    for (const cookie of [b.cookie, a.cookie, null]) {
      const answer = await run(cartLoader, cookie, `/carrito?pedido=${b.order.code}`);
      expect(answer).toMatchObject({ status: 302, location: `/pedido/${b.order.code}` });
      const text = JSON.stringify(answer);
      expect(text).not.toContain(formatMoney(b.order.totalCents));
      expect(text).not.toContain("cliente-b@example.pe");
    }
  });
});
