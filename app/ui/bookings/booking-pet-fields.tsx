import type { PetSize, PetSpecies } from "~/domain/bookings/booking-labels";
import { petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { formatMoney } from "~/lib/money";
import { Field, FieldError } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";

// 'Mascota': one of the shopper's saved pets, or its name, species, size and breed typed in.
// The size sets the visit's length, so changing it asks for the days again (onSize).

export type SavedPet = { id: number; name: string; species: PetSpecies; breed: string; size: PetSize };
export type SizeOption = { size: PetSize; label: string; durationMinutes: number; priceCents: number };

const choiceClass =
  "flex cursor-pointer items-center gap-3 rounded-xl border-2 border-gray-200 p-3 transition-colors has-[:checked]:border-primary-strong has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-strong";
const radioClass = "size-4 shrink-0 accent-primary-strong";

function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

export function SavedPetChoice({
  pets,
  fields,
  onChoose,
}: {
  pets: SavedPet[];
  fields: FormFields;
  onChoose: (pet: SavedPet | null) => void;
}) {
  if (pets.length === 0) return null;
  const chosen = fields.value("petId");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">Tus mascotas</legend>
      {pets.map((pet) => (
        <label key={pet.id} className={choiceClass}>
          <input
            type="radio"
            name="petId"
            value={pet.id}
            defaultChecked={chosen === String(pet.id)}
            onChange={() => onChoose(pet)}
            className={radioClass}
          />
          <span>
            <span className="font-semibold">{pet.name}</span>
            <span className="text-sm text-muted"> · {petSpeciesLabels[pet.species]}</span>
          </span>
        </label>
      ))}
      <label className={choiceClass}>
        <input
          type="radio"
          name="petId"
          value=""
          defaultChecked={!chosen}
          onChange={() => onChoose(null)}
          className={radioClass}
        />
        <span className="font-semibold">Otra mascota</span>
      </label>
      <FieldError id="petId-error" message={fields.error("petId")} />
    </fieldset>
  );
}

export function PetFields({
  fields,
  sizes,
  size,
  showPrice,
  onSize,
}: {
  fields: FormFields;
  sizes: SizeOption[];
  size: PetSize;
  showPrice: boolean;
  onSize: (size: PetSize) => void;
}) {
  const species = fields.value("petSpecies") || "dog";
  return (
    <div className="flex flex-col gap-4">
      <Field
        label="Nombre de tu mascota"
        field={fields.field("petName")}
        inputProps={{ required: true, maxLength: 60, autoComplete: "off" }}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Especie</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["dog", "cat"] as const).map((value) => (
            <label key={value} className={choiceClass}>
              <input
                type="radio"
                name="petSpecies"
                value={value}
                defaultChecked={species === value}
                className={radioClass}
              />
              <span className="font-semibold">{petSpeciesLabels[value]}</span>
            </label>
          ))}
        </div>
        <FieldError id="petSpecies-error" message={fields.error("petSpecies")} />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Tamaño</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {sizes.map((option) => (
            <label key={option.size} className={choiceClass}>
              <input
                type="radio"
                name="size"
                value={option.size}
                defaultChecked={option.size === size}
                onChange={() => onSize(option.size)}
                className={radioClass}
              />
              <span>
                <span className="block font-semibold">{option.label}</span>
                <span className="text-sm text-muted">
                  {durationLabel(option.durationMinutes)}
                  {showPrice ? ` · ${formatMoney(option.priceCents)}` : ""}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="size-error" message={fields.error("size")} />
      </fieldset>
      <Field label="Raza (opcional)" field={fields.field("petBreed")} inputProps={{ maxLength: 60 }} />
    </div>
  );
}
