import { Link } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { formatMoney } from "~/lib/money";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

export type OrderConfirmationData = {
  code: string;
  totalCents: number;
  paymentMethodName: string;
  lines: { title: string; quantity: number; lineTotalCents: number }[];
  whatsappUrl: string;
};

/** Shown after an order is placed: its code, what it holds, and WhatsApp once more. */
export function OrderConfirmation({
  order,
  isOpeningWhatsApp,
  hasOpenedWhatsApp,
}: {
  order: OrderConfirmationData;
  isOpeningWhatsApp: boolean;
  /** False without JavaScript: then nothing opened WhatsApp yet, the link is the way. */
  hasOpenedWhatsApp: boolean;
}) {
  return (
    <section
      aria-labelledby="order-confirmation-title"
      className="mx-auto flex max-w-xl flex-col gap-4 rounded-2xl border-2 border-primary/40 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-3">
        <Icon name="circle-check" className="size-10 shrink-0 text-primary-strong" aria-hidden />
        <h2 id="order-confirmation-title" className="text-2xl font-bold">
          ¡Pedido registrado!
        </h2>
      </div>
      <p>
        Tu código de pedido es{" "}
        <strong className="text-lg whitespace-nowrap text-primary-strong" data-testid="order-code">
          {order.code}
        </strong>
        . Menciónalo al coordinar el pago y la entrega por WhatsApp.
      </p>
      <ul className="divide-y rounded-xl border text-sm">
        {order.lines.map((line, index) => (
          <li key={`${index}-${line.title}`} className="flex justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              {line.title} <span className="whitespace-nowrap text-muted">× {line.quantity}</span>
            </span>
            <span className="font-semibold whitespace-nowrap">{formatMoney(line.lineTotalCents)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 px-3 py-2 text-base font-bold">
          <span>Total</span>
          <span>{formatMoney(order.totalCents)}</span>
        </li>
      </ul>
      <p className="text-sm text-muted">Método de pago: {order.paymentMethodName}</p>
      <p className="text-sm" role="status">
        {isOpeningWhatsApp
          ? "Abriendo WhatsApp con el detalle de tu pedido…"
          : "Envía el detalle de tu pedido por WhatsApp para coordinar el pago:"}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="whatsapp" size="lgWrap">
          <a href={order.whatsappUrl} rel="noopener noreferrer">
            <Icon name="message-circle" aria-hidden />{" "}
            {hasOpenedWhatsApp ? "Abrir WhatsApp de nuevo" : "Abrir WhatsApp"}
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={buildCatalogPath("products")}>Seguir comprando</Link>
        </Button>
      </div>
    </section>
  );
}
