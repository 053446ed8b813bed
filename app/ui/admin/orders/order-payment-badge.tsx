import { type PaymentFilter, paymentStateLabels } from "~/domain/orders/order-admin";

const paymentBadgeClasses: Record<PaymentFilter, string> = {
  pagado: "bg-green-100 text-green-900",
  "sin-pagar": "bg-gray-100 text-gray-800",
  comprobante: "bg-amber-100 text-amber-900",
};

/** Where an order's money stands: 'Pagado', 'Sin pagar' or 'Comprobante por revisar'. */
export function OrderPaymentBadge({ state }: { state: PaymentFilter }) {
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${paymentBadgeClasses[state]}`}
    >
      {paymentStateLabels[state]}
    </span>
  );
}
