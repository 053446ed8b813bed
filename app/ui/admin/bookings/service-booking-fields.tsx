import { petSizeLabels } from "~/domain/bookings/booking";
import {
  BOOKING_LIMITS,
  BOOKING_SIZES_FIELD,
  bookingSizeField,
  bookingSizeOrder,
} from "~/domain/catalog/service-admin";
import { CheckboxField, Field, FieldError } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";

type PetSize = (typeof bookingSizeOrder)[number];

// The service editor's 'Reserva en línea' section (issue 28). The details show once
// 'Reservable en línea' is ticked, by CSS (:has), so the section works without JavaScript;
// they stay in the form while hidden, and the server reads them only when it is ticked.

const MINUTES_INPUT = {
  type: "number",
  inputMode: "numeric",
  min: BOOKING_LIMITS.minMinutes,
  max: BOOKING_LIMITS.maxMinutes,
  step: 1,
} as const;
const PRICE_INPUT = {
  type: "number",
  inputMode: "decimal",
  step: "0.01",
  min: "0",
  placeholder: "Precio del servicio",
} as const;

function SizeRow({ size, form }: { size: PetSize; form: FormFields }) {
  const label = petSizeLabels[size];
  const titleId = `reserva-${size}`;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border bg-white p-3 sm:grid-cols-[6rem_7rem_1fr_1fr] sm:items-start sm:gap-4"
    >
      <p id={titleId} className="font-semibold sm:pt-8">
        {label}
      </p>
      <CheckboxField
        label="Atiende"
        className="sm:pt-8"
        field={form.checkbox(bookingSizeField(size, "isOffered"))}
        inputProps={{ "aria-label": `Atiende, ${label}` }}
      />
      <Field
        label="Duración (minutos)"
        field={form.field(bookingSizeField(size, "minutes"))}
        inputProps={{ ...MINUTES_INPUT, "aria-label": `Duración (minutos), ${label}` }}
      />
      <Field
        label="Precio (S/)"
        field={form.field(bookingSizeField(size, "price"))}
        inputProps={{ ...PRICE_INPUT, "aria-label": `Precio (S/), ${label}, opcional` }}
      />
    </div>
  );
}

export function ServiceBookingFields({ form }: { form: FormFields }) {
  const sizesError = form.error(BOOKING_SIZES_FIELD);
  return (
    <section
      aria-labelledby="reserva-en-linea"
      className="group/booking flex flex-col gap-4 rounded-xl border bg-surface p-4 md:col-span-2"
    >
      <h2 id="reserva-en-linea" className="text-lg font-bold">
        Reserva en línea
      </h2>
      <div className="flex flex-col gap-1">
        <CheckboxField label="Reservable en línea" field={form.checkbox("isBookable")} />
        <p className="ml-8 text-sm text-muted">
          La tienda muestra «Reservar cita» y el cliente elige día y hora según el horario de atención para citas.
        </p>
      </div>
      <div className="hidden flex-col gap-4 group-has-[#isBookable:checked]/booking:flex">
        <div className="sm:max-w-xs">
          <Field
            label="Capacidad"
            field={form.field("bookingCapacity")}
            hint="Cuántas mascotas se atienden a la vez, por ejemplo 2 si hay dos groomers."
            inputProps={{ type: "number", inputMode: "numeric", min: 1, max: BOOKING_LIMITS.maxCapacity, step: 1 }}
          />
        </div>
        <div
          role="group"
          aria-labelledby="reserva-tamanos"
          aria-describedby={sizesError ? `${BOOKING_SIZES_FIELD}-error` : undefined}
          className="flex flex-col gap-2"
        >
          <p id="reserva-tamanos" className="text-sm font-semibold">
            Tamaños que atiende
          </p>
          <p className="text-sm text-muted">
            Marca cada tamaño con la duración de la cita. Deja el precio vacío para usar el precio del servicio; si los
            precios difieren, la tienda muestra «Desde S/ …».
          </p>
          {sizesError ? <FieldError id={`${BOOKING_SIZES_FIELD}-error`} message={sizesError} /> : null}
          {bookingSizeOrder.map((size) => (
            <SizeRow key={size} size={size} form={form} />
          ))}
        </div>
      </div>
    </section>
  );
}
