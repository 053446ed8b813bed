import { data } from "react-router";

import { orderStatusBadgeClasses } from "~/domain/account/order-status";
import { pageTitle } from "~/domain/content/seo";
import { orderPagePath } from "~/domain/orders/order-link";
import { EXPIRED_ORDER_LABEL, RECEIPT_MESSAGES, type ReceiptField } from "~/domain/orders/order-page";
import { findAccessibleOrder, loadOrderPage } from "~/domain/orders/order-page.server";
import { readReceiptForm, savePaymentReceipt } from "~/domain/orders/payment-receipt.server";
import { confirmReturn } from "~/domain/payments/online-payment.server";
import { PAYMENT_RETURN_PARAM } from "~/domain/payments/payment-texts";
import { getClientIp } from "~/lib/client-ip.server";
import { cn } from "~/lib/cn";
import { formFailure } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import { rateRules, takeSubmission, TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { Icon } from "~/ui/icons/icon";
import { OnlinePayment } from "~/ui/orders/online-payment";
import { OrderDetails } from "~/ui/orders/order-details";
import { OrderPayment } from "~/ui/orders/order-payment";
import { OrderSummary } from "~/ui/orders/order-summary";
import { OrderTimeline } from "~/ui/orders/order-timeline";
import { PaymentReceiptForm } from "~/ui/orders/payment-receipt-form";
import { useOpenWhatsAppOnce } from "~/ui/orders/use-open-whatsapp-once";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/order-page";

// /pedido/{code}: the shopper's own order (order-page.server.ts says who may open it; anyone
// else gets the 404 of an unknown address). Checkout lands here, with '?abrir=1' when the
// shopper chose to send the order by WhatsApp.

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(data?.order ? `Pedido ${data.order.code}` : "Página no encontrada", matches) },
  { name: "robots", content: "noindex" },
];

/** Personal data behind a secret link: never kept by a browser's or a proxy's cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const notFound = () => data(null, { status: 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await findAccessibleOrder(request, params.code);
  const url = new URL(request.url);
  if (access && url.searchParams.has(PAYMENT_RETURN_PARAM)) {
    // Back from the provider: what the address names is read from the provider itself
    // (a forged '?status=approved' proves nothing), before the page is read.
    await confirmReturn(access.code, url.searchParams.get("payment_id") ?? url.searchParams.get("session_id"));
  }
  const order = access ? await loadOrderPage(access) : null;
  if (!order) throw notFound();
  return { order };
}

function refuseReceipt(errors: Partial<Record<ReceiptField, string>>, values: FormValues, status: number) {
  return formFailure(errors, values, { title: "No pudimos recibir tu comprobante" }, status);
}

/** 'Subir comprobante de pago' (payment-receipt.server.ts), for whoever may see the order. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await findAccessibleOrder(request, params.code);
  if (!access) throw notFound();
  const reading = await readReceiptForm(request);
  if (!reading.ok) return refuseReceipt(reading.errors, reading.values, reading.status);
  if (!(await takeSubmission(`receipt:ip:${getClientIp(context)}`, rateRules.receiptUploadsPerIp))) {
    return refuseReceipt({ image: TOO_MANY_SUBMISSIONS_MESSAGE }, reading.values, 429);
  }
  const outcome = await savePaymentReceipt(access.id, reading.submission);
  switch (outcome.status) {
    case "received":
      return redirectWithToast(orderPagePath(access.code, access.linkToken), {
        title: "Comprobante enviado",
        description: RECEIPT_MESSAGES.received,
      });
    case "refused":
      return refuseReceipt({ image: outcome.message }, reading.values, 409);
    case "invalid-image":
      return refuseReceipt({ image: outcome.message }, reading.values, outcome.httpStatus);
    default:
      throw notFound();
  }
}

function WhatsAppButton({ url, isOpening, isPaid }: { url: string; isOpening: boolean; isPaid: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <Button asChild variant="whatsapp" size="lgWrap">
        <a href={url} rel="noopener noreferrer">
          <Icon name="message-circle" aria-hidden /> Enviar Pedido por WhatsApp
        </a>
      </Button>
      <p className="text-sm text-muted" role="status">
        {isOpening
          ? "Abriendo WhatsApp con el detalle de tu pedido…"
          : isPaid
            ? "Envíanos el detalle por WhatsApp para coordinar la entrega."
            : "Envíanos el detalle por WhatsApp para coordinar el pago y la entrega."}
      </p>
    </div>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  useToastFrom(actionData?.toast);
  const isOpeningWhatsApp = useOpenWhatsAppOnce(order.whatsappUrl);
  const isExpired = order.timeline.some((entry) => entry.label === EXPIRED_ORDER_LABEL);
  const refusal = !order.payment.canUploadReceipt && actionData?.errors ? Object.values(actionData.errors)[0] : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Pedido {order.code}</h1>
        <span
          className={cn("rounded-full px-3 py-1 text-sm font-semibold", orderStatusBadgeClasses[order.status])}
          data-testid="order-status"
        >
          {isExpired ? EXPIRED_ORDER_LABEL : order.statusLabel}
        </span>
      </div>
      <p className="mt-1 text-muted">Realizado el {order.placedAt}</p>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {refusal}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <div className="flex flex-col gap-6">
          <OrderSummary
            lines={order.lines}
            subtotalCents={order.subtotalCents}
            discounts={order.discounts}
            deliveryFeeCents={order.deliveryFeeCents}
            totalCents={order.totalCents}
            delivery={order.delivery}
          />
          <OrderPayment payment={order.payment}>
            {order.payment.online ? (
              <OnlinePayment online={order.payment.online} paidAt={order.payment.paidAt} />
            ) : null}
            {order.payment.canUploadReceipt ? (
              <PaymentReceiptForm
                key={order.payment.receipt?.uploadedAtIso ?? "first"}
                action={order.pagePath}
                state={actionData ?? null}
                hasSentBefore={order.payment.receipt !== null}
              />
            ) : null}
          </OrderPayment>
        </div>
        <div className="flex flex-col gap-6">
          {order.whatsappUrl ? (
            <WhatsAppButton
              url={order.whatsappUrl}
              isOpening={isOpeningWhatsApp}
              isPaid={order.payment.paidAt !== null}
            />
          ) : null}
          <OrderTimeline entries={order.timeline} />
          <OrderDetails
            customerName={order.customerName}
            customerPhone={order.customerPhone}
            delivery={order.delivery}
            comprobante={order.comprobante}
            documents={order.documents}
          />
        </div>
      </div>
    </div>
  );
}
