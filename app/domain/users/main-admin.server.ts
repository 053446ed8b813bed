import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import type { AppConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";

/**
 * Creates the main administrator from ADMIN_* when no administrator exists. Without
 * ADMIN_PASSWORD a random password is generated and reported once through `log`.
 */
export async function ensureMainAdmin(
  admin: AppConfig["admin"],
  log: (message: string) => void,
): Promise<boolean> {
  const db = getDb();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .limit(1);
  if (existing) return false;

  const password = admin.password ?? randomBytes(12).toString("base64url");
  try {
    // better-auth's internal adapter and hasher: its public sign-up endpoint would
    // refuse the contract's default e-mail 'admin@localhost' (no top-level domain).
    const auth = await getAuth().$context;
    const user = await auth.internalAdapter.createUser({
      name: "Administrador",
      email: admin.email,
      emailVerified: true,
      username: admin.username.toLowerCase(),
      displayUsername: admin.username,
      role: "admin",
      isMainAdmin: true,
    }, { method: "admin" });
    await auth.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await auth.password.hash(password),
    });
  } catch (error) {
    // Another instance on the same PostgreSQL may have created it a moment ago.
    const [created] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    if (created) return false;
    throw error;
  }
  if (!admin.password) {
    log(
      [
        "",
        "==================================================================",
        ` Main administrator created: username "${admin.username}"`,
        ` Generated password (shown only this once): ${password}`,
        " Sign in at /admin and change it, or set ADMIN_PASSWORD before the first start.",
        "==================================================================",
        "",
      ].join("\n"),
    );
  }
  return true;
}
