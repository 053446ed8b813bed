import { Form } from "react-router";

import {
  type AgendaBooking,
  ALL_SERVICES,
  countCoveredBookings,
  describeCoveredBookings,
  MAX_BLOCK_REASON_LENGTH,
} from "~/domain/bookings/agenda";
import type { AgendaBlock } from "~/domain/bookings/agenda.server";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ClockField, DateField } from "~/ui/form/date-field";
import { Field, SelectField } from "~/ui/form/field";
import { type FormActionData, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";

// 'Bloquear horario': the day's blocked time ranges, each with 'Quitar', and the form that adds
// one. A block over bookings already confirmed is allowed; it says how many are left to move.

function BlockItem({ block, bookings }: { block: AgendaBlock; bookings: readonly AgendaBooking[] }) {
  const covered = countCoveredBookings(block, bookings);
  const label = `${block.startTime}–${block.endTime} · ${block.serviceTitle ?? "Todos los servicios"}`;
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <AdminIcon name="ban" className="size-4 shrink-0 text-gray-600" />
          <span>{label}</span>
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="unblock" />
          <input type="hidden" name="id" value={block.id} />
          <Button type="submit" variant="ghostDestructive" size="sm" aria-label={`Quitar el bloqueo de ${label}`}>
            Quitar
          </Button>
        </Form>
      </div>
      {block.reason ? <p className="text-muted">{block.reason}</p> : null}
      {covered > 0 ? (
        <p className="flex items-start gap-1.5 font-semibold text-amber-800">
          <AdminIcon name="alert-triangle" className="mt-0.5 size-4 shrink-0" />
          {describeCoveredBookings(covered)}
        </p>
      ) : null}
    </li>
  );
}

function AgendaBlockList({ blocks, bookings }: { blocks: readonly AgendaBlock[]; bookings: readonly AgendaBooking[] }) {
  if (blocks.length === 0) return <p className="text-sm text-muted">No hay horarios bloqueados este día.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Horarios bloqueados">
      {blocks.map((block) => (
        <BlockItem key={block.id} block={block} bookings={bookings} />
      ))}
    </ul>
  );
}

function BlockForm({
  date,
  services,
  actionData,
}: {
  date: string;
  services: readonly { id: number; title: string }[];
  actionData: FormActionData;
}) {
  const isRefused = actionData?.values?.intent === "block";
  const form = formFields(
    isRefused ? (actionData?.values ?? {}) : { date, serviceId: ALL_SERVICES },
    isRefused ? (actionData?.errors ?? {}) : {},
    "bloqueo-",
  );
  return (
    <Form method="post" preventScrollReset className="grid grid-cols-2 gap-3" aria-label="Bloquear horario">
      <input type="hidden" name="intent" value="block" />
      <DateField label="Día" field={form.field("date")} className="col-span-2" inputProps={{ required: true }} />
      <ClockField label="Desde" field={form.field("from")} inputProps={{ required: true }} />
      <ClockField label="Hasta" field={form.field("to")} inputProps={{ required: true }} />
      <SelectField label="Servicio" field={form.field("serviceId")} className="col-span-2">
        <option value={ALL_SERVICES}>Todos los servicios</option>
        {services.map((service) => (
          <option key={service.id} value={service.id}>
            {service.title}
          </option>
        ))}
      </SelectField>
      <Field
        label="Motivo"
        hint="Opcional; solo lo ves tú."
        field={form.field("reason")}
        className="col-span-2"
        inputProps={{ maxLength: MAX_BLOCK_REASON_LENGTH, placeholder: "Por ejemplo: capacitación del equipo" }}
      />
      <div className="col-span-2">
        <SubmitButton variant="outline">Bloquear horario</SubmitButton>
      </div>
    </Form>
  );
}

/** The day view's side card: the day's blocks and the form to add one. */
export function AgendaBlocksCard({
  date,
  blocks,
  bookings,
  services,
  actionData,
  formKey,
}: {
  date: string;
  blocks: readonly AgendaBlock[];
  bookings: readonly AgendaBooking[];
  services: readonly { id: number; title: string }[];
  actionData: FormActionData;
  formKey: number;
}) {
  return (
    <AdminCard>
      <h2 className="mb-3 text-lg font-bold">Horarios bloqueados</h2>
      <AgendaBlockList blocks={blocks} bookings={bookings} />
      <h3 className="mt-5 mb-3 font-bold">Bloquear horario</h3>
      <p className="mb-3 text-sm text-muted">
        Nadie podrá reservar en ese rango. Las reservas que ya estén ahí se mantienen.
      </p>
      <BlockForm key={formKey} date={date} services={services} actionData={actionData} />
    </AdminCard>
  );
}
