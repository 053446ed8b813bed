import { href } from "react-router";

import { getAuth } from "~/auth/auth.server";

import type { Route } from "./+types/auth";

// better-auth answers some fifty endpoints under /api/auth: sign-in, sign-up, password reset,
// and the admin plugin's user management. The shop calls the ones it needs on the server
// (`getAuth().api.*`), inside its own rules: failed sign-ins counted per account, sign-ups
// with the privacy consent and a per-address limit, the main administrator protected, every
// back-office change audited. Reached over HTTP, the same endpoints would skip every one of
// those rules, so only the link of the e-mail-change confirmation is served; anything else
// under /api/auth is not found.
const PUBLIC_ENDPOINTS = new Set([href("/api/auth/*", { "*": "verify-email" })]);

function notFound(): Response {
  return new Response("No encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function loader({ request }: Route.LoaderArgs) {
  if (!PUBLIC_ENDPOINTS.has(new URL(request.url).pathname)) return notFound();
  return getAuth().handler(request);
}

export function action() {
  return notFound();
}
