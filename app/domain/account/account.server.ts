import { and, eq, gt } from "drizzle-orm";
import { href } from "react-router";

import { getAuth } from "~/auth/auth.server";
import type { SessionUser } from "~/auth/guards.server";
import { upgradePasswordHash } from "~/auth/password-upgrade.server";
import { pickSetCookies } from "~/auth/set-cookies";
import { getDb } from "~/db/client.server";
import { customerProfiles, users, verifications } from "~/db/schema";
import { restoreAccountCart } from "~/domain/cart/cart.server";
import { isRateLimited, rateRules, recordHit } from "~/lib/rate-limit.server";

import { translateAuthError } from "./auth-errors";
import { type Outcome, withSignInLimit } from "./sign-in-limit.server";

export type { Outcome };

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
      await upgradePasswordHash(response.user.id, credentials.password);
      const cart = await restoreAccountCart(request, response.user.id);
      if (cart) cookies.append("Set-Cookie", cart);
      return { ok: true, cookies };
    } catch (error) {
      return { ok: false, message: translateAuthError(error) };
    }
  });
}

/**
 * Sends the recovery link when the address has an account. The caller always shows
 * the same answer, so the form does not reveal who is a customer. Requests count per
 * (address, requester) and per requester; the address's own count is only a ceiling on
 * the mails it receives, set high, so a stranger's requests do not silence the owner's.
 */
export async function requestPasswordRecovery(email: string, clientIp: string): Promise<void> {
  const name = email.toLowerCase();
  const counts = [
    { key: `recovery:email-ip:${name}|${clientIp}`, rule: rateRules.recoveryPerEmailAndIp },
    { key: `recovery:ip:${clientIp}`, rule: rateRules.recoveryPerIp },
    { key: `recovery:mails:${name}`, rule: rateRules.recoveryMailsPerEmail },
  ];
  const limited = await Promise.all(counts.map(({ key, rule }) => isRateLimited(key, rule)));
  if (limited.some(Boolean)) return;
  await Promise.all(counts.map(({ key, rule }) => recordHit(key, rule)));
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: href("/auth/update-password") } });
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
        body: { newEmail: next.email, callbackURL: href("/auth/email-actualizado") },
        headers: request.headers,
      });
    } catch (error) {
      return { changed: changed.filter((key) => key !== "email"), emailError: translateAuthError(error) };
    }
  }
  return { changed };
}
