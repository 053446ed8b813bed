import type { ReactNode } from "react";
import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { listTodaysBookings } from "~/domain/bookings/agenda.server";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { type DashboardFigures, getDashboardFigures } from "~/domain/dashboard/dashboard.server";
import { getSalesGlance } from "~/domain/reports/sales-glance.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { cn } from "~/lib/cn";
import { isMailServerConfigured } from "~/lib/mail.server";
import { adminSections } from "~/ui/admin/admin-nav";
import { TodaysBookingsCard } from "~/ui/admin/bookings/agenda-today";
import { NoMailServerNotice } from "~/ui/admin/complaints/complaint-badges";
import { AdminIcon, type AdminIconName } from "~/ui/admin/icons/admin-icon";
import { SalesGlanceCard } from "~/ui/admin/reports/sales-glance-card";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Panel de Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [figures, settings, todaysBookings, salesGlance] = await Promise.all([
    getDashboardFigures(),
    getShopSettings(),
    listTodaysBookings(),
    getSalesGlance(),
  ]);
  return {
    figures,
    salesGlance,
    todaysBookings,
    isMailConfigured: isMailServerConfigured(),
    alertEmail: settings.alertEmail || settings.contactEmail,
  };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function FigureTile({
  icon,
  label,
  value,
  detail,
  to,
  isWarning = false,
}: {
  icon: AdminIconName;
  label: string;
  value: number;
  detail: ReactNode;
  to?: string;
  isWarning?: boolean;
}) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm font-semibold text-muted">
        <AdminIcon name={icon} className={cn("size-4", isWarning ? "text-red-700" : "text-primary-strong")} />
        {label}
      </span>
      <span className="mt-1 block text-3xl font-bold text-ink">{value}</span>
      <span className={cn("mt-1 block text-sm", isWarning ? "font-semibold text-red-700" : "text-muted")}>
        {detail}
      </span>
    </>
  );
  const className = "block h-full rounded-xl border bg-white p-5 shadow-sm";
  return to ? (
    <Link to={to} className={cn(className, "transition hover:border-primary hover:shadow-md")}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

/** The unpaid orders tile's line: those still waiting for payment, and those moving on without one. */
function describeUnpaidOrders({ unpaidOrderCount, pendingOrderCount }: DashboardFigures): string {
  if (unpaidOrderCount === 0) return "Todos los pedidos en curso están pagados.";
  const movedOn = unpaidOrderCount - pendingOrderCount;
  const waiting = plural(pendingOrderCount, "espera su pago", "esperan su pago");
  return movedOn > 0 ? `${waiting}; ${plural(movedOn, "avanzó", "avanzaron")} sin pago registrado.` : `${waiting}.`;
}

/** The complaints tile's line: the pending complaint nearest its legal deadline. */
function describeNearestComplaint(nearest: DashboardFigures["nearestComplaint"]): string {
  if (!nearest) return "Ninguna pendiente.";
  const daysLeft = nearest.businessDaysLeft;
  if (daysLeft < 0) return `${nearest.code} venció hace ${plural(-daysLeft, "día hábil", "días hábiles")}.`;
  if (daysLeft === 0) return `${nearest.code} vence hoy.`;
  return `La más próxima, ${nearest.code}, vence el ${formatLongDate(nearest.dueDate)} (${plural(daysLeft, "día hábil", "días hábiles")}).`;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, isMailConfigured, alertEmail, todaysBookings, salesGlance } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-bold">Panel de Gestión</h1>
      <p className="mt-1 text-muted">Así está la tienda hoy.</p>
      <p className="mt-1 text-sm text-muted">
        {!alertEmail
          ? "Escribe un correo para recibir los avisos de la tienda. "
          : isMailConfigured
            ? `Los avisos de pedidos, reclamaciones y mensajes, y el resumen de las 8:00, llegan a ${alertEmail}. `
            : `Los avisos de pedidos, reclamaciones y mensajes, y el resumen de las 8:00, llegarán a ${alertEmail} cuando el servidor de correo esté configurado. `}
        <Link to={href("/admin/configuracion/contacto")} className="font-semibold text-primary-strong underline">
          {alertEmail ? "Cambiar" : "Configurar"}
        </Link>
      </p>
      {isMailConfigured ? null : (
        <div className="mt-4">
          <NoMailServerNotice />
        </div>
      )}
      <SalesGlanceCard glance={salesGlance} />
      <h2 id="dashboard-resumen" className="sr-only">
        Resumen
      </h2>
      <FigureTiles figures={figures} />
      <div className="mt-6">
        <TodaysBookingsCard bookings={todaysBookings} />
      </div>
      <h2 id="dashboard-administrar" className="mt-10 text-lg font-bold">
        Administrar
      </h2>
      <ul aria-labelledby="dashboard-administrar" className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {adminSections.map(({ to, label, description, icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-xl border bg-white p-5 shadow-sm transition hover:border-primary hover:shadow-md"
            >
              <AdminIcon name={icon} className="mt-0.5 size-6 text-primary-strong" />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-muted">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Comprobantes electrónicos (issue 46): paid orders still without one, and those refused. */
function InvoicingTile({ invoicing }: { invoicing: DashboardFigures["invoicing"] }) {
  const detail = !invoicing.isConfigured
    ? "Pedidos pagados sin comprobante electrónico. Configura Nubefact para emitirlos."
    : invoicing.refusedCount > 0
      ? `${plural(invoicing.refusedCount, "comprobante rechazado", "comprobantes rechazados")}: revísalos.`
      : "Pedidos pagados aún sin boleta o factura.";
  return (
    <FigureTile
      icon="receipt-text"
      label="Sin comprobante"
      value={invoicing.withoutDocumentCount}
      to={
        !invoicing.isConfigured
          ? href("/admin/configuracion/comprobantes")
          : invoicing.refusedCount > 0
            ? `${href("/admin/comprobantes")}?estado=rejected`
            : href("/admin/comprobantes")
      }
      isWarning={invoicing.refusedCount > 0}
      detail={detail}
    />
  );
}

function FigureTiles({ figures }: { figures: DashboardFigures }) {
  const nearest = figures.nearestComplaint;
  const isComplaintUrgent = Boolean(nearest && nearest.businessDaysLeft <= 3);
  return (
    <ul aria-labelledby="dashboard-resumen" className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <li>
        <FigureTile
          icon="package"
          label="Productos"
          value={figures.productCount}
          to={href("/admin/productos")}
          isWarning={figures.soldOutCount > 0}
          detail={`Presentaciones: ${figures.lowStockCount} con stock bajo · ${plural(figures.soldOutCount, "agotada", "agotadas")}`}
        />
      </li>
      <li>
        <FigureTile
          icon="images"
          label="Promociones activas"
          value={figures.activePromotionCount}
          to={href("/admin/promociones")}
          detail="En el carrusel de inicio."
        />
      </li>
      <li>
        <FigureTile
          icon="clipboard-list"
          label="Pedidos sin pagar"
          value={figures.unpaidOrderCount}
          to={`${href("/admin/pedidos")}?pago=sin-pagar`}
          detail={describeUnpaidOrders(figures)}
        />
      </li>
      <li>
        <InvoicingTile invoicing={figures.invoicing} />
      </li>
      <li>
        <FigureTile
          icon={isComplaintUrgent ? "alert-triangle" : "message-square-warning"}
          label="Reclamaciones abiertas"
          value={figures.openComplaintCount}
          to={href("/admin/reclamaciones")}
          isWarning={isComplaintUrgent}
          detail={
            <>
              {figures.complaintsDueSoonCount > 0
                ? `${plural(figures.complaintsDueSoonCount, "vence", "vencen")} en 3 días hábiles o menos. `
                : null}
              {describeNearestComplaint(nearest)}
            </>
          }
        />
      </li>
    </ul>
  );
}
