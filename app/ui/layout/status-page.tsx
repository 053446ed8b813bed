import type { ReactNode } from "react";
import { href, isRouteErrorResponse, useRouteLoaderData } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { DEFAULT_SHOP_NAME } from "~/domain/settings/settings";
import { Button } from "~/ui/primitives/button";

/** The part of the root loader's data this page reads (importing `~/root` would be a cycle). */
type RootShopName = { shop: { name: string } };

const texts: Record<number, { title: string; message: string }> = {
  400: {
    title: "Solicitud no válida",
    message: "No pudimos atender esta solicitud. Vuelve a la página anterior e inténtalo de nuevo.",
  },
  403: {
    title: "Acceso denegado",
    message: "No tienes permiso para ver esta página.",
  },
  404: {
    title: "Página no encontrada",
    message: "Lo sentimos, la página que buscas no existe o fue movida.",
  },
  500: {
    title: "Algo salió mal",
    message:
      "Tuvimos un problema al mostrar esta página. Inténtalo de nuevo en unos minutos; si el problema continúa, escríbenos por WhatsApp.",
  },
};

/** The HTTP status a thrown value stands for: a thrown response's own, 500 for anything else. */
export function getErrorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

type StatusMessageProps = {
  status: number;
  /** Replaces the status's usual explanation. */
  message?: string;
  /** The ways out; by default, the shop's home and catalogue. */
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * A failure's Spanish title and explanation, for a layout's error boundary (inside the
 * layout's own <main>). The tab shows the shop's own name, or the default one when the root
 * loader itself failed.
 */
export function StatusMessage({ status, message, actions, children }: StatusMessageProps) {
  const text = texts[status] ?? texts[status >= 500 ? 500 : 400]!;
  const shopName = useRouteLoaderData<RootShopName>("root")?.shop.name ?? DEFAULT_SHOP_NAME;
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${text.title} | ${shopName}`}</title>
      <p className="text-6xl font-bold text-primary-strong">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{text.title}</h1>
      <p className="mt-3 text-muted">{message ?? text.message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Button asChild>
              <a href={href("/")}>Volver al inicio</a>
            </Button>
            <Button asChild variant="outline">
              <a href={buildCatalogPath("products")}>Ver productos</a>
            </Button>
          </>
        )}
      </div>
      {children}
    </section>
  );
}

/** A full page for errors, where no layout is around them (the root's error boundary). */
export function StatusPage(props: StatusMessageProps) {
  return (
    <main className="flex min-h-[70dvh] flex-col justify-center">
      <StatusMessage {...props} />
    </main>
  );
}

/**
 * An unexpected error's stack under the message, in development only: in production the
 * details go to the server log and never to the page.
 */
export function ErrorDetails({ error }: { error: unknown }) {
  if (!import.meta.env.DEV || !(error instanceof Error)) return null;
  return <pre className="mt-6 max-w-3xl overflow-auto rounded bg-gray-100 p-4 text-left text-xs">{error.stack}</pre>;
}
