import { getAuth } from "~/auth/auth.server";
import { signInAdmin } from "~/domain/users/admin-sign-in.server";

/** 'name=value; …' for a Cookie header, from a response's Set-Cookie headers. */
export function toCookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Registers a shopper through better-auth and returns its session cookie. */
export async function signUpCustomer(email: string, password = "secreto123"): Promise<string> {
  const { headers } = await getAuth().api.signUpEmail({
    body: { email, password, name: "Cliente de Prueba" },
    returnHeaders: true,
  });
  return toCookieHeader(headers);
}

/** Signs an administrator in the way /admin does and returns its session cookie. */
export async function signInAdminCookie(username: string, password: string): Promise<string> {
  const headers = await signInAdmin(new Request("http://localhost:3000/admin"), { username, password });
  if (!headers) throw new Error(`Could not sign in administrator ${username}`);
  return toCookieHeader(headers);
}

export function requestAs(cookie: string | null, url: string, init?: RequestInit): Request {
  const headers = new Headers(init?.headers);
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(url, "http://localhost:3000"), { ...init, headers });
}
