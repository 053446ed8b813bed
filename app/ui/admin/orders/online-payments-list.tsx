import { Form } from "react-router";

import type { AdminOrder } from "~/domain/orders/order-admin.server";
import { formatMoney } from "~/lib/money";
import { centsToInput } from "~/lib/parse";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Field } from "~/ui/form/field";
import { type FormFields, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

// The payments a provider approved for an order (issue 45), in its 'Pago' card: card, fee,
// its panel, what was given back; a payment that came for an expired or already paid order
// in red. Each with 'Reembolsar' (part or all of what is left) and, for a late one,
// 'Reactivar'. Both are plain forms: they work before the page's scripts arrive.

type OnlinePayment = AdminOrder["onlinePayments"][number];

/** What the action sent back after a refused refund or reactivation, to show under its own payment. */
export type RefusedPaymentForm = { values: Record<string, string>; errors: Record<string, string | undefined> };

const ONLINE_OUTCOMES = {
  paid: null,
  late: "Pago recibido de un pedido vencido",
  duplicate: "Pago recibido de un pedido ya pagado",
} as const;

function RefundForm({ payment, form }: { payment: OnlinePayment; form: FormFields }) {
  const isOpen = Boolean(form.error("refundAmount") || form.error("form"));
  return (
    <details open={isOpen} className="mt-2 rounded-lg border border-current/20 bg-white p-2 text-ink">
      <summary className="cursor-pointer text-sm font-medium">
        <AdminIcon name="undo-2" className="inline size-4" /> Reembolsar
      </summary>
      <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="onlinePaymentId" value={payment.id} />
        <Field
          label="Monto a reembolsar (S/)"
          hint={`Quedan ${formatMoney(payment.refundableCents)} por reembolsar de este pago.`}
          field={form.field("refundAmount")}
          inputProps={{ type: "number", inputMode: "decimal", step: "0.01", min: "0.01", required: true }}
        />
        {form.error("form") ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {form.error("form")}
          </p>
        ) : null}
        <SubmitButton
          intent="refund"
          pendingFields={{ onlinePaymentId: String(payment.id) }}
          pendingLabel="Reembolsando…"
          variant="outline"
        >
          Reembolsar por {payment.providerName}
        </SubmitButton>
      </Form>
    </details>
  );
}

function ReactivateForm({ payment, error }: { payment: OnlinePayment; error: string | undefined }) {
  return (
    <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-1">
      <input type="hidden" name="onlinePaymentId" value={payment.id} />
      <p className="text-xs">
        O reactiva el pedido: vuelve a tomar sus productos del stock y pasa a Pagado con este pago.
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium">
          {error}
        </p>
      ) : null}
      <SubmitButton
        intent="reactivate"
        pendingFields={{ onlinePaymentId: String(payment.id) }}
        pendingLabel="Reactivando…"
        variant="outline"
        className="w-fit"
      >
        <AdminIcon name="rotate-ccw" /> Reactivar pedido
      </SubmitButton>
    </Form>
  );
}

function Refunds({ payment }: { payment: OnlinePayment }) {
  if (payment.refunds.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs" data-testid="payment-refunds">
      {payment.refunds.map((refund, index) => (
        <li key={refund.refundId || `pendiente-${index}`}>
          {refund.isPending
            ? `Reembolso de ${formatMoney(refund.amountCents)} en proceso (${refund.date})`
            : `Reembolsado ${formatMoney(refund.amountCents)} el ${refund.date} · n.º ${refund.refundId}`}
        </li>
      ))}
    </ul>
  );
}

export function OnlinePayments({
  payments,
  refused,
}: {
  payments: AdminOrder["onlinePayments"];
  /** The last refused post of one of these forms ('refund' or 'reactivate'), if any. */
  refused: RefusedPaymentForm | null;
}) {
  return (
    <ul className="flex flex-col gap-2" data-testid="online-payments">
      {payments.map((payment) => {
        const warning = ONLINE_OUTCOMES[payment.outcome];
        const isOwnRefusal = refused?.values.onlinePaymentId === String(payment.id);
        const refundForm = formFields(
          isOwnRefusal && refused.values.intent === "refund"
            ? refused.values
            : { refundAmount: centsToInput(payment.refundableCents) },
          isOwnRefusal && refused.values.intent === "refund" ? refused.errors : {},
          `pago-${payment.id}-`,
        );
        const isReactivable = payment.outcome === "late" && payment.refundedCents === 0;
        return (
          <li
            key={`${payment.provider}-${payment.operation}`}
            className={
              warning ? "rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" : "rounded-lg border p-3"
            }
          >
            {warning ? <p className="font-semibold">{warning}</p> : null}
            <p>
              {payment.providerName} · {payment.methodLabel} · {formatMoney(payment.amountCents)} · Op.{" "}
              {payment.operation}
            </p>
            <p className="text-xs text-muted">
              Aprobado el {payment.date}
              {payment.feeCents !== null ? ` · Comisión: ${formatMoney(payment.feeCents)}` : ""}
            </p>
            {payment.panelUrl ? (
              <a
                href={payment.panelUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-xs text-primary-strong hover:underline"
              >
                <AdminIcon name="external-link" className="size-3.5" /> Ver en el panel de {payment.providerName}
              </a>
            ) : null}
            <Refunds payment={payment} />
            {payment.refundableCents > 0 ? <RefundForm payment={payment} form={refundForm} /> : null}
            {isReactivable ? (
              <ReactivateForm
                payment={payment}
                error={isOwnRefusal && refused.values.intent === "reactivate" ? refused.errors.form : undefined}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
