import { data, redirect } from "react-router";

import { orderPagePath } from "~/domain/orders/order-link";
import { findAccessibleOrder } from "~/domain/orders/order-page.server";
import { startOnlinePayment, switchToManualMethod } from "~/domain/payments/online-payment.server";
import { paymentStartFailedToast } from "~/domain/payments/payment-texts";
import { readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";

import type { Route } from "./+types/order-pay";

// `POST /pedido/{code}/pagar`: the order page's 'Pagar ahora' / 'Intentar de nuevo' (a new
// attempt at the provider, ADR 038) and 'Elegir otro método' (a manual method instead), for
// whoever may see the order (the same rule as its page); a 404 for anyone else.

const notFound = () => data(null, { status: 404 });

export function loader({ params }: Route.LoaderArgs) {
  // A reload of this address after a refused post: back to the order's page.
  return redirect(orderPagePath(params.code));
}

export async function action({ request, params }: Route.ActionArgs) {
  const access = await findAccessibleOrder(request, params.code);
  if (!access) throw notFound();
  const form = readFormValues(await request.formData());
  const back = orderPagePath(access.code, access.linkToken);
  if (form.intent === "other-method") {
    const switched = await switchToManualMethod(access.id, form.paymentMethodId ?? "");
    return redirectWithToast(
      back,
      switched.status === "switched"
        ? { title: "Método de pago cambiado", description: `Ahora pagas con ${switched.methodName}. Aquí ves cómo.` }
        : {
            title: "Error",
            description: "No pudimos cambiar el método de pago. Elige uno de la lista.",
            variant: "destructive",
          },
    );
  }
  const started = await startOnlinePayment(access.id);
  if (started.status === "redirect") return redirect(started.url);
  if (started.status === "not-payable" && started.reason === "too-many") {
    return redirectWithToast(back, {
      title: "Error",
      description: "Hiciste muchos intentos de pago en la última hora. Espera un momento o elige otro método.",
      variant: "destructive",
    });
  }
  return redirectWithToast(
    back,
    paymentStartFailedToast(started.status === "provider-failed" ? started.providerName : null),
  );
}
