import { Form, href } from "react-router";

import type { AdminOrder } from "~/domain/orders/order-admin.server";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Field } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Link } from "~/ui/primitives/link";

// The detail's 'Comprobante electrónico' card (issue 46): each document issued for the order
// (status, SUNAT's words, its PDF, XML and CDR) and the owner's button: 'Emitir comprobante',
// 'Reintentar envío' or, after a refusal, 'Emitir de nuevo' with the buyer's data to correct.
// Plain forms: they work before the page's scripts arrive.

type OrderDocument = AdminOrder["documents"][number];

const STATUS_STYLES: Record<OrderDocument["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-950",
  sent: "border-sky-300 bg-sky-50 text-sky-950",
  accepted: "border-green-300 bg-green-50 text-green-950",
  rejected: "border-red-300 bg-red-50 text-red-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

function DocumentLinks({ document }: { document: OrderDocument }) {
  const links = [
    ["PDF", document.pdfUrl],
    ["XML", document.xmlUrl],
    ["CDR", document.cdrUrl],
  ].filter(([, url]) => url);
  if (links.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-3 text-xs">
      {links.map(([label, url]) => (
        <a
          key={label}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-primary-strong hover:underline"
        >
          <AdminIcon name="external-link" className="size-3.5" /> {label}
        </a>
      ))}
    </p>
  );
}

function DocumentItem({ document }: { document: OrderDocument }) {
  return (
    <li className={`rounded-lg border p-3 ${STATUS_STYLES[document.status]}`}>
      <p className="font-semibold">{document.title}</p>
      {document.reason ? <p className="text-xs">{document.reason}</p> : null}
      <p>
        {`${document.statusLabel} · ${document.date} · ${formatMoney(document.totalCents)} (IGV ${formatMoney(document.igvCents)})`}
      </p>
      {document.problem ? <p className="mt-1 text-xs font-medium">{document.problem}</p> : null}
      {document.status === "pending" ? (
        <p className="mt-1 text-xs">Lo reintentaremos automáticamente; no se emitirá dos veces.</p>
      ) : null}
      <DocumentLinks document={document} />
    </li>
  );
}

/** The buyer's data, to fix what SUNAT or the PSE refused, or the DNI a large boleta needs. */
function BuyerFields({ order, form }: { order: AdminOrder; form: FormFields }) {
  const kind = order.comprobante?.kind ?? "boleta";
  return (
    <>
      <input type="hidden" name="corrige" value="on" />
      <input type="hidden" name="comprobante" value={kind} />
      {kind === "factura" ? (
        <>
          <Field label="RUC" field={form.field("ruc")} inputProps={{ inputMode: "numeric", maxLength: 11 }} />
          <Field label="Razón social" field={form.field("razonSocial")} inputProps={{ maxLength: 200 }} />
          <Field label="Dirección fiscal" field={form.field("direccionFiscal")} inputProps={{ maxLength: 300 }} />
        </>
      ) : (
        <Field
          label="DNI o carné de extranjería del comprador"
          field={form.field("documento")}
          inputProps={{ maxLength: 12, autoComplete: "off" }}
        />
      )}
    </>
  );
}

function IssueForm({ order, form }: { order: AdminOrder; form: FormFields }) {
  const documents = order.documents.filter((document) => document.kind !== "nota_credito");
  const open = documents.find((document) => ["pending", "sent", "error"].includes(document.status));
  const stands = documents.some((document) => document.status !== "rejected");
  const isRefused = documents.some((document) => document.status === "rejected" || document.status === "error");
  if (stands && !open) return null;
  if (open?.status === "sent") return null;
  const label = open
    ? open.status === "error"
      ? "Corregir y enviar de nuevo"
      : "Reintentar envío"
    : isRefused
      ? "Emitir de nuevo"
      : "Emitir comprobante";
  const isAskingBuyer =
    isRefused || (!stands && order.invoicing.needsBuyerDocument) || Boolean(form.error("documento"));
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-3" aria-label="Comprobante electrónico">
      {isAskingBuyer ? <BuyerFields order={order} form={form} /> : null}
      {form.error("form") ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {form.error("form")}
        </p>
      ) : null}
      <SubmitButton intent="invoice" pendingLabel="Enviando a Nubefact…" variant="outline" className="w-fit">
        <AdminIcon name="file-text" /> {label}
      </SubmitButton>
    </Form>
  );
}

export function OrderDocumentCard({ order, form }: { order: AdminOrder; form: FormFields }) {
  const isPaid = order.payment !== null && order.status !== "cancelado";
  if (!order.invoicing.isConfigured && order.documents.length === 0) {
    return (
      <AdminCard title="Comprobante electrónico">
        <p className="text-sm text-muted">
          Sin PSE configurado: la tienda no emite comprobantes electrónicos.{" "}
          <Link to={href("/admin/configuracion/comprobantes")} className="text-primary-strong hover:underline">
            Configurar Nubefact
          </Link>
        </p>
      </AdminCard>
    );
  }
  return (
    <AdminCard title="Comprobante electrónico">
      <div className="flex flex-col gap-3 text-sm" data-testid="order-documents">
        {order.documents.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {order.documents.map((document) => (
              <DocumentItem key={document.id} document={document} />
            ))}
          </ul>
        ) : (
          <p className="text-muted">{isPaid ? "Aún sin comprobante." : "Se emite cuando el pedido esté pagado."}</p>
        )}
        {isPaid && order.invoicing.isConfigured ? <IssueForm order={order} form={form} /> : null}
      </div>
    </AdminCard>
  );
}
