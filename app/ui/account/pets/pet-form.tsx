import { type FormEvent, useState } from "react";
import { Form } from "react-router";

import { petSizeLabels, petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { ACCEPTED_IMAGE_TYPES, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/domain/media/image";
import {
  EARLIEST_BIRTH_DATE,
  type FoodChoice,
  MAX_BREED_LENGTH,
  MAX_PET_NAME_LENGTH,
  MAX_PET_NOTES_LENGTH,
  PET_FIELDS,
  PET_INTENTS,
  type PetEditorView,
  petsTabPath,
} from "~/domain/pets/pet-labels";
import { DateField } from "~/ui/form/date-field";
import { CheckboxField, Field, SelectField, TextAreaField } from "~/ui/form/field";
import { FilePicker } from "~/ui/form/file-picker";
import { type FormActionData, type FormFields, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { PetPhoto } from "./pet-card";

// 'Agregar mascota' and 'Editar': one form for both. It is multipart, so the photo travels with
// the rest (the server checks it like every upload of the shop); a refused post comes back
// with what was typed and the messages beside the fields. With JavaScript a photo over 5 MB
// is refused at once instead of after its upload.

function Choices({ labels }: { labels: Record<string, string> }) {
  return (
    <>
      <option value="">Elige una opción</option>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

function AboutFields({ f, today }: { f: FormFields; today: string }) {
  return (
    <>
      <Field
        label="Nombre"
        field={f.field(PET_FIELDS.name)}
        inputProps={{ required: true, maxLength: MAX_PET_NAME_LENGTH, autoComplete: "off" }}
      />
      <SelectField label="Especie" field={f.field(PET_FIELDS.species)} selectProps={{ required: true }}>
        <Choices labels={petSpeciesLabels} />
      </SelectField>
      <Field
        label="Raza"
        hint="Opcional."
        field={f.field(PET_FIELDS.breed)}
        inputProps={{ maxLength: MAX_BREED_LENGTH, autoComplete: "off" }}
      />
      <SelectField
        label="Tamaño"
        hint="Define la duración de sus citas."
        field={f.field(PET_FIELDS.size)}
        selectProps={{ required: true }}
      >
        <Choices labels={petSizeLabels} />
      </SelectField>
      <DateField
        label="Fecha de nacimiento"
        hint="Opcional; aproximada si no la sabes."
        field={f.field(PET_FIELDS.birthDate)}
        inputProps={{ min: EARLIEST_BIRTH_DATE, max: today }}
      />
      <Field
        label="Peso (kg)"
        hint="Opcional, por ejemplo 4.5."
        field={f.field(PET_FIELDS.weight)}
        inputProps={{ inputMode: "decimal", autoComplete: "off" }}
      />
    </>
  );
}

/** 'Cuánto come al día' beside 'Su alimento': with both, the shop reminds before the bag runs out. */
function FoodFields({ f, choices }: { f: FormFields; choices: FoodChoice[] }) {
  return (
    <>
      <Field
        label="Cuánto come al día (gramos)"
        hint="Opcional: te avisaremos antes de que se acabe su alimento."
        field={f.field(PET_FIELDS.dailyFoodGrams)}
        inputProps={{ inputMode: "numeric", autoComplete: "off" }}
      />
      <SelectField
        label="Su alimento"
        hint={
          choices.length > 0
            ? "Uno de los que pediste en la tienda."
            : "Aparecerá aquí cuando pidas en la tienda un alimento con su peso."
        }
        field={f.field(PET_FIELDS.foodVariantId)}
      >
        <option value="">Ninguno</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
    </>
  );
}

function PhotoField({
  f,
  editor,
  isTooLarge,
  onPick,
}: {
  f: FormFields;
  editor: PetEditorView;
  isTooLarge: boolean;
  onPick: (isTooLarge: boolean) => void;
}) {
  const current = editor.mode === "edit" ? editor.photoUrl : null;
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      {current && editor.mode === "edit" ? (
        <div className="flex items-center gap-3">
          <PetPhoto name={editor.name} photoUrl={current} />
          <CheckboxField label="Quitar la foto actual" field={f.checkbox(PET_FIELDS.removePhoto)} />
        </div>
      ) : null}
      <FilePicker
        label={current ? "Cambiar foto" : "Foto"}
        chooseLabel={current ? "Elegir otra foto" : "Elegir foto"}
        hint="Opcional. JPG, PNG, WebP o AVIF de hasta 5 MB."
        field={{
          id: "pet-photo",
          name: PET_FIELDS.photo,
          error: isTooLarge ? IMAGE_TOO_LARGE_MESSAGE : f.error(PET_FIELDS.photo),
        }}
        inputProps={{
          accept: ACCEPTED_IMAGE_TYPES,
          onChange: (event) => onPick((event.currentTarget.files?.[0]?.size ?? 0) > MAX_IMAGE_BYTES),
        }}
      />
    </div>
  );
}

export function PetForm({
  editor,
  today,
  actionData,
}: {
  editor: PetEditorView;
  today: string;
  actionData: FormActionData;
}) {
  const f = formFields(actionData?.values ?? editor.values, actionData?.errors ?? {}, "pet-");
  const [isPhotoTooLarge, setIsPhotoTooLarge] = useState(false);
  // A photo too large is never uploaded: the message shows at once instead.
  const refuseLargePhoto = (event: FormEvent<HTMLFormElement>) => {
    if (isPhotoTooLarge) event.preventDefault();
  };
  const title = editor.mode === "edit" ? `Editar a ${editor.name}` : "Agregar mascota";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={refuseLargePhoto}
      className="mt-6 grid gap-4 rounded-2xl border bg-white p-6 shadow-sm sm:grid-cols-2"
      aria-labelledby="pet-form-title"
      noValidate
    >
      <h2 id="pet-form-title" className="text-xl font-bold break-words sm:col-span-2">
        {title}
      </h2>
      <input type="hidden" name="intent" value={PET_INTENTS.save} />
      {editor.mode === "edit" ? <input type="hidden" name={PET_FIELDS.id} value={editor.petId} /> : null}
      <AboutFields f={f} today={today} />
      <FoodFields f={f} choices={editor.foodChoices} />
      <PhotoField f={f} editor={editor} isTooLarge={isPhotoTooLarge} onPick={setIsPhotoTooLarge} />
      <TextAreaField
        label="Notas"
        hint="Opcional: alergias, comportamiento u otros cuidados."
        field={f.field(PET_FIELDS.notes)}
        className="sm:col-span-2"
        textareaProps={{ rows: 4, maxLength: MAX_PET_NOTES_LENGTH }}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton pendingFields={{ intent: PET_INTENTS.save }}>Guardar mascota</SubmitButton>
        <Button asChild variant="outline">
          <Link to={petsTabPath()}>Cancelar</Link>
        </Button>
      </div>
    </Form>
  );
}
