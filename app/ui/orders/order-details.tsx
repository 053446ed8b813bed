import type { ReactNode } from "react";

import type { OrderPageComprobante, OrderPageDelivery } from "~/domain/orders/order-page";
import { Icon } from "~/ui/icons/icon";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

function DeliveryDetails({ delivery }: { delivery: OrderPageDelivery }) {
  if (delivery.kind === "pickup") {
    return (
      <>
        <Detail term="Entrega">
          <span className="inline-flex items-center gap-2 font-semibold">
            <Icon name="shopping-bag" className="size-5 text-primary-strong" aria-hidden /> Recojo en tienda
          </span>
        </Detail>
        {delivery.address ? <Detail term="Dirección de la tienda">{delivery.address}</Detail> : null}
        {delivery.hours ? <Detail term="Horario de atención">{delivery.hours}</Detail> : null}
      </>
    );
  }
  return (
    <>
      <Detail term="Entrega">
        <span className="inline-flex items-center gap-2 font-semibold">
          <Icon name="truck" className="size-5 text-primary-strong" aria-hidden /> Delivery
        </span>
      </Detail>
      <Detail term="Distrito">{delivery.district}</Detail>
      <Detail term="Dirección">{delivery.address}</Detail>
      {delivery.reference ? <Detail term="Referencia">{delivery.reference}</Detail> : null}
    </>
  );
}

function ComprobanteDetails({ comprobante }: { comprobante: OrderPageComprobante }) {
  if (comprobante.kind === "boleta") {
    return <Detail term="Comprobante">{comprobante.document ? `Boleta · ${comprobante.document}` : "Boleta"}</Detail>;
  }
  return (
    <>
      <Detail term="Comprobante">Factura · RUC {comprobante.ruc}</Detail>
      <Detail term="Razón social">{comprobante.businessName}</Detail>
      <Detail term="Dirección fiscal">{comprobante.fiscalAddress}</Detail>
    </>
  );
}

/** How the order reaches the shopper, to whom, and the sales document to issue. */
export function OrderDetails({
  customerName,
  customerPhone,
  delivery,
  comprobante,
}: {
  customerName: string;
  customerPhone: string;
  delivery: OrderPageDelivery | null;
  comprobante: OrderPageComprobante | null;
}) {
  return (
    <section aria-labelledby="order-details-title" className="rounded-2xl border bg-white p-5 shadow-sm sm:p-6">
      <h2 id="order-details-title" className="text-xl font-bold">
        Entrega y comprobante
      </h2>
      <dl className="mt-3 flex flex-col gap-3">
        {customerName ? <Detail term="A nombre de">{customerName}</Detail> : null}
        {customerPhone ? <Detail term="Celular">{customerPhone}</Detail> : null}
        {delivery ? <DeliveryDetails delivery={delivery} /> : null}
        {comprobante ? <ComprobanteDetails comprobante={comprobante} /> : null}
      </dl>
    </section>
  );
}
