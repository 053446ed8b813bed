import { type ReactNode, useEffect, useRef } from "react";
import { Form, href, Outlet, useLocation, useRouteLoaderData } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { getDisplayName } from "~/auth/rules";
import { cn } from "~/lib/cn";
import type { RootData } from "~/root";
import { adminSections, dashboardSection } from "~/ui/admin/admin-nav";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ErrorDetails, getErrorStatus, StatusMessage } from "~/ui/layout/status-page";
import { Button } from "~/ui/primitives/button";
import { Link, NavLink } from "~/ui/primitives/link";

import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { adminName: user.username ?? getDisplayName(user) };
}

function AdminNavList() {
  return (
    <ul className="flex flex-col gap-1">
      {[dashboardSection, ...adminSections].map(({ to, label, icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end
            className={({ isActive }) =>
              cn(
                "flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-primary-soft",
                isActive && "bg-primary-soft font-semibold text-primary-strong",
              )
            }
          >
            <AdminIcon name={icon} className="size-4" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function AdminChrome({ adminName, children }: { adminName: string; children: ReactNode }) {
  const { pathname } = useLocation();
  // A choice folds the phone's menu again. Closed, not mounted anew: on a desktop the focus stays
  // on the link just followed.
  const sectionsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (sectionsRef.current) sectionsRef.current.open = false;
  }, [pathname]);
  return (
    <div className="min-h-dvh bg-gray-50">
      <header className="sticky top-0 z-30 flex items-center justify-between gap-4 border-b bg-white px-4 py-3">
        <Link to={href("/admin/dashboard")} className="font-bold text-primary-strong">
          Panel de Gestión
        </Link>
        <div className="flex items-center gap-2 text-sm">
          <Button asChild variant="ghost" size="sm">
            <Link to={href("/admin/cuenta")} title="Mi cuenta" aria-label={`Mi cuenta (${adminName})`}>
              <AdminIcon name="user-round" /> <span className="hidden sm:inline">{adminName}</span>
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <a href={href("/")} target="_blank" rel="noopener">
              <AdminIcon name="external-link" /> Ver tienda
            </a>
          </Button>
          <Form method="post" action={href("/salir")}>
            <input type="hidden" name="redirectTo" value={href("/admin")} />
            <Button type="submit" variant="outline" size="sm">
              <AdminIcon name="log-out" /> Salir
            </Button>
          </Form>
        </div>
      </header>
      {/*
        The sections' one menu (ADR 072): on a phone a folded <details> under the header, closed
        again after a choice; from md on, always open beside the page (app.css).
      */}
      <div className="md:mx-auto md:grid md:max-w-7xl md:grid-cols-[14rem_minmax(0,1fr)] md:gap-6 md:px-4 md:py-6">
        <details
          ref={sectionsRef}
          className="admin-sections border-b bg-white md:self-start md:border-0 md:bg-transparent"
        >
          <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 text-sm font-semibold">
            <AdminIcon name="menu" className="size-4" /> Secciones de gestión
          </summary>
          <nav aria-label="Gestión" className="px-2 pb-3 md:p-0">
            <AdminNavList />
          </nav>
        </details>
        <main className="min-w-0 px-4 py-6 md:p-0">{children}</main>
      </div>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminChrome adminName={loaderData.adminName}>
      <Outlet />
    </AdminChrome>
  );
}

// The shopper's text asks to write on WhatsApp; the owner is told where the details went.
const ADMIN_FAILURE_MESSAGE =
  "No pudimos mostrar esta página. Inténtalo de nuevo en unos minutos; el detalle del error quedó en el registro del servidor.";

/**
 * Any back-office page's error, inside the header and the menu. When this layout's own loader
 * failed, or did not run because an action failed, the root's session tells whether the visitor
 * is an administrator; anyone else gets the message without the back office around it.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const user = useRouteLoaderData<RootData>("root")?.user;
  const status = getErrorStatus(error);
  const message = (
    <StatusMessage
      status={status}
      message={status >= 500 ? ADMIN_FAILURE_MESSAGE : undefined}
      actions={
        <Button asChild>
          <a href={href("/admin/dashboard")}>Volver al panel</a>
        </Button>
      }
    >
      <ErrorDetails error={error} />
    </StatusMessage>
  );
  const adminName = loaderData?.adminName ?? (user?.isAdmin ? user.displayName : null);
  if (adminName === null) return <main className="min-h-dvh bg-gray-50">{message}</main>;
  return <AdminChrome adminName={adminName}>{message}</AdminChrome>;
}
