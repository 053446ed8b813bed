import { APIError } from "better-auth/api";

import { getAuth } from "~/auth/auth.server";
import { upgradePasswordHash } from "~/auth/password-upgrade.server";
import { pickSetCookies } from "~/auth/set-cookies";
import { recordAudit } from "~/domain/audit/audit.server";

/**
 * Signs an administrator in by username. A valid account that is not an
 * administrator is refused like a wrong password, and its new session is ended.
 * Each successful sign-in is written to the audit log.
 * Returns the session cookies to set, or null.
 */
export async function signInAdmin(
  request: Request,
  credentials: { username: string; password: string },
): Promise<Headers | null> {
  const auth = getAuth();
  let result;
  try {
    result = await auth.api.signInUsername({
      body: credentials,
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError) return null;
    throw error;
  }
  const cookies = pickSetCookies(result.headers);
  if ((result.response.user as { role?: string }).role !== "admin") {
    await auth.api
      .revokeSession({
        body: { token: result.response.token },
        headers: new Headers({ Authorization: `Bearer ${result.response.token}` }),
      })
      .catch(() => undefined);
    return null;
  }
  await upgradePasswordHash(result.response.user.id, credentials.password);
  await recordAudit({ userId: result.response.user.id, action: "sign-in", entity: "session" });
  return cookies;
}
