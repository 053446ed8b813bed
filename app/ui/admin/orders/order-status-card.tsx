import { Form } from "react-router";

import { orderStatusLabels } from "~/domain/account/order-status";
import { CANCEL_REASON_MAX_LENGTH, nextOrderStatuses, orderStatusActionLabels } from "~/domain/orders/order-admin";
import type { AdminOrder } from "~/domain/orders/order-admin.server";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { OrderStatusBadge } from "~/ui/admin/order-status-badge";
import { StatusHistory, type StatusHistoryEntry, StatusMove } from "~/ui/admin/status-history";
import { CheckboxField, Field, TextAreaField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";

import { OrderConfirmAction } from "./order-confirm-action";

// The detail's 'Estado' card: the current status, the buttons to move it (from the same
// transition table the server enforces), the WhatsApp notice and the history.

/** The anchor of 'Marcar como pagado' in the payment card. */
export const MARK_PAID_FORM_ID = "marcar-pagado";

/** The online payment a cancellation offers to give back: the one that paid the order, if anything is left of it. */
export function refundableOnCancel(order: AdminOrder) {
  return order.onlinePayments.find((payment) => payment.outcome === "paid" && payment.refundableCents > 0) ?? null;
}

/** 'Reembolsar S/ …' in the cancel form: checked, for the whole payment unless the owner types less. */
function RefundOnCancel({ payment, form }: { payment: AdminOrder["onlinePayments"][number]; form: FormFields }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-semibold">Reembolso</legend>
      <input type="hidden" name="refundPaymentId" value={payment.id} />
      <CheckboxField
        label={`Reembolsar ${formatMoney(payment.refundableCents)} al cliente por ${payment.providerName} (${payment.methodLabel})`}
        field={form.checkbox("refund")}
      />
      <Field
        label="Monto a reembolsar (S/)"
        hint="Cámbialo para devolver solo una parte."
        field={form.field("refundAmount")}
        inputProps={{ type: "number", inputMode: "decimal", step: "0.01", min: "0.01", required: true }}
      />
    </fieldset>
  );
}

function CancelAction({ order, form }: { order: AdminOrder; form: FormFields }) {
  const isPaid = order.payment !== null;
  const refundable = refundableOnCancel(order);
  return (
    <OrderConfirmAction
      triggerLabel={
        <>
          <AdminIcon name="ban" /> {orderStatusActionLabels.cancelado}
        </>
      }
      triggerVariant="outlineDestructive"
      title="¿Cancelar el pedido?"
      description={
        <>
          El pedido <strong className="text-ink">{order.code}</strong> pasará a Cancelado y sus productos volverán al
          stock. Esta acción no se puede deshacer.
          {isPaid ? " El pedido ya está pagado: escribe el motivo, el cliente lo verá." : null}
        </>
      }
      confirmLabel="Sí, cancelar pedido"
      confirmVariant="destructive"
      fields={{ intent: "status", status: "cancelado", from: order.status }}
      isOpenAtFirst={Boolean(form.error("cancelReason") || form.error("refundAmount") || form.error("form"))}
    >
      <TextAreaField
        label={isPaid ? "Motivo de la cancelación" : "Motivo de la cancelación (opcional)"}
        field={form.field("cancelReason")}
        textareaProps={{ rows: 3, maxLength: CANCEL_REASON_MAX_LENGTH, required: isPaid }}
      />
      {refundable ? <RefundOnCancel payment={refundable} form={form} /> : null}
      {form.error("form") ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {form.error("form")}
        </p>
      ) : null}
    </OrderConfirmAction>
  );
}

