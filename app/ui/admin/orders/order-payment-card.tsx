import { Form } from "react-router";

import { describePaymentDifference } from "~/domain/orders/order-admin";
import type { AdminOrder } from "~/domain/orders/order-admin.server";
import { OPERATION_MAX_LENGTH } from "~/domain/orders/order-admin-forms";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Field } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

import { OnlinePayments, type RefusedPaymentForm } from "./online-payments-list";
import { OrderPaymentBadge } from "./order-payment-badge";
import { MARK_PAID_FORM_ID } from "./order-status-card";

// The detail's 'Pago' card: the method the shopper chose, the receipt they uploaded, the
// payment recorded — or the 'Marcar como pagado' form while there is none — and the payments
// a provider approved (online-payments-list.tsx).

function ShopperReceipt({ order, receipt }: { order: AdminOrder; receipt: NonNullable<AdminOrder["receipt"]> }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3" data-testid="order-receipt">
      <p className="font-semibold">Comprobante del cliente</p>
      {receipt.imageUrl ? (
        <a
          href={receipt.imageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="group inline-flex flex-col gap-1 text-primary-strong"
        >
          <img
            src={receipt.imageUrl}
            alt={`Comprobante de pago del pedido ${order.code}`}
            className="max-h-64 w-fit rounded-md border object-contain"
            loading="lazy"
          />
          <span className="inline-flex items-center gap-1 text-xs group-hover:underline">
            <AdminIcon name="external-link" className="size-3.5" /> Ver en tamaño completo
          </span>
        </a>
      ) : null}
      {receipt.operation ? <p>N.º de operación: {receipt.operation}</p> : null}
      <p className="text-xs text-muted">Enviado el {receipt.date}</p>
    </div>
  );
}

function PaymentRecorded({ order, payment }: { order: AdminOrder; payment: NonNullable<AdminOrder["payment"]> }) {
  const difference = describePaymentDifference(payment.amountCents, order.totalCents);
  const parts = [
    `Pagado el ${payment.date}`,
    payment.methodName,
    formatMoney(payment.amountCents),
    payment.operation ? `Op. ${payment.operation}` : null,
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-1" data-testid="order-payment">
      <p className="font-medium">{parts.join(" · ")}</p>
      {difference ? (
        <p className="font-semibold text-red-800" data-testid="payment-difference">
          {difference} (total del pedido: {formatMoney(order.totalCents)})
        </p>
      ) : null}
      {payment.paidBy ? <p className="text-xs text-muted">Registrado por {payment.paidBy}</p> : null}
    </div>
  );
}

function MarkPaidForm({ order, form }: { order: AdminOrder; form: FormFields }) {
  const listId = `${MARK_PAID_FORM_ID}-metodos`;
  return (
    <Form
      method="post"
      preventScrollReset
      id={MARK_PAID_FORM_ID}
      aria-label="Marcar como pagado"
      className="flex flex-col gap-3 rounded-lg border p-3"
    >
      <p className="font-semibold">Marcar como pagado</p>
      <input type="hidden" name="from" value={order.status} />
      <Field
        label="Método de pago"
        field={form.field("paidMethodName")}
        inputProps={{ list: listId, maxLength: 60, required: true, autoComplete: "off" }}
      />
      <datalist id={listId}>
        {order.paymentMethodNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field
        label="Monto recibido (S/)"
        field={form.field("paidAmount")}
        inputProps={{ type: "number", inputMode: "decimal", step: "0.01", min: "0.01", required: true }}
      />
      <Field
        label="Número de operación (opcional)"
        field={form.field("paidOperation")}
        inputProps={{ maxLength: OPERATION_MAX_LENGTH, autoComplete: "off" }}
      />
      <SubmitButton intent="paid" pendingLabel="Registrando…">
        <AdminIcon name="banknote" /> Marcar como pagado
      </SubmitButton>
    </Form>
  );
}

export function OrderPaymentCard({
  order,
  form,
  refusedPaymentForm,
}: {
  order: AdminOrder;
  form: FormFields;
  refusedPaymentForm: RefusedPaymentForm | null;
}) {
  return (
    <AdminCard title="Pago">
      <div className="flex flex-col gap-4 text-sm">
        <dl className="flex flex-col gap-3">
          <div>
            <dt className="font-semibold">Método elegido por el cliente</dt>
            <dd>{order.paymentMethodName}</dd>
          </div>
          {order.paymentState ? (
            <div>
              <dt className="font-semibold">Estado del pago</dt>
              <dd>
                <OrderPaymentBadge state={order.paymentState} />
              </dd>
            </div>
          ) : null}
        </dl>
        {order.payment ? <PaymentRecorded order={order} payment={order.payment} /> : null}
        {order.onlinePayments.length > 0 ? (
          <OnlinePayments payments={order.onlinePayments} refused={refusedPaymentForm} />
        ) : null}
        {order.receipt ? <ShopperReceipt order={order} receipt={order.receipt} /> : null}
        {!order.payment && order.status !== "cancelado" ? <MarkPaidForm order={order} form={form} /> : null}
        <div>
          <p className="font-semibold">Nota</p>
          <p className="whitespace-pre-line">{order.note || <span className="text-muted">Sin nota.</span>}</p>
        </div>
      </div>
    </AdminCard>
  );
}
