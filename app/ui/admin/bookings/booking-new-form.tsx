import { Form } from "react-router";

import type { PetSize } from "~/domain/bookings/booking-admin";
import {
  MAX_BOOKING_NOTES_LENGTH,
  MAX_BREED_LENGTH,
  MAX_PET_NAME_LENGTH,
  petSizeLabels,
  petSpeciesLabels,
} from "~/domain/bookings/booking-labels";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { DateField } from "~/ui/form/date-field";
import { Field, FieldError, SelectField, TextAreaField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";

import { BookingSlotPicker } from "./booking-slot-picker";

// A booking taken by phone, in two steps that work without JavaScript: a GET of the service,
// size and day shows the day's free times; the post chooses one with the pet and customer.

export type NewBookingService = {
  id: number;
  title: string;
  sizes: { size: PetSize; durationMinutes: number; priceCents: number }[];
};

export type NewBookingChoice = { serviceId: string; size: string; date: string };

const allSizes: PetSize[] = ["small", "medium", "large"];

function sizeOptionLabel(size: NewBookingService["sizes"][number]): string {
  return `${petSizeLabels[size.size]} · ${size.durationMinutes} min · ${formatMoney(size.priceCents)}`;
}

export function NewBookingDayStep({
  services,
  choice,
  errors,
  range,
}: {
  services: NewBookingService[];
  choice: NewBookingChoice;
  errors: Record<string, string>;
  range: { today: string; lastDay: string };
}) {
  const service = services.find((candidate) => String(candidate.id) === choice.serviceId);
  return (
    <AdminCard title="1. Servicio, tamaño y día">
      {services.length === 0 ? (
        <p className="text-sm text-muted">
          Ningún servicio se puede reservar: marca uno como &apos;Reservable en línea&apos; en Servicios.
        </p>
      ) : (
        <Form method="get" className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_auto]">
          <SelectField
            label="Servicio"
            field={{ id: "servicio", name: "servicio", defaultValue: choice.serviceId, error: errors.serviceId }}
          >
            {services.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Tamaño de la mascota"
            field={{ id: "tamano", name: "tamano", defaultValue: choice.size, error: errors.size }}
          >
            {service
              ? service.sizes.map((size) => (
                  <option key={size.size} value={size.size}>
                    {sizeOptionLabel(size)}
                  </option>
                ))
              : allSizes.map((size) => (
                  <option key={size} value={size}>
                    {petSizeLabels[size]}
                  </option>
                ))}
          </SelectField>
          <DateField
            label="Día"
            field={{ id: "fecha", name: "fecha", defaultValue: choice.date, error: errors.date }}
            inputProps={{ min: range.today, max: range.lastDay, required: true }}
          />
          <Button type="submit" variant="outline">
            <AdminIcon name="search" /> Ver horarios
          </Button>
        </Form>
      )}
    </AdminCard>
  );
}

function PetFields({ form }: { form: FormFields }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-3 font-semibold">Mascota</legend>
      <Field
        label="Nombre"
        field={form.field("petName")}
        inputProps={{ maxLength: MAX_PET_NAME_LENGTH, required: true, autoComplete: "off" }}
      />
      <SelectField label="Especie" field={form.field("petSpecies")}>
        {(["dog", "cat"] as const).map((species) => (
          <option key={species} value={species}>
            {petSpeciesLabels[species]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Raza (opcional)"
        field={form.field("petBreed")}
        inputProps={{ maxLength: MAX_BREED_LENGTH, autoComplete: "off" }}
      />
    </fieldset>
  );
}

function CustomerFields({ form }: { form: FormFields }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-3 font-semibold">Cliente</legend>
      <Field label="Nombre" field={form.field("customerName")} inputProps={{ required: true, autoComplete: "off" }} />
      <Field
        label="Celular"
        field={form.field("customerPhone")}
        inputProps={{ type: "tel", required: true, autoComplete: "off" }}
      />
      <Field
        label="Correo (opcional)"
        field={form.field("customerEmail")}
        inputProps={{ type: "email", autoComplete: "off" }}
      />
    </fieldset>
  );
}

export function NewBookingDetailsStep({
  summary,
  choice,
  day,
  form,
}: {
  /** 'Baño y Corte para Perro · Pequeño · miércoles, 2 de diciembre de 2026'. */
  summary: string;
  choice: NewBookingChoice;
  day: { times: string[]; message: string | null };
  form: FormFields;
}) {
  const stepError = form.error("serviceId") ?? form.error("size") ?? form.error("date") ?? form.error("form");
  return (
    <AdminCard title="2. Hora, mascota y cliente">
      <Form method="post" className="flex flex-col gap-6">
        <input type="hidden" name="serviceId" value={choice.serviceId} />
        <input type="hidden" name="size" value={choice.size} />
        <input type="hidden" name="date" value={choice.date} />
        <div>
          <p className="rounded-lg bg-primary-soft px-3 py-2 text-sm font-semibold">{summary}</p>
          <FieldError id="new-booking-step-error" message={stepError} />
        </div>
        <BookingSlotPicker
          idPrefix="new-"
          times={day.times}
          defaultTime={form.value("time")}
          error={form.error("time")}
          emptyMessage={day.message}
        />
        <PetFields form={form} />
        <CustomerFields form={form} />
        <TextAreaField
          label="Notas (opcional)"
          hint="Alergias, comportamiento, lo que pidió el cliente."
          field={form.field("notes")}
          textareaProps={{ rows: 3, maxLength: MAX_BOOKING_NOTES_LENGTH }}
        />
        <SubmitButton className="self-start">
          <AdminIcon name="calendar-plus" /> Guardar reserva
        </SubmitButton>
      </Form>
    </AdminCard>
  );
}
