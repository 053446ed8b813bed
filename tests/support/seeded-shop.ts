import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";

import type { DatabaseHandle } from "~/db/client.server";
import { users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { ensureMainAdmin } from "~/domain/users/main-admin.server";

import { signInAdminCookie } from "./auth";
import { setUpTestDatabase } from "./test-database";

/** The main administrator seededShopWithAdmin creates, unless the test file names another. */
export const TEST_ADMIN = { username: "admin", email: "admin@localhost", password: "clave-admin-1" };

export type SeededShop = {
  handle: () => DatabaseHandle;
  /** The administrator's session cookie, signed in the way /admin does. */
  adminCookie: () => string;
  adminId: () => string;
};

/**
 * The calling test file's own database (setUpTestDatabase) with the demo shop seeded and the
 * main administrator created and signed in, before the file's own beforeAll hooks run. Call
 * it at the top level of the file, in place of setUpTestDatabase.
 */
export function seededShopWithAdmin(admin = TEST_ADMIN): SeededShop {
  const { handle } = setUpTestDatabase();
  let signedIn: { cookie: string; id: string } | undefined;

  beforeAll(async () => {
    const { db } = handle();
    await seedDemoShop(db);
    await ensureMainAdmin(admin, () => {});
    const cookie = await signInAdminCookie(admin.username, admin.password);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, admin.username));
    if (!row) throw new Error(`seededShopWithAdmin: administrator ${admin.username} was not created`);
    signedIn = { cookie, id: row.id };
  });

  function getSignedIn() {
    if (!signedIn) throw new Error("seededShopWithAdmin: the shop is not seeded yet");
    return signedIn;
  }

  return {
    handle,
    adminCookie: () => getSignedIn().cookie,
    adminId: () => getSignedIn().id,
  };
}
