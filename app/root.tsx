import type { CSSProperties, ReactNode } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";

import { getSessionUserOrSignedOut } from "~/auth/guards.server";
import { getDisplayName } from "~/auth/rules";
import { SESSION_ERROR_TOAST } from "~/domain/account/auth-errors";
import { buildThemeStyle } from "~/domain/settings/settings";
import { getShopSettings } from "~/domain/settings/settings.server";
import { useNonce } from "~/lib/nonce";
import { pageTags } from "~/lib/page-cache/page-tags";
import { isSharedRender, tagPage } from "~/lib/page-cache/render-context.server";
import { readToast } from "~/lib/toast.server";
import { ErrorDetails, getErrorStatus, StatusPage } from "~/ui/layout/status-page";
import { Toaster, useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/root";
import appCss from "./app.css?url";

export const links: Route.LinksFunction = () => [
  // The only render-blocking file. With a precedence, React emits it before the scripts'
  // modulepreloads, so that it does not wait behind them on a phone's connection.
  { rel: "stylesheet", href: appCss, precedence: "default" },
  // The shop's font (Fredoka) is not preloaded: on a phone's connection a preload
  // shares the bandwidth with the stylesheet and delays the first paint; the stylesheet
  // fetches it at once, and text shows in the system font until it arrives (font-display:
  // swap). Its layout shift is measured in bench/README.md, 'Lighthouse, mobile' (CLS).
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every page shows the shop's name, logo, colours and contact.
  tagPage(context, [pageTags.settings]);
  const [{ user, hasSessionFailed }, settings, flash] = await Promise.all([
    getSessionUserOrSignedOut(request),
    getShopSettings(),
    readToast(request),
  ]);
  // One toast shows at a time: the failure explains why the visitor looks signed out, so
  // it wins over a flashed message (which is cleared all the same).
  const toast = hasSessionFailed ? SESSION_ERROR_TOAST : flash.toast;
  return data(
    {
      /**
       * "later": this is the anonymous page the cache keeps for everyone; the visitor's own
       * parts (name, cart count) are asked for after load (ui/layout/visitor.ts).
       */
      visitorParts: isSharedRender(context) ? ("later" as const) : ("here" as const),
      user: user ? { displayName: getDisplayName(user), isAdmin: user.role === "admin" } : null,
      shop: {
        name: settings.shopName,
        logo: settings.logo,
        whatsappPhone: settings.contactPhone,
        theme: buildThemeStyle(settings),
        primaryColor: settings.primaryColor,
      },
      // A fresh object per response so that the same message twice is shown twice.
      toast: toast ? { ...toast } : null,
    },
    { headers: flash.headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  return (
    <html lang="es-PE" style={root?.shop.theme as CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={root?.shop.primaryColor ?? "#2ea8a8"} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh font-sans antialiased">
        <Toaster>{children}</Toaster>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToastFrom(loaderData.toast);
  return <Outlet />;
}

/**
 * Errors that no layout caught (the root loader's, or a route outside the store and admin
 * layouts): a Spanish page, never a stack trace; the details go to the server log.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusPage status={getErrorStatus(error)}>
      <ErrorDetails error={error} />
    </StatusPage>
  );
}
