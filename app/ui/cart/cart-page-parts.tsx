import { useRef } from "react";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import type { ToastMessage } from "~/lib/toast";
import { useIsHydrated } from "~/lib/use-hydrated";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { getCartLineFetcherKey } from "./cart-line-item";

// The pieces of the cart page (routes/store/cart.tsx) around the lines and the checkout form.

export const CLEAR_FETCHER_KEY = "cart-clear";

/** Every line this page has shown, so the answer about a line that just left still shows. */
export function useLineFetcherKeys(variantIds: number[]): string[] {
  const seen = useRef(new Set<number>());
  for (const id of variantIds) seen.current.add(id);
  return [...seen.current].map(getCartLineFetcherKey);
}

// Toasts need JavaScript; without it the answer to a posted form is shown in the page.
export function ActionNotice({ toast }: { toast: ToastMessage | undefined }) {
  const isHydrated = useIsHydrated();
  if (isHydrated || !toast) return null;
  const isError = toast.variant === "destructive";
  return (
    <div
      role={isError ? "alert" : "status"}
      className={
        isError
          ? "mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
          : "mt-4 rounded-xl border border-primary/30 bg-primary-soft p-4"
      }
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm">{toast.description}</p> : null}
    </div>
  );
}

export function EmptyCart() {
  return (
    <section className="mx-auto mt-10 flex max-w-md flex-col items-center gap-4 text-center">
      <Icon name="shopping-cart" className="size-16 text-primary/60" aria-hidden />
      <h2 className="text-2xl font-bold">Tu Carrito está Vacío</h2>
      <p className="text-muted">Agrega productos para tu mascota y vuelve aquí para enviar tu pedido.</p>
      <Button asChild size="lg">
        <Link to={buildCatalogPath("products")}>Ver Productos</Link>
      </Button>
    </section>
  );
}
