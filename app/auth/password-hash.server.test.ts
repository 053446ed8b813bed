import { scryptSync } from "node:crypto";

import { hashPassword as betterAuthHash } from "@better-auth/utils/password";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { accounts, users } from "~/db/schema";
import { signInCustomer } from "~/domain/account/account.server";
import { signInAdmin } from "~/domain/users/admin-sign-in.server";
import { signUpCustomer } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import {
  hashPassword,
  isOutdatedHash,
  passwordHashQueue,
  SCRYPT_SETTINGS,
  verifyPassword,
} from "./password-hash.server";

const { handle } = setUpTestDatabase();

describe("password hashes (ADR 029)", () => {
  test("a hash is scrypt at N 2^13, r 8, p 10, with a random salt, and checks only its own password", async () => {
    const [first, second] = [await hashPassword("croquetas-2026"), await hashPassword("croquetas-2026")];
    expect(first).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{86}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword({ hash: first, password: "croquetas-2026" })).toBe(true);
    expect(await verifyPassword({ hash: first, password: "croquetas-2027" })).toBe(false);
    expect(isOutdatedHash(first)).toBe(false);
  });

  test("the key is scrypt's own with the settings written in the hash", async () => {
    const hash = await hashPassword("Ñandú ácido");
    const [, , , salt, key] = hash.split("$");
    const { logN, r, p } = SCRYPT_SETTINGS;
    const expected = scryptSync("Ñandú ácido".normalize("NFKC"), Buffer.from(salt!, "base64"), 64, {
      N: 2 ** logN,
      r,
      p,
      maxmem: 64 * 1024 * 1024,
    });
    expect(Buffer.from(key!, "base64").equals(expected)).toBe(true);
  });

  test("a hash better-auth wrote before (saltHex:keyHex, 32 MiB) still checks, and is outdated", async () => {
    const legacy = await betterAuthHash("clave-antigua-1");
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: legacy, password: "clave-antigua-1" })).toBe(true);
    expect(await verifyPassword({ hash: legacy, password: "clave-antigua-2" })).toBe(false);
    expect(isOutdatedHash(legacy)).toBe(true);
    expect(isOutdatedHash("$scrypt$ln=12,r=8,p=10$c2FsdA$a2V5")).toBe(true);
  });

  test("a damaged or hostile stored hash is a wrong password, never an error or a huge hash", async () => {
    const good = await hashPassword("secreto123");
    const [, , , salt, key] = good.split("$");
    for (const hash of [
      "",
      "abc",
      ":",
      "zz:zz",
      `${salt}:`,
      `$scrypt$ln=30,r=8,p=1$${salt}$${key}`,
      `$scrypt$ln=13,r=99,p=10$${salt}$${key}`,
      `$scrypt$ln=16,r=8,p=10$${salt}$${key}`,
      `$scrypt$ln=13,r=8,p=17$${salt}$${key}`,
      `$scrypt$ln=13,r=8,p=10$${salt}$${key!.slice(0, 40)}`,
      `$scrypt$ln=13,r=8,p=10$${salt}`,
    ]) {
      expect(await verifyPassword({ hash, password: "secreto123" }), hash).toBe(false);
    }
  });

  test("hashes run two at a time: four sign-ins at once take 2 x 8 MiB, the other two wait their turn", async () => {
    // The older hash is made first: awaited inside the list, it let the first two hashes end
    // before the last two were asked for (a slow CI run saw one waiting instead of two).
    const legacy = await betterAuthHash("tres-1234");
    const all = Promise.all([
      hashPassword("uno-1234"),
      hashPassword("dos-1234"),
      verifyPassword({ hash: legacy, password: "tres-1234" }),
      hashPassword("cuatro-1234"),
    ]);
    expect(passwordHashQueue()).toEqual({ running: 2, waiting: 2 });
    const [, , verified] = await all;
    expect(verified).toBe(true);
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("an account with an older hash", () => {
  async function storeLegacyHash(userId: string, password: string) {
    await handle()
      .db.update(accounts)
      .set({ password: await betterAuthHash(password) })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  }
  const storedHash = async (userId: string) =>
    (
      await handle()
        .db.select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    )[0]?.password;

  test("a shopper signs in with it, and the hash is rewritten with today's settings", async () => {
    await signUpCustomer("legado@example.com", "clave-legado-1");
    const [user] = await handle().db.select({ id: users.id }).from(users).where(eq(users.email, "legado@example.com"));
    await storeLegacyHash(user!.id, "clave-legado-1");

    const wrong = await signInCustomer(new Request("http://localhost:3000/auth"), "10.9.0.1", {
      email: "legado@example.com",
      password: "clave-legado-2",
    });
    expect(wrong.ok).toBe(false);
    expect(isOutdatedHash((await storedHash(user!.id))!)).toBe(true);

    const signedIn = await signInCustomer(new Request("http://localhost:3000/auth"), "10.9.0.1", {
      email: "legado@example.com",
      password: "clave-legado-1",
    });
    expect(signedIn.ok).toBe(true);
    const rewritten = (await storedHash(user!.id))!;
    expect(rewritten).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$/);
    expect(await verifyPassword({ hash: rewritten, password: "clave-legado-1" })).toBe(true);
    const again = await signInCustomer(new Request("http://localhost:3000/auth"), "10.9.0.2", {
      email: "legado@example.com",
      password: "clave-legado-1",
    });
    expect(again.ok).toBe(true);
  });

  test("an administrator signs in with it, and the hash is rewritten too", async () => {
    const { ensureMainAdmin } = await import("~/domain/users/main-admin.server");
    await ensureMainAdmin({ username: "duena", email: "duena@example.com", password: "clave-admin-9" }, () => {});
    const [admin] = await handle().db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    await storeLegacyHash(admin!.id, "clave-admin-9");

    const cookies = await signInAdmin(new Request("http://localhost:3000/admin"), {
      username: "duena",
      password: "clave-admin-9",
    });
    expect(cookies?.getSetCookie().length).toBeGreaterThan(0);
    expect(await storedHash(admin!.id)).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$/);
  });
});
