import type { ReactNode } from "react";

import type { OrderPageComprobante, OrderPageDelivery, OrderPageDocument } from "~/domain/orders/order-page";
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

/** The comprobantes electrónicos issued: 'Descargar comprobante (PDF)' and its XML. */
function Documents({ documents }: { documents: OrderPageDocument[] }) {
  return (
    <div data-testid="order-documents">
      <dt className="text-sm text-muted">Comprobante electrónico</dt>
      {documents.map((document) => (
        <dd key={document.title} className="mt-1 flex flex-col gap-1">
          <span className="font-medium">{document.title}</span>
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <a
              href={document.pdfUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-primary-strong underline"
            >
              Descargar comprobante (PDF)
            </a>
            {document.xmlUrl ? (
              <a
                href={document.xmlUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary-strong underline"
              >
                XML
              </a>
            ) : null}
          </span>
        </dd>
      ))}
    </div>
  );
}

/** How the order reaches the shopper, to whom, and the sales document to issue (and issued). */
export function OrderDetails({
  customerName,
  customerPhone,
  delivery,
  comprobante,
  documents,
}: {
  customerName: string;
  customerPhone: string;
  delivery: OrderPageDelivery | null;
  comprobante: OrderPageComprobante | null;
  documents: OrderPageDocument[];
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
        {documents.length > 0 ? <Documents documents={documents} /> : null}
      </dl>
    </section>
  );
}
