import { lazySlot, renderNothing } from "~/ui/lazy-slot";

// The floating corner (the assistant's button and WhatsApp, contact-corner.tsx) is a chunk of
// its own, out of every storefront page's first load (the 120 KB budget, docs/decisions/013):
// the first paint needs none of it. If the chunk cannot be fetched, the page goes on without
// the corner rather than showing the layout's error.
const corner = lazySlot(() =>
  import("./contact-corner").then(
    (module) => module.ContactCorner,
    () => renderNothing,
  ),
);

// The server renders the corner in full, so that WhatsApp and the folded menu work without
// JavaScript: this module waits for the chunk before any page is rendered.
if (import.meta.env.SSR) await corner.preload();

/** The shopper's two ways to ask, on every storefront page (contact-corner.tsx). */
export const ChatbotWidget = corner.Slot;
