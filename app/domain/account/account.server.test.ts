import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { requireUser } from "~/auth/guards.server";
import { carts, customerProfiles, orderLines, orders, products, users, verifications } from "~/db/schema";
import { addCartLine, cartCookie, ensureCart, getCartItemCount } from "~/domain/cart/cart.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { action as signOutAction } from "~/routes/account/sign-out";
import { requestAs, toCookieHeader } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

import {
  changeOwnPassword,
  getProfile,
  isRecoveryTokenValid,
  requestPasswordRecovery,
  resetForgottenPassword,
  signInCustomer,
  updateProfile,
} from "./account.server";
import { listCustomerOrders, reorder } from "./customer-orders.server";
import { activateCustomer, registerCustomer } from "./registration.server";

const { handle } = setUpTestDatabase();
let outbox: string;

beforeAll(async () => {
  await seedDemoShop(handle().db);
});
beforeEach(() => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-account-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
  outbox = path.join(dataDir, "outbox");
});

function readOutbox(): string[] {
  return readdirSync(outbox).map((file) =>
    readFileSync(path.join(outbox, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "="),
  );
}

const request = () => new Request("http://localhost:3000/auth", { method: "POST" });

/** Registers through the form's command and the e-mailed activation link; returns the session cookie. */
async function register(email: string, password = "secreto1") {
  const outcome = await registerCustomer("10.0.0.1", {
    fullName: "Rosa Mamani Flores",
    email,
    phone: "987 654 321",
    password,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  const file = readdirSync(outbox).find((name) =>
    readFileSync(path.join(outbox, name), "utf8").includes(`To: ${email}`),
  );
  const mail = readFileSync(path.join(outbox, file!), "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  const token = /\/auth\/activar\?token=([\w-]+)/.exec(mail)![1]!;
  // The activation e-mail is not what the tests below look for in the outbox.
  rmSync(path.join(outbox, file!));
  const activated = await activateCustomer(request(), token, password);
  if (activated.status !== "activated") throw new Error(activated.status);
  return toCookieHeader(activated.cookies);
}

describe("registration and sign-in", () => {
  test("registering creates the account, its profile with the privacy consent, and a session", async () => {
    const cookie = await register("rosa@example.pe");
    const user = await requireUser(requestAs(cookie, "/perfil"));
    expect(user).toMatchObject({ email: "rosa@example.pe", name: "Rosa Mamani Flores", role: "user" });
    const [profile] = await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, user.id));
    expect(profile).toMatchObject({ fullName: "Rosa Mamani Flores", phone: "987 654 321" });
    expect(profile!.privacyAcceptedAt).toBeInstanceOf(Date);
  });

  test("an e-mail already registered answers like a new one and changes nothing", async () => {
    const outcome = await registerCustomer("10.0.0.1", {
      fullName: "Otra",
      email: "rosa@example.pe",
      phone: "",
      password: "secreto1",
    });
    expect(outcome).toEqual({ ok: true });
    const rows = await handle().db.select({ name: users.name }).from(users).where(eq(users.email, "rosa@example.pe"));
    expect(rows).toEqual([{ name: "Rosa Mamani Flores" }]);
  });

  test("a wrong password is refused in Spanish; the right one signs in", async () => {
    expect(await signInCustomer(request(), "10.0.0.2", { email: "rosa@example.pe", password: "mala" })).toEqual({
      ok: false,
      message: "Correo electrónico o contraseña incorrectos.",
    });
    expect((await signInCustomer(request(), "10.0.0.2", { email: "rosa@example.pe", password: "secreto1" })).ok).toBe(
      true,
    );
  });

  test("after 5 failed sign-ins from one address even the right password gets 'too many attempts' there, not elsewhere", async () => {
    await register("limite@example.pe");
    // From the third failure each try must wait a moment (sign-in-limit.server.test.ts): the
    // clock moves 3 s between tries, as a person retyping a password would.
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(Date.now() + 3_000);
      const outcome = await signInCustomer(request(), "10.1.0.1", {
        email: "limite@example.pe",
        password: `mala-${i}`,
      });
      expect(outcome).toEqual({ ok: false, message: "Correo electrónico o contraseña incorrectos." });
    }
    const blocked = await signInCustomer(request(), "10.1.0.1", { email: "LIMITE@example.pe", password: "secreto1" });
    expect(blocked).toEqual({
      ok: false,
      message: "Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.",
    });
    // A guesser cannot lock the account's owner out: from another address the right password works.
    expect((await signInCustomer(request(), "10.1.0.2", { email: "limite@example.pe", password: "secreto1" })).ok).toBe(
      true,
    );
    vi.useRealTimers();
  });
});

describe("signing out on a shared computer", () => {
  test("'Salir' makes the browser forget the cart and the orders' confirmations; signing in again brings the cart back", async () => {
    const session = await register("compartida@example.pe");
    const user = await requireUser(requestAs(session, "/carrito"));
    const [product] = await handle().db.select().from(products).where(eq(products.isArchived, false)).limit(1);
    const { cartId, setCookie } = await ensureCart(requestAs(session, "/carrito"), user.id);
    expect((await addCartLine(cartId, { productId: product!.id, quantity: 2 })).status).toBe("added");
    const browser = `${session}; ${setCookie.split(";")[0]}; patitas_orders=recordadas`;

    const signedOut = (await signOutAction({
      request: requestAs(browser, "/salir", { method: "POST", body: new URLSearchParams({ redirectTo: "/" }) }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(signedOut.status).toBe(302);
    const cleared = signedOut.headers.getSetCookie().filter((line) => /^patitas_(cart|orders)=/.test(line));
    expect(cleared.map((line) => line.split("=")[0])).toEqual(["patitas_cart", "patitas_orders"]);
    for (const line of cleared) expect(line).toMatch(/Max-Age=0/);

    // The next person at the computer: no cart.
    expect(await getCartItemCount(requestAs(null, "/"))).toBe(0);
    // The shopper signs in again: the cart is back, with its units.
    const again = await signInCustomer(requestAs(null, "/auth", { method: "POST" }), "10.5.0.1", {
      email: "compartida@example.pe",
      password: "secreto1",
    });
    if (!again.ok) throw new Error(again.message);
    const restored = again.cookies.getSetCookie().find((line) => line.startsWith("patitas_cart="));
    expect(await cartCookie.parse(restored!.split(";")[0]!)).toBe(cartId);
    expect(await getCartItemCount(requestAs(restored!.split(";")[0]!, "/"))).toBe(2);

    // A browser already filling a cart of its own keeps it.
    const other = await ensureCart(requestAs(null, "/carrito"), null);
    const withOwnCart = await signInCustomer(
      requestAs(other.setCookie.split(";")[0]!, "/auth", { method: "POST" }),
      "10.5.0.1",
      { email: "compartida@example.pe", password: "secreto1" },
    );
    if (!withOwnCart.ok) throw new Error(withOwnCart.message);
    expect(withOwnCart.cookies.getSetCookie().some((line) => line.startsWith("patitas_cart="))).toBe(false);
  });
});

describe("password recovery", () => {
  test("the e-mail carries a single-use link that resets the password and ends every session", async () => {
    const oldSession = await register("recupera@example.pe", "antigua1");
    await requestPasswordRecovery("recupera@example.pe", "10.2.0.1");
    const [mail] = readOutbox();
    expect(mail).toContain("To: recupera@example.pe");
    const token = /\/auth\/update-password\?token=([\w-]+)/.exec(mail!)?.[1];
    expect(token).toBeTruthy();
    expect(await isRecoveryTokenValid(token!)).toBe(true);

    expect((await resetForgottenPassword(token!, "nueva123")).ok).toBe(true);
    expect(await isRecoveryTokenValid(token!)).toBe(false);
    expect(await resetForgottenPassword(token!, "otra1234")).toEqual({
      ok: false,
      message: "El enlace no es válido o ya venció. Solicita uno nuevo.",
    });
    // The old session is gone; the new password works.
    await expect(requireUser(requestAs(oldSession, "/perfil"))).rejects.toBeInstanceOf(Response);
    expect(
      (await signInCustomer(request(), "10.2.0.1", { email: "recupera@example.pe", password: "nueva123" })).ok,
    ).toBe(true);
  });

  // Issue 29: the per-address count used to be the only one, so a stranger's five requests
  // silenced the owner's own for an hour.
  test("a stranger's requests, from one connection and from five, do not use up the owner's", async () => {
    await register("victima@example.pe");
    const linksTo = (email: string) => readOutbox().filter((mail) => mail.includes(`To: ${email}`)).length;
    for (let i = 0; i < 20; i++) await requestPasswordRecovery("victima@example.pe", "10.6.0.1");
    expect(linksTo("victima@example.pe")).toBe(3);
    for (let connection = 1; connection <= 5; connection++) {
      for (let i = 0; i < 20; i++) await requestPasswordRecovery("victima@example.pe", `10.6.1.${connection}`);
    }
    expect(linksTo("victima@example.pe")).toBe(18);

    await requestPasswordRecovery("victima@example.pe", "10.6.9.9");
    expect(linksTo("victima@example.pe")).toBe(19);
  });

  test("one connection gets 3 links an hour for an address; the address gets at most 30 from everyone", async () => {
    await register("buzon@example.pe");
    const linksTo = () => readOutbox().filter((mail) => mail.includes("To: buzon@example.pe")).length;
    for (let connection = 1; connection <= 12; connection++) {
      for (let i = 0; i < 3; i++) await requestPasswordRecovery("buzon@example.pe", `10.6.2.${connection}`);
    }
    expect(linksTo()).toBe(30);
    await requestPasswordRecovery("buzon@example.pe", "10.6.3.1");
    expect(linksTo()).toBe(30);
    // The ceiling is the address's alone: another account's owner is not affected.
    await register("vecina@example.pe");
    await requestPasswordRecovery("vecina@example.pe", "10.6.3.1");
    expect(readOutbox().filter((mail) => mail.includes("To: vecina@example.pe"))).toHaveLength(1);
  });

  test("an unknown address sends nothing; an expired link is refused", async () => {
    await requestPasswordRecovery("nadie@example.pe", "10.2.0.2");
    expect(() => readOutbox()).toThrow();

    await register("vencido@example.pe");
    await requestPasswordRecovery("vencido@example.pe", "10.2.0.3");
    const token = /token=([\w-]+)/.exec(readOutbox()[0]!)![1]!;
    await handle()
      .db.update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(await isRecoveryTokenValid(token)).toBe(false);
    expect((await resetForgottenPassword(token, "nueva123")).ok).toBe(false);
  });
});

describe("the profile", () => {
  test("changing the password needs the current one", async () => {
    const cookie = await register("clave@example.pe", "actual12");
    const wrong = await changeOwnPassword(requestAs(cookie, "/perfil"), {
      currentPassword: "equivocada",
      newPassword: "nueva123",
    });
    expect(wrong).toEqual({ ok: false, message: "La contraseña actual es incorrecta." });
    const right = await changeOwnPassword(requestAs(cookie, "/perfil"), {
      currentPassword: "actual12",
      newPassword: "nueva123",
    });
    expect(right.ok).toBe(true);
    expect((await signInCustomer(request(), "10.3.0.1", { email: "clave@example.pe", password: "nueva123" })).ok).toBe(
      true,
    );
  });

  test("saves only what changed; a new e-mail waits for its confirmation link", async () => {
    const cookie = await register("perfil@example.pe");
    const user = await requireUser(requestAs(cookie, "/perfil"));
    const before = await getProfile(user);
    const result = await updateProfile(requestAs(cookie, "/perfil"), user, {
      ...before,
      address: "Jr. Las Begonias 456, San Isidro",
      email: "nuevo-correo@example.pe",
    });
    expect(result.changed.sort()).toEqual(["address", "email"]);
    const after = await getProfile(user);
    expect(after.address).toBe("Jr. Las Begonias 456, San Isidro");
    expect(after.email).toBe("perfil@example.pe");
    const [mail] = readOutbox();
    expect(mail).toContain("To: nuevo-correo@example.pe");
    expect(mail).toMatch(/\/api\/auth\/verify-email\?token=/);
  });
});

describe("'Mis Pedidos'", () => {
  test("lists only the customer's orders, newest first, and 'Volver a pedir' refills the cart within stock", async () => {
    const { db } = handle();
    const cookie = await register("pedidos@example.pe");
    const user = await requireUser(requestAs(cookie, "/perfil"));
    const [raton] = await db.select().from(products).where(eq(products.title, "Ratón de Juguete con Catnip"));
    await setVariantValues(db, raton!.id, { stock: 2 });
    const [order] = await db
      .insert(orders)
      .values({ code: "PED-000900", userId: user.id, paymentMethodName: "Yape", totalCents: 4470, status: "entregado" })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: raton!.id,
      title: raton!.title,
      unitPriceCents: 1490,
      quantity: 3,
      lineTotalCents: 4470,
    });
    const [stranger] = await db
      .insert(users)
      .values({ id: "otro-cliente", name: "Otro", email: "otro@example.pe" })
      .returning();
    await db
      .insert(orders)
      .values({ code: "PED-000901", userId: stranger!.id, paymentMethodName: "Plin", totalCents: 100 });

    const mine = await listCustomerOrders(user.id);
    expect(mine.map((o) => [o.code, o.status, o.lines.map((l) => `${l.quantity} × ${l.title}`)])).toEqual([
      ["PED-000900", "entregado", ["3 × Ratón de Juguete con Catnip"]],
    ]);

    const result = await reorder(requestAs(cookie, "/perfil"), user.id, order!.id);
    expect(result?.added).toEqual(["Ratón de Juguete con Catnip"]);
    const [strangersOrder] = await db.select().from(orders).where(eq(orders.code, "PED-000901"));
    expect(await reorder(requestAs(cookie, "/perfil"), user.id, strangersOrder!.id)).toBeNull();

    // Sold out: nothing to add, so no empty cart is made and no cookie is sent.
    await setVariantValues(db, raton!.id, { stock: 0 });
    const cartsBefore = await db.$count(carts);
    const soldOut = await reorder(requestAs(cookie, "/perfil"), user.id, order!.id);
    expect(soldOut).toEqual({ added: [], skipped: ["Ratón de Juguete con Catnip"], setCookie: null });
    expect(await db.$count(carts)).toBe(cartsBefore);
  });
});
