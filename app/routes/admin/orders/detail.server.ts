// The order detail's action: a status change (with a cancellation's reason) or 'Marcar como
// pagado'. Each refusal comes back with what was typed and a Spanish message.
import { href } from "react-router";

import type { SessionUser } from "~/auth/guards.server";
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
import { changeOrderStatus } from "~/domain/orders/order-admin.server";
import { INVALID_ACTION_MESSAGE, paymentFormSchema, statusFormSchema } from "~/domain/orders/order-admin-forms";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
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

async function changeStatus(admin: Admin, orderId: number, formData: FormData) {
  const form = await parseForm(formData, statusFormSchema);
  if (!form.ok) return form.failure;
  const { status: to, from, cancelReason } = form.data;
  const result = await changeOrderStatus(admin, orderId, to, from, { cancelReason });
  switch (result.status) {
    case "not-found":
      return redirectWithToast(href("/admin/pedidos"), ORDER_NOT_FOUND_TOAST);
    case "stale":
      return refuse(STALE_ORDER_MESSAGE, form.values, 409);
    case "illegal":
      return refuse(illegalTransitionMessage(result.from, result.to), form.values, 409);
    case "payment-required":
      return refuse(PAID_ONLY_WITH_PAYMENT_MESSAGE, form.values, 409);
    case "reason-required":
      return formFailure({ cancelReason: CANCEL_REASON_REQUIRED_MESSAGE }, form.values, { title: "Error" }, 400);
    case "changed":
      return backToOrder(orderId, {
        title: "Pedido Actualizado",
        description: statusChangedDescription(result.code, result.to),
      });
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

/** The detail's action, after requireAdmin: its form's intent says which. */
export async function runOrderDetailAction(admin: Admin, orderId: number, request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "status") return changeStatus(admin, orderId, formData);
  if (intent === "paid") return markPaid(admin, orderId, formData);
  return refuse(INVALID_ACTION_MESSAGE, readFormValues(formData), 400);
}
