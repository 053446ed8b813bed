import { eq } from "drizzle-orm";
import { expect, test } from "vitest";

import { accounts, users } from "~/db/schema";
import { ensureMainAdmin } from "~/domain/users/main-admin.server";
import { setUpTestDatabase } from "~test/test-database";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts and .ci/run): two instances starting
// at once on one PostgreSQL do the start-up's one-time work one after the other.
const { handle } = setUpTestDatabase();
const admin = { username: "admin", email: "admin@localhost", password: undefined };

test("two instances repairing a main administrator without a password give it one password, not two", async () => {
  const db = handle().db;
  await ensureMainAdmin(admin, () => {});
  // The state a first start cut off between better-auth's two writes leaves.
  await db.delete(accounts).where(eq(accounts.providerId, "credential"));

  const printed: string[] = [];
  await Promise.all([
    handle().withStartupLock(() => ensureMainAdmin(admin, (line) => printed.push(line))),
    handle().withStartupLock(() => ensureMainAdmin(admin, (line) => printed.push(line))),
  ]);

  const [main] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  expect(await db.select().from(accounts).where(eq(accounts.userId, main!.id))).toHaveLength(1);
  // Only the instance that repaired it printed a password: the one that works.
  expect(printed).toHaveLength(1);
});
