import { logError } from "~/lib/log.server";

import { getAuth } from "./auth.server";
import { hashPassword, isOutdatedHash } from "./password-hash.server";

/**
 * After a successful sign-in, rewrites the account's password hash with today's settings when
 * it was written with older ones (better-auth's 32 MiB scrypt before ADR 029): the password is
 * at hand only now. A failure here never undoes the sign-in; the next one tries again.
 */
export async function upgradePasswordHash(userId: string, password: string): Promise<void> {
  try {
    const context = await getAuth().$context;
    const account = await context.internalAdapter.findCredentialAccount(userId);
    if (!account?.password || !isOutdatedHash(account.password)) return;
    await context.internalAdapter.updatePassword(userId, await hashPassword(password));
  } catch (error) {
    logError("Could not rewrite a password hash with today's settings", error, { userId });
  }
}
