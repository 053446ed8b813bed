import { ArrowLeft, ArrowRight, Ban, Mail, MessageCircle, Phone } from "lucide-react";
import { Form, href, Link } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { orderStatusLabels } from "~/domain/account/order-status";
import {
  illegalTransitionMessage,
  isOrderStatus,
  ORDER_NOT_FOUND_MESSAGE,
  orderStatusActionLabels,
  orderStatusTransitions,
  STALE_ORDER_MESSAGE,
  statusChangedDescription,
} from "~/domain/orders/order-admin";
import { type AdminOrder, changeOrderStatus, getAdminOrder } from "~/domain/orders/order-admin.server";
import { formFailure } from "~/lib/form.server";
import { type FormValues, readFormValues } from "~/lib/form-data";
import { formatMoney } from "~/lib/money";
import { parseRecordId } from "~/lib/parse";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { OrderStatusBadge } from "~/ui/admin/order-status-badge";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData ? `Pedido ${loaderData.order.code} | Gestión` : "Pedido | Gestión" },
];

const notFoundToast: ToastMessage = { title: "Error", description: ORDER_NOT_FOUND_MESSAGE, variant: "destructive" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRecordId(params.orderId);
  const order = id === null ? null : await getAdminOrder(id);
  if (!order) throw await redirectWithToast(href("/admin/pedidos"), notFoundToast);
  return { order };
}

/** A refused status change: the spec's 'Error' toast, nothing to show beside a field. */
function refuse(description: string, values: FormValues, status: number) {
  return formFailure({ form: description }, values, { title: "Error", description }, status);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseRecordId(params.orderId);
  if (id === null) return redirectWithToast(href("/admin/pedidos"), notFoundToast);
  const values = readFormValues(await request.formData());
  const target = values.status;
  const seen = values.from;
  if (values.intent !== "status" || !isOrderStatus(target)) return refuse("Acción no válida.", values, 400);

  const result = await changeOrderStatus(admin, id, target, isOrderStatus(seen) ? seen : undefined);
  switch (result.status) {
    case "not-found":
      return redirectWithToast(href("/admin/pedidos"), notFoundToast);
    case "stale":
      return refuse(STALE_ORDER_MESSAGE, values, 409);
    case "illegal":
      return refuse(illegalTransitionMessage(result.from, result.to), values, 409);
    case "changed":
      return redirectWithToast(href("/admin/pedidos/:orderId", { orderId: String(id) }), {
        title: "Pedido Actualizado",
        description: statusChangedDescription(result.code, result.to),
      });
  }
}

/** Only the transitions the order allows get a button; cancelling asks first. */
function StatusActions({ order }: { order: AdminOrder }) {
  const targets = orderStatusTransitions[order.status];
  if (targets.length === 0) {
    return (
      <p className="text-sm text-muted">
        Este pedido está {orderStatusLabels[order.status]}: su estado ya no puede cambiar.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((target) =>
        target === "cancelado" ? (
          <ConfirmDeleteButton
            key={target}
            itemName={order.code}
            title="¿Cancelar el pedido?"
            description={
              <>
                El pedido <strong className="text-ink">{order.code}</strong> pasará a Cancelado y sus productos volverán
                al stock. Esta acción no se puede deshacer.
              </>
            }
            confirmLabel="Sí, cancelar pedido"
            fields={{ intent: "status", status: "cancelado", from: order.status }}
            trigger={
              <Button type="button" variant="outlineDestructive">
                <Ban aria-hidden /> {orderStatusActionLabels.cancelado}
              </Button>
            }
          />
        ) : target === "entregado" ? (
          // Delivered is final: the owner confirms, with the order named.
          <ConfirmDeleteButton
            key={target}
            itemName={order.code}
            title="¿Marcar como entregado?"
            description={
              <>
                El pedido <strong className="text-ink">{order.code}</strong> pasará a Entregado. Después su estado ya no
                podrá cambiar.
              </>
            }
            confirmLabel="Sí, marcar como entregado"
            confirmVariant="default"
            fields={{ intent: "status", status: "entregado", from: order.status }}
            trigger={
              <Button type="button">
                <ArrowRight aria-hidden /> {orderStatusActionLabels.entregado}
              </Button>
            }
          />
        ) : (
          <Form key={target} method="post" preventScrollReset>
            <input type="hidden" name="status" value={target} />
            <input type="hidden" name="from" value={order.status} />
            <SubmitButton intent="status" pendingFields={{ status: target }} pendingLabel="Actualizando…">
              <ArrowRight aria-hidden /> {orderStatusActionLabels[target]}
            </SubmitButton>
          </Form>
        ),
      )}
    </div>
  );
}

