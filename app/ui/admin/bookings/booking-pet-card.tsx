import { Form } from "react-router";

import {
  HEALTH_NAME_MAX_LENGTH,
  healthRecordKindLabels,
  healthRecordKinds,
  NOT_REGISTERED_PET_MESSAGE,
} from "~/domain/bookings/booking-admin";
import type { AdminBooking } from "~/domain/bookings/booking-admin.server";
import { petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { DateField } from "~/ui/form/date-field";
import { Field, FieldError, SelectField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

import { BookingDetail } from "./booking-detail-cards";

// The pet of the booking and, when it is a registered pet, its vaccinations and dewormings:
// the list and the form to note one after a visit.

type HealthRecords = NonNullable<AdminBooking["healthRecords"]>;

function HealthRecordList({ records }: { records: HealthRecords }) {
  if (records.length === 0) return <p className="text-sm text-muted">Aún no tiene vacunas ni desparasitaciones.</p>;
  return (
    <ul className="divide-y text-sm" aria-label="Vacunas y desparasitaciones">
      {records.map((record) => (
        <li key={record.id} className="py-2">
          <p className="font-semibold">
            {healthRecordKindLabels[record.kind]}: {record.name}
          </p>
          <p className="text-muted">
            Aplicada el {record.givenOn}
            {record.nextDueOn ? ` · Próxima dosis: ${record.nextDueOn}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

function HealthRecordForm({ form }: { form: FormFields }) {
  return (
    <Form method="post" preventScrollReset className="mt-4 flex flex-col gap-4 rounded-xl border p-4">
      <h3 className="font-semibold">Registrar vacuna o desparasitación</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Tipo" field={form.field("kind")}>
          {healthRecordKinds.map((kind) => (
            <option key={kind} value={kind}>
              {healthRecordKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Nombre"
          field={form.field("name")}
          inputProps={{ placeholder: "Por ejemplo Séxtuple", maxLength: HEALTH_NAME_MAX_LENGTH, required: true }}
        />
        <DateField label="Fecha de aplicación" field={form.field("givenOn")} inputProps={{ required: true }} />
        <DateField label="Próxima dosis (opcional)" field={form.field("nextDueOn")} />
      </div>
      <FieldError id="health-form-error" message={form.error("form")} />
      <SubmitButton intent="health" className="self-start">
        <AdminIcon name="syringe" /> Guardar registro
      </SubmitButton>
    </Form>
  );
}

export function BookingPetCard({ booking, form }: { booking: AdminBooking; form: FormFields }) {
  const { pet } = booking;
  return (
    <AdminCard title="Mascota">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <BookingDetail term="Nombre">{pet.name}</BookingDetail>
        <BookingDetail term="Especie">{petSpeciesLabels[pet.species]}</BookingDetail>
        <BookingDetail term="Raza">{pet.breed || <span className="text-muted">Sin indicar</span>}</BookingDetail>
      </dl>
      <h3 className="mt-5 mb-2 font-semibold">Vacunas y desparasitaciones</h3>
      {booking.healthRecords === null ? (
        <p className="text-sm text-muted">{NOT_REGISTERED_PET_MESSAGE}</p>
      ) : (
        <>
          <HealthRecordList records={booking.healthRecords} />
          {/* Keyed on the count: once a record is saved, the form starts afresh. */}
          <HealthRecordForm key={booking.healthRecords.length} form={form} />
        </>
      )}
    </AdminCard>
  );
}
