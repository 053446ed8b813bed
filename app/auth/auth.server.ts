import { drizzleAdapter } from "better-auth/adapters/drizzle";
// The minimal build: the same auth without Kysely and its migrations, which the drizzle
// adapter and our own migrations never use (a smaller heap; issue 26, bench/history.md, 'The page cache').
import { betterAuth } from "better-auth/minimal";
// One plugin per import: the package's index loads all 25 of them (a larger heap; the same section).
import { admin } from "better-auth/plugins/admin";
import { username } from "better-auth/plugins/username";
import { href } from "react-router";

import { readConfig, resolveAuthSecret } from "~/config.server";
import { type DatabaseHandle, getDatabaseHandle } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { sendShopMail } from "~/domain/account/account-mail.server";
import { linkGuestHistory } from "~/domain/account/guest-history.server";

import { hashPassword, verifyPassword } from "./password-hash.server";
import { MIN_PASSWORD_LENGTH } from "./rules";

function createAuth(handle: DatabaseHandle) {
  const config = readConfig();
  return betterAuth({
    appName: "Patitas Felices",
    baseURL: config.appUrl,
    // The mount point of the splat route api/auth/*: its path with an empty rest, no slash.
    basePath: href("/api/auth/*", { "*": "" }).replace(/\/$/, ""),
    secret: resolveAuthSecret(config),
    database: drizzleAdapter(handle.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // scrypt at 8 MiB, two hashes at a time; better-auth's own hashes still verify (ADR 029).
      password: { hash: hashPassword, verify: verifyPassword },
      // A recovered account is signed out everywhere else.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        await sendShopMail(user.email, "Recupera tu contraseña", {
          heading: "Restablece tu contraseña",
          paragraphs: [
            `Hola ${user.name.split(" ")[0] || ""}, recibimos una solicitud para restablecer la contraseña de tu cuenta.`,
            "Usa el siguiente enlace para elegir una nueva. Vence en 1 hora y solo se puede usar una vez.",
          ],
          action: {
            label: "Elegir nueva contraseña",
            url: `${config.appUrl}${href("/auth/update-password")}?token=${token}`,
          },
          note: "Si no lo solicitaste, ignora este correo: tu contraseña seguirá siendo la misma.",
        });
      },
    },
    emailVerification: {
      // Used for the e-mail change: the new address takes effect when its link is followed.
      async sendVerificationEmail({ user, url }) {
        await sendShopMail(user.email, "Confirma tu nuevo correo electrónico", {
          heading: "Confirma tu nuevo correo",
          paragraphs: [
            "Pediste usar esta dirección en tu cuenta. El cambio se hará efectivo cuando confirmes con el siguiente enlace.",
          ],
          action: { label: "Confirmar mi correo", url },
          note: "Si no lo pediste, ignora este correo: tu cuenta seguirá con el correo anterior.",
        });
      },
      // A confirmed address brings its guest orders and bookings along (issue 40).
      async afterEmailVerification(user) {
        await linkGuestHistory(user.id);
      },
    },
    user: {
      changeEmail: { enabled: true },
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
