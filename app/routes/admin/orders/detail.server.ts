// The order detail's action: a status change (with a cancellation's reason and refund),
// 'Marcar como pagado', and an online payment's 'Reembolsar' and 'Reactivar'. Each refusal
// comes back with what was typed and a Spanish message.
import { href } from "react-router";

import type { SessionUser } from "~/auth/guards.server";
import {
  BUYER_DOCUMENT_REQUIRED_MESSAGE,
  INVOICE_NOT_PAID_MESSAGE,
  invoiceToast,
  INVOICING_NOT_CONFIGURED_MESSAGE,
  toOrderColumns,
} from "~/domain/invoicing/invoice-forms";
import { issueFromAdmin } from "~/domain/invoicing/order-documents.server";
import { readComprobante } from "~/domain/orders/comprobante";
import {
  CANCEL_REASON_REQUIRED_MESSAGE,
  CANCELLED_ORDER_PAYMENT_MESSAGE,
  illegalTransitionMessage,
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  PAID_ONLY_WITH_PAYMENT_MESSAGE,
  paymentRecordedDescription,
  STALE_ORDER_MESSAGE,
  statusChangedDescription,
} from "~/domain/orders/order-admin";
import { changeOrderStatus, checkStatusChange, type StatusChangeResult } from "~/domain/orders/order-admin.server";
import { INVALID_ACTION_MESSAGE, paymentFormSchema, statusFormSchema } from "~/domain/orders/order-admin-forms";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
import { reactivateLateOrder } from "~/domain/payments/late-payment.server";
import {
  cancelRefundSchema,
  LATE_PAYMENT_STALE_MESSAGE,
  noCredentialsMessage,
  outOfStockReactivationMessage,
  PAYMENT_NOT_FOUND_MESSAGE,
  reactivatedToast,
  reactivateFormSchema,
  refundDoneDescription,
  refundFormSchema,
  refundRefusedMessage,
  refundTooMuchMessage,
} from "~/domain/payments/refund-forms";
import { refundOnlinePayment, type RefundOutcome } from "~/domain/payments/refunds.server";
import { formFailure, parseForm } from "~/lib/form.server";
import { type FormValues, readFormValues } from "~/lib/form-data";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

type Admin = Pick<SessionUser, "id">;

export const ORDER_NOT_FOUND_TOAST: ToastMessage = {
  title: "Error",
  description: ORDER_NOT_FOUND_MESSAGE,
  variant: "destructive",
};

/** A refused change: the spec's 'Error' toast, nothing to show beside a field. */
function refuse(description: string, values: FormValues, status: number) {
  return formFailure({ form: description }, values, { title: "Error", description }, status);
}

function backToOrder(orderId: number, toast: ToastMessage) {
  return redirectWithToast(href("/admin/pedidos/:orderId", { orderId: String(orderId) }), toast);
}

/** A change refused before or after it was tried: the same Spanish answers. */
function refuseStatusChange(result: Exclude<StatusChangeResult, { status: "changed" }>, values: FormValues) {
  switch (result.status) {
    case "not-found":
      return redirectWithToast(href("/admin/pedidos"), ORDER_NOT_FOUND_TOAST);
    case "stale":
      return refuse(STALE_ORDER_MESSAGE, values, 409);
    case "illegal":
      return refuse(illegalTransitionMessage(result.from, result.to), values, 409);
    case "payment-required":
      return refuse(PAID_ONLY_WITH_PAYMENT_MESSAGE, values, 409);
    case "reason-required":
      return formFailure({ cancelReason: CANCEL_REASON_REQUIRED_MESSAGE }, values, { title: "Error" }, 400);
  }
}

/** More than is left of the payment: said beside the amount typed. */
function tooMuch(message: string, values: FormValues) {
  return formFailure({ refundAmount: message }, values, { title: "Error" }, 409);
}

/** A refund that did not happen: why, beside the amount or in the toast; nothing changed. */
function refuseRefund(outcome: Exclude<RefundOutcome, { status: "refunded" }>, values: FormValues) {
  switch (outcome.status) {
    case "not-found":
      return refuse(PAYMENT_NOT_FOUND_MESSAGE, values, 404);
    case "too-much":
      return tooMuch(refundTooMuchMessage(outcome.remainingCents), values);
    case "no-credentials":
      return refuse(noCredentialsMessage(outcome.providerName), values, 409);
    case "refused":
      return refuse(refundRefusedMessage(outcome.providerName, outcome.reason), values, 502);
  }
}

/**
 * A status change. Cancelling a paid-online order with 'Reembolsar S/ …' checked gives the
 * money back first, once the change is known to be allowed: a refund the provider refuses
 * leaves the order as it was.
 */
