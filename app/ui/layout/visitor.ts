// The visitor's own parts of a page that came from the page cache (ADR 024). A stored page
// is the anonymous one; a browser with a session or a cart (the readable marker cookie set
// beside them, lib/visitor-marker.server.ts) asks /api/sesion once after load and fills the
// header in. Without JavaScript the page stays anonymous and its links still lead right.
import { useEffect, useState } from "react";
import { href, useRouteLoaderData } from "react-router";

import type { ToastMessage } from "~/lib/toast";
import { VISITOR_MARKER_COOKIE } from "~/lib/visitor-marker";

export type Visitor = {
  user: { displayName: string; isAdmin: boolean } | null;
  cartCount: number;
  email: string;
  /** 'Error de Sesión' when the session could not be read: the page looks signed out, and says why. */
  toast: ToastMessage | null;
};

let asked: Promise<Visitor | null> | null = null;

function askOnce(): Promise<Visitor | null> {
  asked ??= fetch(href("/api/sesion"), { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<Visitor>) : null))
    .catch(() => null);
  return asked;
}

/**
 * The visitor's parts when the page was rendered for everyone (the root's `visitorParts` is
 * "later"); null while they are coming, for a visitor without any, and when the page's own
 * loaders carry them (any request after an action, or rendered for this visitor alone).
 */
export function useLateVisitor(): Visitor | null {
  const root = useRouteLoaderData<{ visitorParts: "later" | "here" }>("root");
  const isLater = root?.visitorParts === "later";
  const [visitor, setVisitor] = useState<Visitor | null>(null);
  useEffect(() => {
    if (!isLater || !document.cookie.split(/;\s*/).includes(`${VISITOR_MARKER_COOKIE}=1`)) return;
    let isCurrent = true;
    void askOnce().then((answer) => isCurrent && setVisitor(answer));
    return () => {
      isCurrent = false;
    };
  }, [isLater]);
  return isLater ? visitor : null;
}
