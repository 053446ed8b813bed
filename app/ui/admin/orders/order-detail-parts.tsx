import type { ReactNode } from "react";
import { href } from "react-router";

import type { AdminOrder } from "~/domain/orders/order-admin.server";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

// The detail's other cards: the lines with the delivery fee and the total, the customer, how
// the order reaches them and the sales document to issue.

function TotalRow({ label, cents, testId }: { label: string; cents: number; testId?: string }) {
  return (
    <tr>
      <th scope="row" colSpan={2} className="py-1 pr-3 text-right font-semibold sm:hidden">
        {label}
      </th>
      <th scope="row" colSpan={3} className="hidden py-1 pr-3 text-right font-semibold sm:table-cell">
        {label}
      </th>
      <td className="py-1 pl-3 text-right whitespace-nowrap" data-testid={testId}>
        {formatMoney(cents)}
      </td>
    </tr>
  );
}

export function OrderLines({ order }: { order: AdminOrder }) {
  const hasDelivery = order.fulfillment?.kind === "delivery";
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Productos del pedido</caption>
        <thead className="border-b text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Producto
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Cantidad
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
              Precio unitario
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-3">
                {line.productId ? (
                  <Link
                    to={href("/admin/productos/editar/:productId", { productId: String(line.productId) })}
                    className="hover:underline"
                  >
                    {line.title}
                  </Link>
                ) : (
                  line.title
                )}
                {/* On a phone the unit price column is folded under the title. */}
                <span className="block text-xs text-muted sm:hidden">{formatMoney(line.unitPriceCents)} c/u</span>
              </td>
              <td className="px-3 py-2 text-right">{line.quantity}</td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap sm:table-cell">
                {formatMoney(line.unitPriceCents)}
              </td>
              <td className="py-2 pl-3 text-right whitespace-nowrap">{formatMoney(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2">
          {hasDelivery || order.discounts.length > 0 ? (
            <TotalRow label="Subtotal" cents={order.subtotalCents} testId="order-subtotal" />
          ) : null}
          {order.discounts.map((discount) => (
            <TotalRow key={discount.label} label={discount.label} cents={-discount.amountCents} />
          ))}
          {hasDelivery ? <TotalRow label="Costo de envío" cents={order.deliveryFeeCents} testId="order-fee" /> : null}
          <tr className="text-base">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-bold sm:hidden">
              Total
            </th>
            <th scope="row" colSpan={3} className="hidden py-2 pr-3 text-right font-bold sm:table-cell">
              Total
            </th>
            <td className="py-2 pl-3 text-right font-bold whitespace-nowrap" data-testid="order-total">
              {formatMoney(order.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

export function CustomerCard({ order }: { order: AdminOrder }) {
  return (
    <AdminCard title="Cliente">
      <dl className="flex flex-col gap-3 text-sm">
        <Detail term="Nombre">{order.customerName || "Sin nombre"}</Detail>
        {order.customerEmail ? (
          <Detail term="Correo">
            <a
              href={`mailto:${order.customerEmail}`}
              className="inline-flex items-center gap-1 break-all text-primary-strong hover:underline"
            >
              <AdminIcon name="mail" className="size-4 shrink-0" /> {order.customerEmail}
            </a>
          </Detail>
        ) : null}
        {order.customerPhone ? (
          <Detail term="Celular">
            <span className="inline-flex items-center gap-1">
              <AdminIcon name="phone" className="size-4" /> {order.customerPhone}
            </span>
          </Detail>
        ) : null}
        {order.whatsappUrl ? (
          <Button asChild variant="outline" className="mt-1">
            <a href={order.whatsappUrl} target="_blank" rel="noopener noreferrer">
              <AdminIcon name="message-circle" /> Responder por WhatsApp
            </a>
          </Button>
        ) : null}
      </dl>
    </AdminCard>
  );
}

const documentTypeNames = { dni: "DNI", ce: "CE", ruc: "RUC" } as const;

function FulfillmentDetails({ order }: { order: AdminOrder }) {
  const { fulfillment } = order;
  if (fulfillment?.kind === "delivery") {
    return (
      <>
        <Detail term="Entrega">Delivery a {fulfillment.district}</Detail>
        <Detail term="Dirección">{fulfillment.address || "—"}</Detail>
        {fulfillment.reference ? <Detail term="Referencia">{fulfillment.reference}</Detail> : null}
        <Detail term="Costo de envío">{fulfillment.feeCents > 0 ? formatMoney(fulfillment.feeCents) : "Gratis"}</Detail>
      </>
    );
  }
  if (fulfillment?.kind === "pickup") return <Detail term="Entrega">Recojo en tienda</Detail>;
  // An order from before the choice: the address the shopper may have written.
  return (
    <Detail term="Entrega">
      {order.customerAddress || <span className="text-muted">Por coordinar con el cliente.</span>}
    </Detail>
  );
}

function ComprobanteDetails({ comprobante }: { comprobante: AdminOrder["comprobante"] }) {
  if (!comprobante) return null;
  const document = comprobante.documentType
    ? `${documentTypeNames[comprobante.documentType]} ${comprobante.documentNumber}`
    : "Sin documento";
  if (comprobante.kind === "factura") {
    return (
      <>
        <Detail term="Comprobante">Factura · {document}</Detail>
        <Detail term="Razón social">{comprobante.businessName}</Detail>
        <Detail term="Dirección fiscal">{comprobante.fiscalAddress}</Detail>
      </>
    );
  }
  return <Detail term="Comprobante">Boleta · {document}</Detail>;
}

export function DeliveryCard({ order }: { order: AdminOrder }) {
  return (
    <AdminCard title="Entrega y comprobante">
      <dl className="flex flex-col gap-3 text-sm">
        <FulfillmentDetails order={order} />
        <ComprobanteDetails comprobante={order.comprobante} />
      </dl>
    </AdminCard>
  );
}
