import { APIError } from "better-auth/api";

import { getAuth } from "~/auth/auth.server";
import { upgradePasswordHash } from "~/auth/password-upgrade.server";
import { pickSetCookies } from "~/auth/set-cookies";
import { type Outcome, withSignInLimit } from "~/domain/account/sign-in-limit.server";
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

/**
 * The back office's sign-in form: `signInAdmin` behind the same failed-attempt limits as the
 * shoppers' (sign-in-limit.server.ts), answering like `signInCustomer` does.
 */
export function signInAdminLimited(
  request: Request,
  clientIp: string,
  credentials: { username: string; password: string },
): Promise<Outcome> {
  return withSignInLimit(credentials.username, clientIp, async () => {
    const cookies = await signInAdmin(request, credentials);
    return cookies ? { ok: true, cookies } : { ok: false, message: "Usuario o contraseña incorrectos." };
  });
}
