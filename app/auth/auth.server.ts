import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, username } from "better-auth/plugins";
import { readConfig, resolveAuthSecret } from "~/config.server";
import { type DatabaseHandle, getDatabaseHandle } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { MIN_PASSWORD_LENGTH } from "./rules";

function createAuth(handle: DatabaseHandle) {
  const config = readConfig();
  return betterAuth({
    appName: "Patitas Felices",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(config),
    database: drizzleAdapter(handle.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        isMainAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      cookiePrefix: "patitas",
      useSecureCookies: config.appUrl.startsWith("https://"),
    },
    plugins: [username(), admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<DatabaseHandle, Auth>();

/** The better-auth instance bound to the open database. */
export function getAuth(): Auth {
  const handle = getDatabaseHandle();
  let auth = instances.get(handle);
  if (!auth) {
    auth = createAuth(handle);
    instances.set(handle, auth);
  }
  return auth;
}
