import { href } from "react-router";

// The order page's address (/pedido/{code}): with the unguessable token when it goes out in a
// WhatsApp message or an e-mail, so that it opens on any phone; without it the page answers
// only to the browser that placed the order or to the account it belongs to.

/** The query parameter that carries the order's access token. */
export const ORDER_TOKEN_PARAM = "t";

/** '/pedido/PED-000123', or '/pedido/PED-000123?t=…' with the order's token. */
export function orderPagePath(code: string, accessToken?: string | null): string {
  const path = href("/pedido/:code", { code });
  return accessToken ? `${path}?${ORDER_TOKEN_PARAM}=${encodeURIComponent(accessToken)}` : path;
}

/** The page's absolute link for messages and e-mails: `origin` is the shop's APP_URL. */
export function orderPageUrl(origin: string, code: string, accessToken?: string | null): string {
  return `${origin.replace(/\/+$/, "")}${orderPagePath(code, accessToken)}`;
}

/** A token as createOrderAccessToken makes it: 32 base64url characters. */
export const ORDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
