import { data, Form, href, useNavigation } from "react-router";

import { STOCK_ALERT_CONFIRMED_MESSAGE } from "~/domain/catalog/stock-alerts";
import { confirmStockAlert, readStockAlertLink } from "~/domain/catalog/stock-alerts.server";
import { pageTitle } from "~/domain/content/seo";
import type { ToastMessage } from "~/lib/toast";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/stock-alert-confirm";

// Where the e-mail 'Confirma tu aviso de stock' leads (issue 41). Opening the link only shows a
// button: mail filters open every link of a message to scan it, and such a visit must not
// confirm an alert a stranger asked for in someone else's name.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Aviso de Stock", matches) },
  { name: "robots", content: "noindex" },
];

function readToken(request: Request): string {
  return new URL(request.url).searchParams.get("t") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  return { alert: await readStockAlertLink(readToken(request)) };
}

// Answered in place rather than redirected: a presentación already back in stock ends the
// subscription with its e-mail right away, and the page must still say it was confirmed.
export async function action({ request }: Route.ActionArgs) {
  const alert = await confirmStockAlert(readToken(request));
  if (!alert) return data({ alert, toast: undefined }, { status: 404 });
  const toast: ToastMessage = { title: "Aviso Confirmado", description: STOCK_ALERT_CONFIRMED_MESSAGE };
  return { alert, toast };
}

export default function StockAlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const isSending = useNavigation().state === "submitting";
  const alert = actionData ? actionData.alert : loaderData.alert;

  if (!alert) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Enlace no válido</h1>
        <p className="mt-3 text-muted">
          El enlace no es válido o ya venció. Si aún quieres el aviso, pídelo de nuevo en la página del producto.
        </p>
        <Button asChild className="mt-6">
          <Link to={href("/productos/:familySlug?/:categorySlug?/:subcategorySlug?")}>Ver productos</Link>
        </Button>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="aviso-stock"
      className="mx-auto my-10 max-w-md rounded-2xl bg-white p-6 text-center shadow-sm sm:p-10"
    >
      <Icon name="bell" className="mx-auto size-12 text-primary-strong" aria-hidden />
      <h1 id="aviso-stock" className="mt-3 text-2xl font-bold">
        {alert.isConfirmed ? "Aviso confirmado" : "Confirma tu aviso de stock"}
      </h1>
      <p className="mt-3 font-semibold">{alert.product}</p>
      {alert.isConfirmed ? (
        <p className="mt-3 rounded-xl bg-green-50 p-3 font-semibold text-green-800" role="status">
          {STOCK_ALERT_CONFIRMED_MESSAGE}
        </p>
      ) : (
        <>
          <p className="mt-3 text-muted">Te escribiremos una sola vez, cuando vuelva a haber stock.</p>
          <Form method="post" className="mt-6">
            <Button type="submit" disabled={isSending}>
              <Icon name="bell" aria-hidden /> {isSending ? "Confirmando…" : "Confirmar el aviso"}
            </Button>
          </Form>
        </>
      )}
      <Button asChild variant="outline" className="mt-6">
        <Link to={alert.productPath}>Ver el producto</Link>
      </Button>
    </section>
  );
}
