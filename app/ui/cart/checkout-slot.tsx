import { lazy, Suspense } from "react";

import type { CheckoutFormProps } from "./checkout-form";

// The checkout form is its own chunk, so that the cart's first load stays within the
// storefront's 120 KB budget (docs/decisions/005). The server renders it in full (the module
// is loaded before the first render: preloadCheckoutForm in the loader), so the page works
// without JavaScript; the browser keeps that HTML until the chunk arrives, then hydrates it.

type CheckoutModule = typeof import("./checkout-form");

let loaded: CheckoutModule | null = null;
const load = () =>
  import("./checkout-form").then((module) => {
    loaded = module;
    return module;
  });
const LazyCheckoutForm = lazy(() => load().then((module) => ({ default: module.CheckoutForm })));

/** Loads the form's module on the server before the cart renders (a no-op once loaded). */
export async function preloadCheckoutForm(): Promise<void> {
  if (!loaded) await load();
}

export function CheckoutSlot(props: CheckoutFormProps) {
  // The browser always goes through the lazy component, so that the form is never swapped
  // for another component type (which would lose what the shopper typed).
  const Form = import.meta.env.SSR && loaded ? loaded.CheckoutForm : LazyCheckoutForm;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}
