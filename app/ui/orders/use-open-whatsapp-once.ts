import { useEffect } from "react";
import { useSearchParams } from "react-router";

import { useIsHydrated } from "~/lib/use-hydrated";

// The same behaviour as the cart's confirmation (ui/cart/cart-page-parts.tsx), for the order
// page that checkout now lands on: kept here so the order page's script does not carry the
// cart's pieces.

/** The query parameter checkout adds ('?abrir=1') when the shopper chose to send the order by WhatsApp. */
const OPEN_WHATSAPP_PARAM = "abrir";

// WhatsApp opens once, in this tab (a popup opened after an await is blocked on phones), a
// moment after the page shows; the URL loses 'abrir' so Back or a reload does not open it again.
const WHATSAPP_OPEN_DELAY_MS = 1500;

/** Opens `whatsappUrl` once when the address carries '?abrir=1'; true while it is about to. */
export function useOpenWhatsAppOnce(whatsappUrl: string | null | undefined): boolean {
  const [searchParams] = useSearchParams();
  const isHydrated = useIsHydrated();
  useEffect(() => {
    if (!whatsappUrl) return;
    const current = new URL(window.location.href);
    if (current.searchParams.get(OPEN_WHATSAPP_PARAM) !== "1") return;
    current.searchParams.delete(OPEN_WHATSAPP_PARAM);
    window.history.replaceState(window.history.state, "", current);
    const timer = setTimeout(() => window.location.assign(whatsappUrl), WHATSAPP_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [whatsappUrl]);
  return isHydrated && Boolean(whatsappUrl) && searchParams.get(OPEN_WHATSAPP_PARAM) === "1";
}
