import type { OrderPageOnlinePayment } from "~/domain/orders/order-page";
import {
  OTHER_METHOD_LABEL,
  PAY_NOW_LABEL,
  paymentStateTexts,
  REFUND_DELAY_NOTE,
  RETRY_PAYMENT_LABEL,
} from "~/domain/payments/payment-texts";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

// The order page's online payment (ADR 038): what the provider said, and while the order
// waits, 'Pagar ahora' / 'Intentar de nuevo' and 'Elegir otro método'. Plain forms: they post
// and the browser follows the provider's page, before the page's scripts arrive or after.

const STATE_STYLES = {
  approved: "bg-green-50 text-green-900",
  pending: "bg-amber-50 text-amber-900",
  failed: "bg-red-50 text-red-900",
} as const;

function StateNote({ online, paidAt }: { online: OrderPageOnlinePayment; paidAt: string | null }) {
  const { state } = online;
  if (state === "none" || (state === "open" && online.canPay)) {
    return online.canPay ? (
      <p className="text-sm">
        Paga con tarjeta{online.providerName === "Mercado Pago" ? " o Yape" : ""} en la página segura de{" "}
        {online.providerName}. Tu pedido queda confirmado en cuanto se apruebe el pago.
      </p>
    ) : null;
  }
  const style =
    state === "approved" ? STATE_STYLES.approved : state === "failed" ? STATE_STYLES.failed : STATE_STYLES.pending;
  return (
    <div role="status" className={cn("rounded-xl p-3", style)} data-testid="online-payment-state">
      <p className="flex gap-2 font-semibold">
        <Icon
          name={state === "approved" ? "circle-check-big" : state === "failed" ? "triangle-alert" : "clock"}
          className="mt-0.5 size-5 shrink-0"
          aria-hidden
        />
        {paymentStateTexts[state]}
        {state === "approved" && paidAt ? ` el ${paidAt}` : null}
        {state === "approved" && online.methodLabel ? ` · ${online.methodLabel}` : null}
      </p>
      {state === "pending" || state === "open" ? (
        <p className="mt-1 text-sm">
          {online.providerName} aún está procesando tu pago. Te avisaremos por correo en cuanto se confirme.
        </p>
      ) : null}
      {state === "failed" ? (
        <p className="mt-1 text-sm">No se realizó ningún cobro. Puedes intentarlo de nuevo o elegir otro método.</p>
      ) : null}
    </div>
  );
}

/** What the shop gave back through the provider. */
function Refunds({ refunds }: { refunds: OrderPageOnlinePayment["refunds"] }) {
  return (
    <div className="rounded-xl bg-sky-50 p-3 text-sky-950" data-testid="order-refunds">
      <p className="flex gap-2 font-semibold">
        <Icon name="rotate-ccw" className="mt-0.5 size-5 shrink-0" aria-hidden /> Reembolso
      </p>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {refunds.map((refund) => (
          <li key={`${refund.date}-${refund.sentence}`}>
            {refund.sentence} <span className="text-xs">({refund.date})</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs">{REFUND_DELAY_NOTE}</p>
    </div>
  );
}

export function OnlinePayment({ online, paidAt }: { online: OrderPageOnlinePayment; paidAt: string | null }) {
  return (
    <div className="flex flex-col gap-3" data-testid="online-payment">
      <StateNote online={online} paidAt={paidAt} />
      {online.refunds.length > 0 ? <Refunds refunds={online.refunds} /> : null}
      {online.canPay ? (
        <form method="post" action={online.payPath}>
          <Button type="submit" name="intent" value="pay" size="lgWrap" className="w-full sm:w-auto">
            <Icon name="shield-check" aria-hidden /> {online.state === "failed" ? RETRY_PAYMENT_LABEL : PAY_NOW_LABEL}
          </Button>
        </form>
      ) : null}
      {online.canPay && online.otherMethods.length > 0 ? (
        <form method="post" action={online.payPath} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-semibold">
            Otro método de pago
            <select
              name="paymentMethodId"
              className="h-10 rounded-xl border bg-white px-3 font-normal"
              defaultValue={online.otherMethods[0]!.id}
            >
              {online.otherMethods.map((method) => (
                <option key={method.id} value={method.id}>
                  {method.name}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" name="intent" value="other-method" variant="outline">
            {OTHER_METHOD_LABEL}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
