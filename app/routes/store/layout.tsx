import type { ReactNode } from "react";
import { Outlet, useRouteLoaderData } from "react-router";

import { getCartItemCount } from "~/domain/cart/cart.server";
import { isCartPageLoad, readCartPage } from "~/domain/cart/cart-page.server";
import { DEFAULT_SHOP_NAME } from "~/domain/settings/settings";
import type { RootData } from "~/root";
import { ChatbotWidget } from "~/ui/chatbot/chatbot-widget";
import { SiteFooter } from "~/ui/layout/site-footer";
import { SiteHeader } from "~/ui/layout/site-header";
import { ErrorDetails, getErrorStatus, StatusMessage } from "~/ui/layout/status-page";
import { useLateVisitor } from "~/ui/layout/visitor";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // On the cart page, the units of the lines that page reads (one read for both loaders).
  if (isCartPageLoad(request)) return { cartCount: (await readCartPage(request, context)).cart.itemCount };
  // The context carries a cart created by this very request (first add without JavaScript).
  return { cartCount: await getCartItemCount(request, context) };
}

function StoreChrome({ cartCount, children }: { cartCount: number; children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const shopName = root?.shop.name ?? DEFAULT_SHOP_NAME;
  // A page from the cache is everyone's: this visitor's name and cart come after load.
  const late = useLateVisitor();
  const user = late ? late.user : (root?.user ?? null);
  const count = late ? late.cartCount : cartCount;
  // The root's own 'Error de Sesión' toast, when the session was read after load.
  useToastFrom(late?.toast);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader shopName={shopName} logo={root?.shop.logo ?? null} cartCount={count} user={user} />
      <main id="contenido" className="flex-1">
        {children}
      </main>
      <SiteFooter shopName={shopName} isAdmin={user?.isAdmin ?? false} />
      {/* The assistant and WhatsApp; the footer's bottom padding keeps the page's end clear of them. */}
      <ChatbotWidget whatsappPhone={root?.shop.whatsappPhone ?? ""} />
    </div>
  );
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StoreChrome cartCount={loaderData.cartCount}>
      <Outlet />
    </StoreChrome>
  );
}

/**
 * Any storefront page's error, inside the header, footer and cart. The cart's count is
 * missing when this layout's own loader failed, or did not run because an action failed.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <StoreChrome cartCount={loaderData?.cartCount ?? 0}>
      <StatusMessage status={getErrorStatus(error)}>
        <ErrorDetails error={error} />
      </StatusMessage>
    </StoreChrome>
  );
}
