import { createHash, randomBytes, randomUUID } from "node:crypto";

import { and, eq, gt, sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";

import { getAuth } from "~/auth/auth.server";
import { pickSetCookies } from "~/auth/set-cookies";
import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { customerProfiles, users, verifications } from "~/db/schema";
import { logError } from "~/lib/log.server";
import {
  isRateLimited,
  rateRules,
  recordHit,
  takeSubmission,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/lib/rate-limit.server";

import { sendShopMail } from "./account-mail.server";
import { translateAuthError } from "./auth-errors";
import { linkGuestHistory } from "./guest-history.server";

/**
 * Registration answers the same for a new address and a registered one, so the form does not
 * tell who is a customer (issue 29). No account exists until the address's owner follows the
 * link e-mailed to it and types the password chosen at registration: nobody can sign in with
 * an account made on someone else's address, nor squat it with a password they know. The
 * pending registration waits in better-auth's `verifications` table, which the housekeeping
 * empties of expired rows.
 */
const ACTIVATION_HOURS = 24;
const IDENTIFIER_PREFIX = "account-activation:";

const pendingSchema = z.object({
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  passwordHash: z.string(),
  privacyAcceptedAt: z.iso.datetime(),
});
type PendingRegistration = z.infer<typeof pendingSchema>;

// Only a digest of the link's token is stored: a copy of the database opens no activation.
function toIdentifier(token: string): string {
  return IDENTIFIER_PREFIX + createHash("sha256").update(token).digest("base64url");
}

async function findUserIdByEmail(email: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

function sendActivationLink(email: string, token: string) {
  const { appUrl } = readConfig();
  return sendShopMail(email, "Activa tu cuenta", {
    heading: "Activa tu cuenta",
    paragraphs: [
      "Recibimos una solicitud para crear una cuenta en nuestra tienda con este correo electrónico.",
      `Para activarla, abre el siguiente enlace e ingresa la contraseña que elegiste al registrarte. El enlace vence en ${ACTIVATION_HOURS} horas.`,
    ],
    action: { label: "Activar mi cuenta", url: `${appUrl}${href("/auth/activar")}?token=${token}` },
    note: "Si no fuiste tú, ignora este correo: la cuenta no se creará.",
  });
}

function sendAlreadyRegisteredNotice(email: string) {
  const { appUrl } = readConfig();
  return sendShopMail(email, "Intento de registro con tu correo", {
    heading: "Ya tienes una cuenta con nosotros",
    paragraphs: [
      "Alguien, quizás tú, intentó crear una cuenta nueva en nuestra tienda con este correo electrónico, pero ya existe una cuenta con él. No hicimos ningún cambio en tu cuenta.",
      `Si fuiste tú, ingresa con tu contraseña. Si no la recuerdas, elige una nueva aquí: ${appUrl}${href("/auth/forgot-password")}`,
    ],
    action: { label: "Ingresar a mi cuenta", url: `${appUrl}${href("/auth")}` },
    note: "Si no fuiste tú, puedes ignorar este correo: nadie puede entrar a tu cuenta sin tu contraseña.",
  });
}

/**
 * Takes a registration. A new address gets an activation link; a registered one gets a notice
 * for its owner instead. The caller shows the same answer either way, and both ways hash the
 * password and send one e-mail, so neither the answer nor its time tells them apart.
 */
export async function registerCustomer(
  clientIp: string,
  data: { fullName: string; email: string; phone: string; password: string },
  now: Date = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  const ipKey = `register:ip:${clientIp}`;
  if (!(await takeSubmission(ipKey, rateRules.registrationPerIp)))
    return { ok: false, message: TOO_MANY_ATTEMPTS_MESSAGE };
  const email = data.email.toLowerCase();
  const passwordHash = await (await getAuth().$context).password.hash(data.password);
  // Past the ceiling the address gets no more mail this hour; the answer stays the same.
  if (!(await takeSubmission(`register:mail:${email}`, rateRules.registrationMailsPerEmail))) return { ok: true };
  if (await findUserIdByEmail(email)) {
    await sendAlreadyRegisteredNotice(email);
    return { ok: true };
  }
  const token = randomBytes(32).toString("base64url");
  const pending: PendingRegistration = {
    email,
    fullName: data.fullName,
    phone: data.phone,
    passwordHash,
    privacyAcceptedAt: now.toISOString(),
  };
  await getDb()
    .insert(verifications)
    .values({
      id: randomUUID(),
      identifier: toIdentifier(token),
      value: JSON.stringify(pending),
      expiresAt: new Date(now.getTime() + ACTIVATION_HOURS * 60 * 60 * 1000),
    });
  await sendActivationLink(email, token);
  return { ok: true };
}

async function findPendingRegistration(token: string, now: Date) {
  if (token === "" || token.length > 200) return null;
  const [row] = await getDb()
    .select({ id: verifications.id, value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, toIdentifier(token)), gt(verifications.expiresAt, now)));
  if (!row) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return null;
  }
  const parsed = pendingSchema.safeParse(value);
  return parsed.success ? { id: row.id, ...parsed.data } : null;
}

/** The address a still-valid activation link is for, to name it on the activation page. */
export async function readActivationEmail(token: string, now: Date = new Date()): Promise<string | null> {
  return (await findPendingRegistration(token, now))?.email ?? null;
}

export type ActivationResult =
  | { status: "activated"; cookies: Headers }
  | { status: "expired" }
  | { status: "wrong-password" }
  | { status: "too-many-attempts"; message: string }
  | { status: "already-active" }
  | { status: "failed"; message: string };

/**
 * Creates the account of a pending registration, with its profile and privacy consent, and
 * signs it in. The password must be the one chosen at registration: the link alone proves
 * the address, the password proves it is the same person.
 */
export async function activateCustomer(
  request: Request,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<ActivationResult> {
  const pending = await findPendingRegistration(token, now);
  if (!pending) return { status: "expired" };
  const attemptsKey = `activation:${pending.id}`;
  if (await isRateLimited(attemptsKey, rateRules.failedActivationPerLink)) {
    return { status: "too-many-attempts", message: TOO_MANY_ATTEMPTS_MESSAGE };
  }
  const auth = await getAuth().$context;
  if (!(await auth.password.verify({ hash: pending.passwordHash, password }))) {
    await recordHit(attemptsKey, rateRules.failedActivationPerLink);
    return { status: "wrong-password" };
  }
  const db = getDb();
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { email: pending.email, password, name: pending.fullName },
      headers: request.headers,
      returnHeaders: true,
    });
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, response.user.id));
    await db.insert(customerProfiles).values({
      userId: response.user.id,
      fullName: pending.fullName,
      phone: pending.phone,
      privacyAcceptedAt: new Date(pending.privacyAcceptedAt),
    });
    await db.delete(verifications).where(eq(verifications.id, pending.id));
    // The link just proved the address: what was ordered or booked with it as a guest is theirs.
    await linkGuestHistory(response.user.id).catch((error: unknown) =>
      logError("guest orders not linked", error, { userId: response.user.id }),
    );
    return { status: "activated", cookies: pickSetCookies(headers) };
  } catch (error) {
    // A second link of the same address, or two clicks at once: the account already exists.
    if (await findUserIdByEmail(pending.email)) {
      await db.delete(verifications).where(eq(verifications.id, pending.id));
      return { status: "already-active" };
    }
    return { status: "failed", message: translateAuthError(error) };
  }
}
