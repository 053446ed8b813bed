import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Form, useNavigate, useNavigation } from "react-router";

import type { PetSize } from "~/domain/bookings/booking-labels";
import { MAX_BOOKING_NOTES_LENGTH } from "~/domain/bookings/booking-labels";
import { cn } from "~/lib/cn";
import { useIsHydrated } from "~/lib/use-hydrated";
import { Field, FieldError, TextAreaField } from "~/ui/form/field";
import { type FormActionData, type FormFields, useFormFields } from "~/ui/form/form-fields";
import { readFormField } from "~/ui/form/use-field-from-dom";
import { Button } from "~/ui/primitives/button";

import { BookingCalendar, type CalendarDay } from "./booking-calendar";
import { PetFields, type SavedPet, SavedPetChoice, type SizeOption } from "./booking-pet-fields";

// /reservar/{id}'s form (issue 28), in the issue's order: the pet, the day, the time, the
// contact details. The size and the day travel in the address, so the server counts the free
// times; with JavaScript the page changes them without reloading and keeps what was typed, and
// without it each step is a GET of the whole form.

export type BookingFormProps = {
  service: { showPrice: boolean; sizes: SizeOption[] };
  size: PetSize;
  date: string | null;
  days: CalendarDay[];
  slots: string[];
  pets: SavedPet[];
  isSignedIn: boolean;
  values: Record<string, string>;
  actionData: FormActionData;
};

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`paso-${number}`} className="rounded-3xl border bg-white p-5 shadow-sm sm:p-7">
      <h2 id={`paso-${number}`} className="mb-4 flex items-center gap-3 text-xl font-bold text-ink">
        <span className="flex size-8 items-center justify-center rounded-full bg-primary-strong text-base text-white">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function SlotChoice({
  slots,
  date,
  chosen,
  error,
}: {
  slots: string[];
  date: string | null;
  chosen: string;
  error?: string;
}) {
  if (!date) return <p className="text-muted">Elige primero un día del calendario.</p>;
  if (slots.length === 0) return <p className="text-muted">Ese día ya no tiene horarios libres. Elige otro.</p>;
  return (
    <fieldset>
      <legend className="sr-only">Horarios libres</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-describedby={error ? "time-error" : undefined}>
        {slots.map((time) => (
          <label
            key={`${date}-${time}`}
            className="flex h-11 cursor-pointer items-center justify-center rounded-xl border-2 border-gray-200 font-semibold transition-colors has-[:checked]:border-primary-strong has-[:checked]:bg-primary-strong has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-strong"
          >
            <input
              type="radio"
              name="time"
              value={time}
              defaultChecked={chosen === time}
              required
              className="sr-only"
            />
            {time}
          </label>
        ))}
      </div>
      <FieldError id="time-error" message={error} />
    </fieldset>
  );
}

function ContactStep({ fields, isSignedIn }: { fields: FormFields; isSignedIn: boolean }) {
  return (
    <Step number={4} title="Tus datos">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Nombre"
          field={fields.field("customerName")}
          inputProps={{ required: true, maxLength: 100, autoComplete: "name" }}
        />
        <Field
          label="Celular"
          field={fields.field("customerPhone")}
          inputProps={{ required: true, type: "tel", maxLength: 30, autoComplete: "tel", inputMode: "tel" }}
        />
        <Field
          label={isSignedIn ? "Correo" : "Correo (opcional)"}
          hint="Te enviamos la confirmación y un recordatorio el día anterior."
          field={fields.field("customerEmail")}
          inputProps={{ type: "email", maxLength: 254, autoComplete: "email" }}
          className="sm:col-span-2"
        />
        <TextAreaField
          label="Notas (opcional)"
          hint="Alergias, comportamiento o lo que debamos saber."
          field={fields.field("notes")}
          textareaProps={{ maxLength: MAX_BOOKING_NOTES_LENGTH, rows: 3 }}
          className="sm:col-span-2"
        />
      </div>
    </Step>
  );
}

export function BookingForm(props: BookingFormProps) {
  const { service, size, date } = props;
  const fields = useFormFields(props.values, props.actionData);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isHydrated = useIsHydrated();
  const isSending = navigation.state === "submitting";

  /** The size and day in the address: the loader answers with the days and the free times. */
  function choose(next: { size?: PetSize; date?: string | null }) {
    const params = new URLSearchParams({ tamano: next.size ?? size });
    const day = next.date === undefined ? date : next.date;
    if (day) params.set("fecha", day);
    void navigate(`?${params.toString()}`, { replace: true, preventScrollReset: true });
  }

  function choosePet(pet: SavedPet | null) {
    const form = formRef.current;
    if (!form || !pet) return;
    const set = (name: string, value: string) => {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
      if (input instanceof RadioNodeList) input.value = value;
    };
    set("petName", pet.name);
    set("petBreed", pet.breed);
    set("petSpecies", pet.species);
    if (props.service.sizes.some((option) => option.size === pet.size)) {
      set("size", pet.size);
      choose({ size: pet.size });
    }
  }

  // A size chosen before the scripts arrived stays chosen: its days are asked for now.
  useLayoutEffect(() => {
    const chosenSize = readFormField(formRef.current, "size");
    if (chosenSize && chosenSize !== size) choose({ size: chosenSize as PetSize });
    // Once, when React takes the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Form method="post" ref={formRef} className="flex flex-col gap-6" noValidate={false}>
      <input type="hidden" name="date" value={date ?? ""} />
      <Step number={1} title="Mascota">
        <div className="flex flex-col gap-4">
          <SavedPetChoice pets={props.pets} fields={fields} onChoose={choosePet} />
          <PetFields
            fields={fields}
            sizes={service.sizes}
            size={size}
            showPrice={service.showPrice}
            onSize={(s) => choose({ size: s })}
          />
          {isHydrated ? null : (
            <Button type="submit" formMethod="get" formNoValidate variant="outline" className="self-start">
              Ver días para este tamaño
            </Button>
          )}
        </div>
      </Step>
      <Step number={2} title="Día">
        <BookingCalendar days={props.days} chosen={date} onChoose={(day) => choose({ date: day })} />
        <FieldError id="date-error" message={fields.error("date")} />
      </Step>
      <Step number={3} title="Hora">
        <p className="mb-3 text-sm text-muted">
          Horarios de Lima. Solo ves los que están libres para el tamaño elegido.
        </p>
        <SlotChoice slots={props.slots} date={date} chosen={fields.value("time")} error={fields.error("time")} />
      </Step>
      <ContactStep fields={fields} isSignedIn={props.isSignedIn} />
      <FieldError id="form-error" message={fields.error("form")} />
      <Button type="submit" size="lg" disabled={isSending} className={cn("self-stretch sm:self-end")}>
        {isSending ? "Reservando…" : "Confirmar reserva"}
      </Button>
    </Form>
  );
}