function DeliveredAction({ order }: { order: AdminOrder }) {
  return (
    // Delivered is final: the owner confirms, with the order named.
    <OrderConfirmAction
      triggerLabel={
        <>
          <AdminIcon name="arrow-right" /> {orderStatusActionLabels.entregado}
        </>
      }
      triggerVariant="default"
      title="¿Marcar como entregado?"
      description={
        <>
          El pedido <strong className="text-ink">{order.code}</strong> pasará a Entregado. Después su estado ya no podrá
          cambiar.
          {order.payment ? null : " Aún no está marcado como pagado: regístralo cuando cobres."}
        </>
      }
      confirmLabel="Sí, marcar como entregado"
      confirmVariant="default"
      fields={{ intent: "status", status: "entregado", from: order.status }}
    />
  );
}

/** Only the transitions the order allows get a button; Pagado is the payment card's form. */
function StatusActions({ order, form }: { order: AdminOrder; form: FormFields }) {
  const targets = nextOrderStatuses(order.status, order.fulfillment?.kind ?? null);
  if (targets.length === 0) {
    return (
      <p className="text-sm text-muted">
        Este pedido está {orderStatusLabels[order.status]}: su estado ya no puede cambiar.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((target) => {
        if (target === "cancelado") return <CancelAction key={target} order={order} form={form} />;
        if (target === "entregado") return <DeliveredAction key={target} order={order} />;
        if (target === "pagado") {
          return (
            <Button key={target} asChild variant="outline">
              <a href={`#${MARK_PAID_FORM_ID}`}>
                <AdminIcon name="banknote" /> {orderStatusActionLabels.pagado}
              </a>
            </Button>
          );
        }
        return (
          <Form key={target} method="post" preventScrollReset>
            <input type="hidden" name="status" value={target} />
            <input type="hidden" name="from" value={order.status} />
            <SubmitButton intent="status" pendingFields={{ status: target }} pendingLabel="Actualizando…">
              <AdminIcon name="arrow-right" /> {orderStatusActionLabels[target]}
            </SubmitButton>
          </Form>
        );
      })}
    </div>
  );
}

function describeStatusChangeAuthor(change: AdminOrder["history"][number]): string {
  // The shop itself: a payment its provider confirmed (issue 45), or the expiry of an unpaid order.
  if (change.isAutomatic && change.toStatus === "pagado") return " · automático: pago en línea confirmado";
  if (change.isAutomatic) return " · automático: no se pagó a tiempo";
  if (change.changedBy) return ` · por ${change.changedBy}`;
  return change.fromStatus ? "" : " · desde la tienda";
}

function toHistoryEntries(history: AdminOrder["history"]): StatusHistoryEntry[] {
  return history.map((change) => ({
    id: change.id,
    change: change.fromStatus ? (
      <StatusMove
        from={<OrderStatusBadge status={change.fromStatus} />}
        to={<OrderStatusBadge status={change.toStatus} />}
      />
    ) : (
      <>
        <span className="font-medium">Pedido recibido</span>
        <OrderStatusBadge status={change.toStatus} />
      </>
    ),
    when: `${change.date}${describeStatusChangeAuthor(change)}`,
  }));
}

export function OrderStatusCard({ order, form }: { order: AdminOrder; form: FormFields }) {
  return (
    <AdminCard title="Estado">
      <p className="mb-4 flex items-center gap-2">
        <span className="text-sm text-muted">Estado actual:</span>
        <OrderStatusBadge status={order.status} size="lg" />
      </p>
      {order.status === "cancelado" && order.cancelReason ? (
        <p className="mb-4 text-sm" data-testid="cancel-reason">
          <span className="font-semibold">Motivo de la cancelación:</span> {order.cancelReason}
        </p>
      ) : null}
      <StatusActions order={order} form={form} />
      {order.noticeUrl ? (
        <Button asChild variant="whatsapp" className="mt-4">
          <a href={order.noticeUrl} target="_blank" rel="noopener noreferrer">
            <AdminIcon name="message-circle" /> Avisar por WhatsApp
          </a>
        </Button>
      ) : null}
      <StatusHistory label="Historial de estados" entries={toHistoryEntries(order.history)} />
    </AdminCard>
  );
}
