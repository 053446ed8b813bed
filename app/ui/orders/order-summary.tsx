import { formatAmountOff } from "~/domain/discounts/discount-rules";
import type { OrderPageDelivery, OrderPageLine } from "~/domain/orders/order-page";
import { formatMoney } from "~/lib/money";

/** The order's lines, subtotal, delivery fee (or store pickup) and total. */
export function OrderSummary({
  lines,
  subtotalCents,
  discounts,
  deliveryFeeCents,
  totalCents,
  delivery,
}: {
  lines: OrderPageLine[];
  subtotalCents: number;
  discounts: { label: string; amountCents: number }[];
  deliveryFeeCents: number;
  totalCents: number;
  delivery: OrderPageDelivery | null;
}) {
  return (
    <section aria-labelledby="order-lines-title" className="rounded-2xl border bg-white p-5 shadow-sm sm:p-6">
      <h2 id="order-lines-title" className="text-xl font-bold">
        Productos
      </h2>
      <ul className="mt-3 divide-y">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words">
              {line.title} <span className="whitespace-nowrap text-muted">× {line.quantity}</span>
            </span>
            <span className="font-semibold whitespace-nowrap">{formatMoney(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 flex flex-col gap-1 border-t pt-3">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Subtotal</dt>
          <dd className="whitespace-nowrap">{formatMoney(subtotalCents)}</dd>
        </div>
        {discounts.map((discount) => (
          <div key={discount.label} className="flex justify-between gap-3 text-primary-strong">
            <dt>{discount.label}</dt>
            <dd className="whitespace-nowrap">{formatAmountOff(discount.amountCents)}</dd>
          </div>
        ))}
        {delivery?.kind === "pickup" ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Recojo en tienda</dt>
            <dd className="whitespace-nowrap">Sin costo</dd>
          </div>
        ) : delivery?.kind === "delivery" ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Costo de envío</dt>
            <dd className="whitespace-nowrap">{deliveryFeeCents === 0 ? "Gratis" : formatMoney(deliveryFeeCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 text-lg font-bold">
          <dt>Total</dt>
          <dd className="whitespace-nowrap text-primary-strong" data-testid="order-total">
            {formatMoney(totalCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
