import { lazySlot } from "~/ui/lazy-slot";

import type { CheckoutFormProps } from "./checkout-form";

// The checkout form is its own chunk, so that the cart's first load stays within the
// storefront's 120 KB budget (docs/decisions/005). The server renders it in full (the module
// is loaded before the first render: preloadCheckoutForm in the loader), so the page works
// without JavaScript; the browser keeps that HTML until the chunk arrives, then hydrates it
// (lazy-slot.tsx).
const checkout = lazySlot<CheckoutFormProps>(() => import("./checkout-form").then((module) => module.CheckoutForm));

/** Loads the form's module on the server before the cart renders (a no-op once loaded). */
export const preloadCheckoutForm = checkout.preload;

export const CheckoutSlot = checkout.Slot;
