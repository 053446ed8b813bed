import { lazySlot, renderNothing } from "~/ui/lazy-slot";

// The form (payment-receipt-form-body.tsx, with the form kit) is a chunk of its own, out of the
// order page's first load (the 120 KB budget, docs/decisions/013), like the complaints book's.
// The server renders it in full, so that it works without JavaScript: this module waits for
// the chunk before any page is rendered. If the chunk cannot be fetched, the page (how to pay,
// the order) goes on without the form.
const form = lazySlot(() =>
  import("./payment-receipt-form-body").then(
    (module) => module.PaymentReceiptForm,
    () => renderNothing,
  ),
);
if (import.meta.env.SSR) await form.preload();

/** 'Subir comprobante de pago' (payment-receipt-form-body.tsx). */
export const PaymentReceiptForm = form.Slot;
