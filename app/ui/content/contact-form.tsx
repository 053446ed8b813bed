import { lazySlot, renderNothing } from "~/ui/lazy-slot";

// The form (contact-form-body.tsx, with the form kit) is a chunk of its own, out of the contact
// page's first load (the 120 KB budget, docs/decisions/013), like the complaints book's. The
// server renders it in full, so that it works without JavaScript: this module waits for the
// chunk before any page is rendered. If the chunk cannot be fetched, the page (the shop's
// details, WhatsApp, the map) goes on without the form.
const form = lazySlot(() =>
  import("./contact-form-body").then(
    (module) => module.ContactForm,
    () => renderNothing,
  ),
);
if (import.meta.env.SSR) await form.preload();

/** The contact form (contact-form-body.tsx). */
export const ContactForm = form.Slot;
