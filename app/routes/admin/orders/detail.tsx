import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { getAdminOrder } from "~/domain/orders/order-admin.server";
import { centsToInput, parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { CustomerCard, DeliveryCard, OrderLines } from "~/ui/admin/orders/order-detail-parts";
import { OrderDocumentCard } from "~/ui/admin/orders/order-document-card";
import { OrderPaymentCard } from "~/ui/admin/orders/order-payment-card";
import { OrderStatusCard, refundableOnCancel } from "~/ui/admin/orders/order-status-card";
import { formFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/detail";
import { ORDER_NOT_FOUND_TOAST, runOrderDetailAction } from "./detail.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData ? `Pedido ${loaderData.order.code} | Gestión` : "Pedido | Gestión" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRecordId(params.orderId);
  const order = id === null ? null : await getAdminOrder(id);
  if (!order) throw await redirectWithToast(href("/admin/pedidos"), ORDER_NOT_FOUND_TOAST);
  return { order };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseRecordId(params.orderId);
  if (id === null) return redirectWithToast(href("/admin/pedidos"), ORDER_NOT_FOUND_TOAST);
  return runOrderDetailAction(admin, id, request);
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { order } = loaderData;
  // A refused form comes back to the form it came from, as typed; the others start afresh.
  const refused = actionData && "values" in actionData ? actionData : null;
  const refusedIntent = refused?.values.intent;
  const refundable = refundableOnCancel(order);
  const statusForm = formFields(
    refused && refusedIntent === "status"
      ? refused.values
      : refundable
        ? { refund: "on", refundAmount: centsToInput(refundable.refundableCents) }
        : {},
    refused && refusedIntent === "status" ? refused.errors : {},
  );
  const paymentForm = formFields(
    refused && refusedIntent === "paid"
      ? refused.values
      : { paidMethodName: order.paymentMethodName, paidAmount: centsToInput(order.totalCents) },
    refused && refusedIntent === "paid" ? refused.errors : {},
  );
  const invoiceForm = formFields(
    refused && refusedIntent === "invoice"
      ? refused.values
      : {
          ruc: order.comprobante?.kind === "factura" ? order.comprobante.documentNumber : "",
          razonSocial: order.comprobante?.businessName ?? "",
          direccionFiscal: order.comprobante?.fiscalAddress ?? "",
          documento: order.comprobante?.kind === "boleta" ? order.comprobante.documentNumber : "",
        },
    refused && refusedIntent === "invoice" ? refused.errors : {},
    "comprobante-",
  );
  const refusedPaymentForm =
    refused && (refusedIntent === "refund" || refusedIntent === "reactivate")
      ? { values: refused.values, errors: refused.errors }
      : null;
  return (
    <>
      <AdminPageHeader
        title={`Pedido ${order.code}`}
        description={`Recibido el ${order.date} (hora de Lima).`}
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/pedidos")}>
              <AdminIcon name="arrow-left" /> Volver a pedidos
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <OrderStatusCard order={order} form={statusForm} />
          <AdminCard title="Productos">
            <OrderLines order={order} />
          </AdminCard>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerCard order={order} />
          <DeliveryCard order={order} />
          <OrderPaymentCard order={order} form={paymentForm} refusedPaymentForm={refusedPaymentForm} />
          <OrderDocumentCard order={order} form={invoiceForm} />
        </div>
      </div>
    </>
  );
}
