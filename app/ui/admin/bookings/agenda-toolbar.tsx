import { Form, href } from "react-router";

import { type AgendaQuery, agendaSearch, type AgendaView, shiftAgendaDate } from "~/domain/bookings/agenda";
import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { DateInput } from "~/ui/form/date-field";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

// The agenda's way around: day or week, previous / 'Hoy' / next, a date to jump to, and
// whether cancelled bookings are shown. Every control is a link or a GET form.

function agendaTo(query: AgendaQuery, changes: Partial<AgendaQuery>): string {
  return `${href("/admin/reservas")}${agendaSearch({ ...query, ...changes })}`;
}

function ViewSwitch({ query }: { query: AgendaQuery }) {
  const views: [AgendaView, string][] = [
    ["day", "Día"],
    ["week", "Semana"],
  ];
  return (
    <nav aria-label="Vista de la agenda" className="flex rounded-full border bg-white p-1">
      {views.map(([view, label]) => (
        <Link
          key={view}
          to={agendaTo(query, { view })}
          aria-current={query.view === view ? "page" : undefined}
          className={cn(
            "rounded-full px-4 py-1.5 text-sm font-semibold",
            query.view === view ? "bg-primary-strong text-white" : "text-ink hover:bg-primary-soft",
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

function DateSteps({ query, today }: { query: AgendaQuery; today: string }) {
  const unit = query.view === "week" ? "Semana" : "Día";
  return (
    <div className="flex items-center gap-1">
      <Button asChild variant="ghost" size="iconMd">
        <Link
          to={agendaTo(query, { date: shiftAgendaDate(query.view, query.date, -1) })}
          aria-label={`${unit} anterior`}
        >
          <AdminIcon name="chevron-left" />
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={agendaTo(query, { date: today })}>Hoy</Link>
      </Button>
      <Button asChild variant="ghost" size="iconMd">
        <Link
          to={agendaTo(query, { date: shiftAgendaDate(query.view, query.date, 1) })}
          aria-label={`${unit} siguiente`}
        >
          <AdminIcon name="chevron-right" />
        </Link>
      </Button>
    </div>
  );
}

function DatePicker({ query }: { query: AgendaQuery }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      {query.view === "week" ? <input type="hidden" name="vista" value="semana" /> : null}
      {query.isHidingCancelled ? <input type="hidden" name="canceladas" value="ocultar" /> : null}
      <label className="flex w-44 flex-col gap-1 text-sm font-semibold" htmlFor="agenda-fecha">
        Ir a la fecha
        <DateInput id="agenda-fecha" name="fecha" defaultValue={query.date} key={query.date} required />
      </label>
      <Button type="submit" variant="outline">
        <AdminIcon name="calendar-search" /> Ver
      </Button>
    </Form>
  );
}

export function AgendaToolbar({ query, today }: { query: AgendaQuery; today: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border bg-white p-3 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <ViewSwitch query={query} />
        <DateSteps query={query} today={today} />
      </div>
      <DatePicker query={query} />
      <Link
        to={agendaTo(query, { isHidingCancelled: !query.isHidingCancelled })}
        className="text-sm font-semibold text-primary-strong underline"
      >
        {query.isHidingCancelled ? "Mostrar canceladas" : "Ocultar canceladas"}
      </Link>
    </div>
  );
}
