// The back office's order detail (/admin/pedidos/{id}) as its route tests drive it: rendered
// on the server without JavaScript, posted as its forms post, and a successful post's toast.
import { expect } from "vitest";

import { readToast } from "~/lib/toast.server";
import OrderDetailPage, { action, loader } from "~/routes/admin/orders/detail";

import { requestAs, toCookieHeader } from "./auth";
import { renderRoute } from "./render-route";

export function orderDetailPage(adminCookie: () => string) {
  function post(orderId: number, body: Record<string, string>) {
    return requestAs(adminCookie(), `/admin/pedidos/${orderId}`, { method: "POST", body: new URLSearchParams(body) });
  }

  /** The page (after the post, when a body is given), as the server renders it. */
  function render(orderId: number, body?: Record<string, string>) {
    const request = body ? post(orderId, body) : requestAs(adminCookie(), `/admin/pedidos/${orderId}`);
    // renderRoute mounts the page at its literal path: the order's id is given as the param.
    const params = { orderId: String(orderId) };
    const withParams = (run: (args: never) => unknown) => (args: object) => run({ ...args, params } as never);
    return renderRoute(
      { Page: OrderDetailPage, loader: withParams(loader), action: withParams(action) } as never,
      request,
    );
  }

  /** A post that succeeds: its redirect's toast. */
  async function submit(orderId: number, body: Record<string, string>) {
    const response = (await action({
      request: post(orderId, body),
      params: { orderId: String(orderId) },
    } as never)) as Response;
    expect(response.status).toBe(302);
    return (await readToast(requestAs(toCookieHeader(response.headers), "/"))).toast;
  }

  return { render, submit };
}

/** A page's text without tags, spaces joined. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}