function describeStatusChangeAuthor(change: AdminOrder["history"][number]): string {
  if (change.isAutomatic) return " · automático: no se pagó a tiempo";
  if (change.changedBy) return ` · por ${change.changedBy}`;
  return change.fromStatus ? "" : " · desde la tienda";
}

function StatusHistory({ history }: { history: AdminOrder["history"] }) {
  return (
    <ol className="mt-5 flex flex-col gap-3 border-l-2 border-gray-200 pl-4" aria-label="Historial de estados">
      {history.map((change) => (
        <li key={change.id} className="text-sm">
          <p className="flex flex-wrap items-center gap-1.5">
            {change.fromStatus ? (
              <>
                <OrderStatusBadge status={change.fromStatus} />
                <ArrowRight className="size-3.5 text-muted" aria-label="a" />
                <OrderStatusBadge status={change.toStatus} />
              </>
            ) : (
              <>
                <span className="font-medium">Pedido recibido</span>
                <OrderStatusBadge status={change.toStatus} />
              </>
            )}
          </p>
          <p className="mt-0.5 text-muted">
            {change.date}
            {describeStatusChangeAuthor(change)}
          </p>
        </li>
      ))}
    </ol>
  );
}

function OrderLines({ order }: { order: AdminOrder }) {
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
        <tfoot>
          <tr className="border-t-2">
            <th scope="row" colSpan={2} className="py-3 pr-3 text-right font-bold sm:hidden">
              Total
            </th>
            <th scope="row" colSpan={3} className="hidden py-3 pr-3 text-right font-bold sm:table-cell">
              Total
            </th>
            <td className="py-3 pl-3 text-right font-bold whitespace-nowrap" data-testid="order-total">
              {formatMoney(order.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function CustomerContact({ order }: { order: AdminOrder }) {
  return (
    <dl className="flex flex-col gap-3 text-sm">
      <div>
        <dt className="font-semibold">Nombre</dt>
        <dd>{order.customerName || "Sin nombre"}</dd>
      </div>
      {order.customerEmail ? (
        <div>
          <dt className="font-semibold">Correo</dt>
          <dd>
            <a
              href={`mailto:${order.customerEmail}`}
              className="inline-flex items-center gap-1 break-all text-primary-strong hover:underline"
            >
              <Mail className="size-4 shrink-0" aria-hidden /> {order.customerEmail}
            </a>
          </dd>
        </div>
      ) : null}
      {order.customerPhone ? (
        <div>
          <dt className="font-semibold">Celular</dt>
          <dd className="inline-flex items-center gap-1">
            <Phone className="size-4" aria-hidden /> {order.customerPhone}
          </dd>
        </div>
      ) : null}
      {order.customerAddress ? (
        <div>
          <dt className="font-semibold">Dirección</dt>
          <dd className="whitespace-pre-line">{order.customerAddress}</dd>
        </div>
      ) : null}
      {order.whatsappUrl ? (
        <Button asChild variant="whatsapp" className="mt-1">
          <a href={order.whatsappUrl} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden /> Responder por WhatsApp
          </a>
        </Button>
      ) : null}
    </dl>
  );
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { order } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={`Pedido ${order.code}`}
        description={`Recibido el ${order.date} (hora de Lima).`}
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/pedidos")}>
              <ArrowLeft aria-hidden /> Volver a pedidos
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <AdminCard title="Estado">
            <p className="mb-4 flex items-center gap-2">
              <span className="text-sm text-muted">Estado actual:</span>
              <OrderStatusBadge status={order.status} size="lg" />
            </p>
            <StatusActions order={order} />
            <StatusHistory history={order.history} />
          </AdminCard>
          <AdminCard title="Productos">
            <OrderLines order={order} />
          </AdminCard>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <AdminCard title="Cliente">
            <CustomerContact order={order} />
          </AdminCard>
          <AdminCard title="Pago">
            <dl className="flex flex-col gap-3 text-sm">
              <div>
                <dt className="font-semibold">Método de pago</dt>
                <dd>{order.paymentMethodName}</dd>
              </div>
              <div>
                <dt className="font-semibold">Nota</dt>
                <dd className="whitespace-pre-line">{order.note || <span className="text-muted">Sin nota.</span>}</dd>
              </div>
            </dl>
          </AdminCard>
        </div>
      </div>
    </>
  );
}
