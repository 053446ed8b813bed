import { Form } from "react-router";

import {
  type BookingStatus,
  bookingStatusActionLabels,
  CANCEL_NOTE_MAX_LENGTH,
  nextBookingStatuses,
} from "~/domain/bookings/booking-admin";
import type { AdminBooking } from "~/domain/bookings/booking-admin.server";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { OrderConfirmAction } from "~/ui/admin/orders/order-confirm-action";
import { StatusHistory, type StatusHistoryEntry, StatusMove } from "~/ui/admin/status-history";
import { FieldError, TextAreaField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

import { BookingStatusBadge } from "./booking-status-badge";

// The detail's 'Estado' card: the buttons the current status allows (each posts the status
// the owner saw, so a change made meanwhile is refused), and the history of changes and moves.

function CancelAction({ booking, form }: { booking: AdminBooking; form: FormFields }) {
  return (
    <OrderConfirmAction
      triggerLabel={
        <>
          <AdminIcon name="ban" /> {bookingStatusActionLabels.cancelled}
        </>
      }
      triggerVariant="outlineDestructive"
      title="¿Cancelar la reserva?"
      description={
        <>
          La reserva <strong className="text-ink">{booking.code}</strong> pasará a Cancelada y su horario quedará libre.
        </>
      }
      confirmLabel="Sí, cancelar reserva"
      confirmVariant="destructive"
      fields={{ intent: "status", status: "cancelled", from: booking.status }}
      isOpenAtFirst={Boolean(form.error("note"))}
    >
      <TextAreaField
        label="Motivo de la cancelación (opcional)"
        field={form.field("note")}
        textareaProps={{ rows: 3, maxLength: CANCEL_NOTE_MAX_LENGTH }}
      />
    </OrderConfirmAction>
  );
}

function StatusButton({ booking, target }: { booking: AdminBooking; target: BookingStatus }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="status" value={target} />
      <input type="hidden" name="from" value={booking.status} />
      <SubmitButton
        intent="status"
        variant={target === "confirmed" ? "outline" : "default"}
        pendingFields={{ status: target }}
        pendingLabel="Actualizando…"
      >
        {target === "confirmed" ? <AdminIcon name="rotate-ccw" /> : <AdminIcon name="arrow-right" />}
        {bookingStatusActionLabels[target]}
      </SubmitButton>
    </Form>
  );
}

function describeChange(change: AdminBooking["history"][number]) {
  if (change.move) {
    return (
      <>
        <AdminIcon name="calendar-clock" className="size-4 text-muted" />
        <span className="font-medium">Horario cambiado:</span> {change.move.from}{" "}
        <AdminIcon name="arrow-right" className="size-3.5 text-muted" aria-label="a" /> {change.move.to}
      </>
    );
  }
  if (change.fromStatus) {
    return (
      <StatusMove
        from={<BookingStatusBadge status={change.fromStatus} />}
        to={<BookingStatusBadge status={change.toStatus} />}
      />
    );
  }
  return (
    <>
      <span className="font-medium">Reserva creada</span>
      <BookingStatusBadge status={change.toStatus} />
    </>
  );
}

function toHistoryEntries(history: AdminBooking["history"]): StatusHistoryEntry[] {
  return history.map((change) => ({
    id: change.id,
    change: describeChange(change),
    note: change.note,
    when: `${change.at} · por ${change.actor}`,
  }));
}

export function BookingStatusCard({ booking, form }: { booking: AdminBooking; form: FormFields }) {
  const targets = nextBookingStatuses(booking.status);
  return (
    <AdminCard title="Estado">
      <p className="mb-4 flex items-center gap-2">
        <span className="text-sm text-muted">Estado actual:</span>
        <BookingStatusBadge status={booking.status} size="lg" />
      </p>
      <div className="flex flex-wrap gap-2">
        {targets.map((target) =>
          target === "cancelled" ? (
            <CancelAction key={target} booking={booking} form={form} />
          ) : (
            <StatusButton key={target} booking={booking} target={target} />
          ),
        )}
      </div>
      {form.error("form") || form.error("status") ? (
        <div className="mt-3">
          <FieldError id="status-form-error" message={form.error("form") ?? form.error("status")} />
        </div>
      ) : null}
      <StatusHistory label="Historial de la reserva" entries={toHistoryEntries(booking.history)} />
    </AdminCard>
  );
}