async function changeStatus(admin: Admin, orderId: number, formData: FormData) {
  const form = await parseForm(formData, statusFormSchema);
  if (!form.ok) return form.failure;
  const { status: to, from, cancelReason } = form.data;
  let refundText = "";
  if (to === "cancelado") {
    const refund = await parseForm(formData, cancelRefundSchema);
    if (!refund.ok) return refund.failure;
    if (refund.data) {
      const checked = await checkStatusChange(orderId, to, from, { cancelReason });
      if (checked.status !== "allowed") return refuseStatusChange(checked, form.values);
      const outcome = await refundOnlinePayment(
        admin,
        { orderId, ...refund.data },
        { isMailed: false, isCredited: false },
      );
      if (outcome.status !== "refunded") return refuseRefund(outcome, form.values);
      refundText = ` ${refundDoneDescription(outcome.code, outcome.amountCents, outcome.providerName)}`;
    }
  }
  const result = await changeOrderStatus(admin, orderId, to, from, { cancelReason });
  if (result.status !== "changed") {
    if (!refundText) return refuseStatusChange(result, form.values);
    // Changed by someone else between the check and the cancellation: the money went back all the same.
    return backToOrder(orderId, {
      title: "Error",
      description: `${refundText.trim()} ${STALE_ORDER_MESSAGE}`,
      variant: "destructive",
    });
  }
  return backToOrder(orderId, {
    title: "Pedido Actualizado",
    description: `${statusChangedDescription(result.code, result.to)}${refundText}`,
  });
}

/** 'Reembolsar' under a payment: part or all of what is left of it. */
async function refund(admin: Admin, orderId: number, formData: FormData) {
  const form = await parseForm(formData, refundFormSchema);
  if (!form.ok) return form.failure;
  const outcome = await refundOnlinePayment(admin, { orderId, ...form.data });
  if (outcome.status !== "refunded") return refuseRefund(outcome, form.values);
  return backToOrder(orderId, {
    title: "Reembolso Enviado",
    description: refundDoneDescription(outcome.code, outcome.amountCents, outcome.providerName),
  });
}

/** 'Reactivar': the expired order a late payment was made for, paid by it. */
async function reactivate(admin: Admin, orderId: number, formData: FormData) {
  const form = await parseForm(formData, reactivateFormSchema);
  if (!form.ok) return form.failure;
  const outcome = await reactivateLateOrder(admin, orderId, form.data.onlinePaymentId);
  switch (outcome.status) {
    case "not-found":
      return refuse(PAYMENT_NOT_FOUND_MESSAGE, form.values, 404);
    case "stale":
      return refuse(LATE_PAYMENT_STALE_MESSAGE, form.values, 409);
    case "out-of-stock":
      return refuse(outOfStockReactivationMessage(outcome.titles), form.values, 409);
    case "reactivated":
      return backToOrder(orderId, reactivatedToast(outcome.code));
  }
}

async function markPaid(admin: Admin, orderId: number, formData: FormData) {
  const form = await parseForm(formData, paymentFormSchema);
  if (!form.ok) return form.failure;
  const result = await markOrderPaid(admin, orderId, form.data.payment, form.data.from);
  switch (result.status) {
    case "not-found":
      return redirectWithToast(href("/admin/pedidos"), ORDER_NOT_FOUND_TOAST);
    case "cancelled":
      return refuse(CANCELLED_ORDER_PAYMENT_MESSAGE, form.values, 409);
    case "already-paid":
      return refuse(ORDER_ALREADY_PAID_MESSAGE, form.values, 409);
    case "stale":
      return refuse(STALE_ORDER_MESSAGE, form.values, 409);
    case "paid":
      return backToOrder(orderId, {
        title: "Pago Registrado",
        description: paymentRecordedDescription(result.code, result.isStatusChanged),
      });
  }
}

/** 'Emitir comprobante', 'Reintentar envío', 'Emitir de nuevo' (with the buyer's data corrected). */
async function invoice(admin: Admin, orderId: number, formData: FormData) {
  const values = readFormValues(formData);
  let corrections = {};
  if (values.corrige === "on") {
    const read = readComprobante(values);
    if ("errors" in read) return formFailure(read.errors, values, { title: "Error" }, 400);
    corrections = toOrderColumns(read.comprobante);
  }
  const outcome = await issueFromAdmin(admin, orderId, corrections);
  switch (outcome.status) {
    case "not-found":
      return redirectWithToast(href("/admin/pedidos"), ORDER_NOT_FOUND_TOAST);
    case "not-configured":
      return refuse(INVOICING_NOT_CONFIGURED_MESSAGE, values, 409);
    case "not-paid":
      return refuse(INVOICE_NOT_PAID_MESSAGE, values, 409);
    case "needs-document":
      return formFailure({ documento: BUYER_DOCUMENT_REQUIRED_MESSAGE }, values, { title: "Error" }, 400);
    case "issued":
    case "sent":
      return backToOrder(orderId, invoiceToast(outcome.documentStatus));
  }
}

/** The detail's action, after requireAdmin: its form's intent says which. */
export async function runOrderDetailAction(admin: Admin, orderId: number, request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "status") return changeStatus(admin, orderId, formData);
  if (intent === "paid") return markPaid(admin, orderId, formData);
  if (intent === "refund") return refund(admin, orderId, formData);
  if (intent === "reactivate") return reactivate(admin, orderId, formData);
  if (intent === "invoice") return invoice(admin, orderId, formData);
  return refuse(INVALID_ACTION_MESSAGE, readFormValues(formData), 400);
}
