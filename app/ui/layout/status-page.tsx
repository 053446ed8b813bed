import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_SHOP_NAME } from "~/domain/settings/settings";
import type { RootData } from "~/root";
import { Button } from "~/ui/primitives/button";

const texts: Record<number, { title: string; message: string }> = {
  404: {
    title: "Página no encontrada",
    message: "Lo sentimos, la página que buscas no existe o fue movida.",
  },
  403: {
    title: "Acceso denegado",
    message: "No tienes permiso para ver esta página.",
  },
  500: {
    title: "Algo salió mal",
    message:
      "Tuvimos un problema al mostrar esta página. Inténtalo de nuevo en unos minutos; si el problema continúa, escríbenos por WhatsApp.",
  },
};

/**
 * A full page for errors, usable where no layout data is available: the tab shows the
 * shop's own name, or the default one when the root loader itself failed.
 */
export function StatusPage({ status, children }: { status: number; children?: ReactNode }) {
  const text = texts[status] ?? texts[status >= 500 ? 500 : 404]!;
  const shopName = useRouteLoaderData<RootData>("root")?.shop.name ?? DEFAULT_SHOP_NAME;
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${text.title} | ${shopName}`}</title>
      <p className="text-6xl font-bold text-primary-strong">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{text.title}</h1>
      <p className="mt-3 text-muted">{text.message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <a href="/">Volver al inicio</a>
        </Button>
        <Button asChild variant="outline">
          <a href="/productos">Ver productos</a>
        </Button>
      </div>
      {children}
    </main>
  );
}
