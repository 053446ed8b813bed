import { receiveNotification } from "~/domain/payments/notifications.server";
import { isOnlineProviderId } from "~/domain/payments/provider";
import { logError } from "~/lib/log.server";

import type { Route } from "./+types/payment-notification";

// `POST /api/pagos/{mercadopago|stripe}`: a payment provider's notification (ADR 038). No
// session or cookie means anything here: the signature is the only proof, and what the
// notification names is read back from the provider before anything changes.

const noStore = { "Cache-Control": "no-store" };

export function loader() {
  return new Response("Solo para las notificaciones del proveedor de pagos.", {
    status: 405,
    headers: { ...noStore, Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  if (!isOnlineProviderId(params.provider)) return new Response(null, { status: 404, headers: noStore });
  const rawBody = await request.text();
  try {
    const answer = await receiveNotification(params.provider, {
      url: new URL(request.url),
      headers: request.headers,
      rawBody,
    });
    if (answer.status === "bad-signature")
      return Response.json({ error: "invalid signature" }, { status: 401, headers: noStore });
    // 200 for an order this shop does not know too: the provider stops retrying (logged).
    return Response.json({ received: true, outcome: answer.outcome }, { headers: noStore });
  } catch (error) {
    // The provider could not be read back: 500, so it sends the notification again later.
    logError("Payment notification could not be handled", error, { provider: params.provider });
    return Response.json({ error: "try again" }, { status: 500, headers: noStore });
  }
}
