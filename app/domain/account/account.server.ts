import { and, eq, gt } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { pickSetCookies } from "~/auth/set-cookies";
import type { SessionUser } from "~/auth/guards.server";
import { getDb } from "~/db/client.server";
import { customerProfiles, users, verifications } from "~/db/schema";
import { restoreAccountCart } from "~/domain/cart/cart.server";
import {
  clearHits,
  isRateLimited,
  rateRules,
  recordHit,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/lib/rate-limit.server";
import { translateAuthError } from "./auth-errors";

export type Outcome = { ok: true; cookies: Headers } | { ok: false; message: string };

/**
 * Failed sign-ins count per account from one address, per account from every address, and
 * per address (`rateRules`); past any limit the password is not even checked. A success
 * clears only its own address's count on the account: guessing from other addresses goes on
 * counting. Shared by the shoppers' and the admin's sign-in.
 */
export async function withSignInLimit(
  account: string,
  clientIp: string,
  attempt: () => Promise<Outcome>,
): Promise<Outcome> {
  const name = account.toLowerCase();
  const counts = [
    { key: `sign-in:account-ip:${name}|${clientIp}`, rule: rateRules.failedSignInPerAccountAndIp },
    { key: `sign-in:account:${name}`, rule: rateRules.failedSignInPerAccount },
    { key: `sign-in:ip:${clientIp}`, rule: rateRules.failedSignInPerIp },
  ];
  if (counts.some(({ key, rule }) => isRateLimited(key, rule))) {
    return { ok: false, message: TOO_MANY_ATTEMPTS_MESSAGE };
  }
  const outcome = await attempt();
  if (outcome.ok) clearHits(counts[0]!.key);
  else for (const { key, rule } of counts) recordHit(key, rule);
  return outcome;
}

export async function signInCustomer(
  request: Request,
  clientIp: string,
  credentials: { email: string; password: string },
): Promise<Outcome> {
  return withSignInLimit(credentials.email, clientIp, async () => {
    try {
      const { headers, response } = await getAuth().api.signInEmail({
        body: credentials,
        headers: request.headers,
        returnHeaders: true,
      });
      const cookies = pickSetCookies(headers);
      const cart = await restoreAccountCart(request, response.user.id);
      if (cart) cookies.append("Set-Cookie", cart);
      return { ok: true, cookies };
    } catch (error) {
      return { ok: false, message: translateAuthError(error) };
    }
  });
}

/** Creates the account and its profile, with the moment the privacy notice was accepted. */
export async function registerCustomer(
  request: Request,
  clientIp: string,
  data: { fullName: string; email: string; phone: string; password: string },
): Promise<Outcome> {
  const ipKey = `register:ip:${clientIp}`;
  if (isRateLimited(ipKey, rateRules.registrationPerIp)) return { ok: false, message: TOO_MANY_ATTEMPTS_MESSAGE };
  recordHit(ipKey, rateRules.registrationPerIp);
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { email: data.email, password: data.password, name: data.fullName },
      headers: request.headers,
      returnHeaders: true,
    });
    await getDb()
      .insert(customerProfiles)
      .values({ userId: response.user.id, fullName: data.fullName, phone: data.phone, privacyAcceptedAt: new Date() });
    return { ok: true, cookies: pickSetCookies(headers) };
  } catch (error) {
    return { ok: false, message: translateAuthError(error) };
  }
}

/**
 * Sends the recovery link when the address has an account. The caller always shows
 * the same answer, so the form does not reveal who is a customer.
 */
export async function requestPasswordRecovery(email: string, clientIp: string): Promise<void> {
  const emailKey = `recovery:email:${email}`;
  const ipKey = `recovery:ip:${clientIp}`;
  if (isRateLimited(emailKey, rateRules.recoveryPerEmail) || isRateLimited(ipKey, rateRules.recoveryPerIp)) return;
  recordHit(emailKey, rateRules.recoveryPerEmail);
  recordHit(ipKey, rateRules.recoveryPerIp);
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/update-password" } });
}

/** Whether a recovery link's token is still usable (exists, not used, not expired). */
export async function isRecoveryTokenValid(token: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())));
  return row !== undefined;
}

export async function resetForgottenPassword(token: string, newPassword: string): Promise<Outcome> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true, cookies: new Headers() };
  } catch (error) {
    return { ok: false, message: translateAuthError(error) };
  }
}

/** Changes the password and ends the account's other sessions; returns the renewed cookie. */
export async function changeOwnPassword(
  request: Request,
  passwords: { currentPassword: string; newPassword: string },
): Promise<Outcome> {
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { ...passwords, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, cookies: pickSetCookies(headers) };
  } catch (error) {
    return { ok: false, message: translateAuthError(error) };
  }
}

export type Profile = { fullName: string; phone: string; address: string; email: string };

export async function getProfile(user: SessionUser): Promise<Profile> {
  const [row] = await getDb().select().from(customerProfiles).where(eq(customerProfiles.userId, user.id));
  return {
    fullName: row?.fullName || user.name,
    phone: row?.phone ?? "",
    address: row?.address ?? "",
    email: user.email,
  };
}

/**
 * Saves only the fields that changed. A new e-mail is not saved here: a link goes to
 * the new address and the change happens when it is followed.
 */
export async function updateProfile(
  request: Request,
  user: SessionUser,
  next: Profile,
): Promise<{ changed: (keyof Profile)[]; emailError?: string }> {
  const current = await getProfile(user);
  const changed = (Object.keys(next) as (keyof Profile)[]).filter((key) => next[key] !== current[key]);
  const profileChanges = Object.fromEntries(
    changed.filter((key) => key !== "email").map((key) => [key, next[key]]),
  ) as Partial<Profile>;
  if (Object.keys(profileChanges).length > 0) {
    await getDb()
      .insert(customerProfiles)
      .values({
        userId: user.id,
        fullName: current.fullName,
        phone: current.phone,
        address: current.address,
        ...profileChanges,
      })
      .onConflictDoUpdate({ target: customerProfiles.userId, set: profileChanges });
    if (profileChanges.fullName) {
      await getDb().update(users).set({ name: profileChanges.fullName }).where(eq(users.id, user.id));
    }
  }
  if (changed.includes("email")) {
    try {
      await getAuth().api.changeEmail({
        body: { newEmail: next.email, callbackURL: "/auth/email-actualizado" },
        headers: request.headers,
      });
    } catch (error) {
      return { changed: changed.filter((key) => key !== "email"), emailError: translateAuthError(error) };
    }
  }
  return { changed };
}
