import { randomBytes } from "node:crypto";

import { and, desc, eq } from "drizzle-orm";
import { href } from "react-router";

import { getAuth } from "~/auth/auth.server";
import type { AppConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { accounts, users } from "~/db/schema";

function reportGeneratedPassword(log: (message: string) => void, username: string, password: string, what: string) {
  log(
    [
      "",
      "==================================================================",
      ` ${what}: username "${username}"`,
      ` Generated password (shown only this once): ${password}`,
      ` Sign in at ${href("/admin")} and change it, or set ADMIN_PASSWORD before the first start.`,
      "==================================================================",
      "",
    ].join("\n"),
  );
}

/**
 * Creates the main administrator from ADMIN_* when no administrator exists. Without
 * ADMIN_PASSWORD a random password is generated and reported once through `log`.
 *
 * The user and its password are two writes in better-auth. A start cut off between them (a
 * power cut, a kill) would leave a main administrator nobody can sign in as, and every later
 * start would find "an administrator exists": so a main administrator without a password is
 * given one here, the same way.
 */
export async function ensureMainAdmin(admin: AppConfig["admin"], log: (message: string) => void): Promise<boolean> {
  const db = getDb();
  const [existing] = await db
    .select({ id: users.id, isMainAdmin: users.isMainAdmin, username: users.displayUsername, hasPassword: accounts.id })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.role, "admin"))
    .orderBy(desc(users.isMainAdmin))
    .limit(1);
  const auth = await getAuth().$context;
  if (existing?.isMainAdmin && !existing.hasPassword) {
    const password = admin.password ?? randomBytes(12).toString("base64url");
    await auth.internalAdapter.linkAccount({
      userId: existing.id,
      providerId: "credential",
      accountId: existing.id,
      password: await auth.password.hash(password),
    });
    const username = existing.username ?? admin.username;
    if (admin.password)
      log(`The main administrator "${username}" had no password: ADMIN_PASSWORD is its password now.`);
    else reportGeneratedPassword(log, username, password, "The main administrator had no password");
    return true;
  }
  if (existing) return false;

  const password = admin.password ?? randomBytes(12).toString("base64url");
  // Hashed first, so the two writes below follow each other as closely as they can.
  const hash = await auth.password.hash(password);
  try {
    // better-auth's internal adapter: its public sign-up endpoint would refuse the
    // contract's default e-mail 'admin@localhost' (no top-level domain).
    const user = await auth.internalAdapter.createUser(
      {
        name: "Administrador",
        email: admin.email,
        emailVerified: true,
        username: admin.username.toLowerCase(),
        displayUsername: admin.username,
        role: "admin",
        isMainAdmin: true,
      },
      { method: "admin" },
    );
    await auth.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: hash,
    });
  } catch (error) {
    // Another instance on the same PostgreSQL may have created it a moment ago.
    const [created] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    if (created) return false;
    throw error;
  }
  if (!admin.password) reportGeneratedPassword(log, admin.username, password, "Main administrator created");
  return true;
}
