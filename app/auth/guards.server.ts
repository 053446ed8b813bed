import { href, redirect } from "react-router";

import { readOncePerRequest } from "~/lib/loader-group.server";
import { logError } from "~/lib/log.server";
import { SESSION_COOKIE } from "~/lib/visitor-marker.server";

import { getAuth } from "./auth.server";
import type { Role } from "./rules";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: Role;
  isMainAdmin: boolean;
};

// Root, layout and route loaders of one request ask the same question: ask the database once
// (each loader has its own copy of the Request: lib/loader-group.server.ts finds its siblings).
const cache = new WeakMap<Request, Promise<SessionUser | null>>();

export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = readOncePerRequest(request, "session-user", () => readSessionUser(request));
    cache.set(request, pending);
  }
  return pending;
}

/**
 * For what anyone may see (the root layout): a session that cannot be read (the database
 * or better-auth failing) counts as signed out for this request, and is logged. Guards
 * never use it: requireUser and requireAdmin still fail when the session cannot be read.
 */
export async function getSessionUserOrSignedOut(
  request: Request,
): Promise<{ user: SessionUser | null; hasSessionFailed: boolean }> {
  try {
    return { user: await getSessionUser(request), hasSessionFailed: false };
  } catch (error) {
    logError("Session read failed", error, { path: new URL(request.url).pathname });
    return { user: null, hasSessionFailed: true };
  }
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  // Without better-auth's session cookie there is no session to read: most shoppers are
  // anonymous, and asking better-auth cost each of their pages about 0.3 ms (issue 47).
  if (!(request.headers.get("cookie") ?? "").includes(SESSION_COOKIE)) return null;
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  if (user.banned) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username ?? null,
    role: user.role === "admin" ? "admin" : "user",
    isMainAdmin: user.isMainAdmin === true,
  };
}

/** For shopper pages: anonymous visitors go to /auth and come back after signing in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`${href("/auth")}?${new URLSearchParams({ redirectTo })}`);
}

/** First line of every /admin loader and action: anyone but an administrator goes to /admin. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role === "admin") return user;
  throw redirect(href("/admin"));
}

/**
 * Whether the headers carry a signed-in session (a shopper's or an administrator's), for the
 * server's front door (which bodies may be large). A session that cannot be read is no session.
 */
export async function isSignedInSession(headers: Record<string, string | string[] | undefined>): Promise<boolean> {
  if (typeof headers.cookie !== "string") return false;
  try {
    return (await readSessionUser(new Request("http://localhost/", { headers: { cookie: headers.cookie } }))) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the headers carry an administrator's session, for the server's front door (which
 * bodies may be large) before any route runs. A session that cannot be read is no session.
 */
export async function isAdminSession(headers: Record<string, string | string[] | undefined>): Promise<boolean> {
  if (typeof headers.cookie !== "string") return false;
  try {
    const user = await readSessionUser(new Request("http://localhost/", { headers: { cookie: headers.cookie } }));
    return user?.role === "admin";
  } catch {
    return false;
  }
}
