import { lazySlot, renderNothing } from "~/ui/lazy-slot";

// 'Mis Mascotas' (pets-tab-body.tsx) is a chunk of its own, out of the profile page's first
// load (the 120 KB budget, docs/decisions/013), like the order page's receipt form. The server
// renders it in full, so that it works without JavaScript: this module waits for the chunk
// before any page is rendered. If the chunk cannot be fetched, the server's HTML stays.
const tab = lazySlot(() =>
  import("./pets-tab-body").then(
    (module) => module.PetsTabBody,
    () => renderNothing,
  ),
);
if (import.meta.env.SSR) await tab.preload();

/** The 'Mis Mascotas' tab of /perfil: the shopper's pets, or the form to add or edit one. */
export const PetsTab = tab.Slot;
