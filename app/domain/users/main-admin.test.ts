import { eq } from "drizzle-orm";
import { expect, test } from "vitest";

import { accounts, users } from "~/db/schema";
import { signInAdminCookie } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { ensureMainAdmin } from "./main-admin.server";

const { handle } = setUpTestDatabase();

test("without ADMIN_PASSWORD a random password is printed once, and it signs in", async () => {
  const logs: string[] = [];
  const created = await ensureMainAdmin(
    { username: "admin", email: "admin@localhost", password: undefined },
    (message) => logs.push(message),
  );
  expect(created).toBe(true);
  expect(logs).toHaveLength(1);
  const password = /shown only this once\): (\S+)/.exec(logs[0]!)?.[1];
  expect(password).toBeTruthy();

  const [admin] = await handle().db.select().from(users).where(eq(users.username, "admin"));
  expect(admin).toMatchObject({ role: "admin", email: "admin@localhost", isMainAdmin: true });
  expect(await signInAdminCookie("admin", password!)).toContain("patitas.session_token=");

  // A restart finds the administrator and neither creates nor prints anything.
  expect(
    await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: undefined }, (m) => logs.push(m)),
  ).toBe(false);
  expect(logs).toHaveLength(1);
  expect(await handle().db.select().from(users)).toHaveLength(1);
});

test("a main administrator left without a password (a start cut off) gets one at the next start", async () => {
  const { db } = handle();
  // The state a kill between better-auth's two writes leaves: the user, no credential account.
  await db.delete(accounts).where(eq(accounts.providerId, "credential"));
  const logs: string[] = [];
  expect(
    await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: undefined }, (m) => logs.push(m)),
  ).toBe(true);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toContain("The main administrator had no password");
  const password = /shown only this once\): (\S+)/.exec(logs[0]!)?.[1];
  expect(await signInAdminCookie("admin", password!)).toContain("patitas.session_token=");
  expect(await db.select().from(users)).toHaveLength(1);

  // Once repaired, the next start leaves it alone.
  expect(
    await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: undefined }, (m) => logs.push(m)),
  ).toBe(false);
  expect(logs).toHaveLength(1);
});
