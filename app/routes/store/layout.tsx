import { Outlet, useRouteLoaderData } from "react-router";
import { getCartItemCount } from "~/domain/cart/cart.server";
import { DEFAULT_SHOP_NAME } from "~/domain/settings/settings";
import type { RootData } from "~/root";
import { ChatbotWidget } from "~/ui/chatbot/chatbot-widget";
import { SiteFooter } from "~/ui/layout/site-footer";
import { SiteHeader } from "~/ui/layout/site-header";
import { WhatsAppButton } from "~/ui/layout/whatsapp-button";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The context carries a cart created by this very request (first add without JavaScript).
  return { cartCount: await getCartItemCount(request, context) };
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>("root");
  const shopName = root?.shop.name ?? DEFAULT_SHOP_NAME;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:p-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader
        shopName={shopName}
        logo={root?.shop.logo ?? null}
        cartCount={loaderData.cartCount}
        user={root?.user ?? null}
      />
      <main id="contenido" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter shopName={shopName} isAdmin={root?.user?.isAdmin ?? false} />
      <ChatbotWidget />
      <WhatsAppButton phone={root?.shop.whatsappPhone ?? ""} />
    </div>
  );
}
