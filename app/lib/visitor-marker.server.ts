// A readable cookie without data that says "this browser has a session or a cart" (ADR 024):
// a page from the cache asks for the visitor's own parts only then, so a burst of new
// visitors adds no request. Kept in step with the real (HttpOnly) cookies on every request.
import type { Request, Response } from "express";

import { VISITOR_MARKER_COOKIE } from "./visitor-marker";

/** better-auth's session cookie ('__Secure-' prefixed over https): a signed-in visitor. */
export const SESSION_COOKIE = "patitas.session_token=";
const PERSONAL_COOKIES = [SESSION_COOKIE, "patitas_cart="];
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export function syncVisitorMarker(req: Request, res: Response, isSecure: boolean): void {
  const cookie = req.headers.cookie ?? "";
  const hasMarker = cookie.split(/;\s*/).includes(`${VISITOR_MARKER_COOKIE}=1`);
  const hasPersonal = PERSONAL_COOKIES.some((name) => cookie.includes(name));
  if (hasMarker === hasPersonal) return;
  res.cookie(VISITOR_MARKER_COOKIE, hasPersonal ? "1" : "", {
    path: "/",
    sameSite: "lax",
    secure: isSecure,
    // A readable marker, by design: it holds no data.
    httpOnly: false,
    maxAge: hasPersonal ? THIRTY_DAYS_SECONDS * 1000 : 0,
  });
}
