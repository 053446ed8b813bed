import { PET_EDITOR_PARAMS, petsTabPath, type PetsTabView } from "~/domain/pets/pet-labels";
import type { FormActionData } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { PetCard } from "./pet-card";
import { PetForm } from "./pet-form";

// 'Mis Mascotas': the shopper's pets as cards, each with its health records, or (with
// '&nueva=1' or '&editar={id}' in the address) the form to add or edit one. Every step is its
// own address and a plain form, so the tab works without JavaScript.

function AddPetButton() {
  return (
    <Button asChild>
      <Link to={petsTabPath({ [PET_EDITOR_PARAMS.add]: "1" })}>
        <Icon name="plus" aria-hidden /> Agregar mascota
      </Link>
    </Button>
  );
}

function NoPets() {
  return (
    <div className="mt-6 rounded-2xl border bg-white p-8 text-center shadow-sm">
      <Icon name="paw-print" className="mx-auto size-10 text-primary-strong" aria-hidden />
      <p className="mt-3 text-muted">Aún no registras mascotas.</p>
      <p className="mt-1 text-sm text-muted">Guarda sus datos para reservar sus citas más rápido.</p>
      <div className="mt-4">
        <AddPetButton />
      </div>
    </div>
  );
}

function PetList({ view }: { view: PetsTabView }) {
  if (view.pets.length === 0) return <NoPets />;
  return (
    <>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          {view.pets.length === 1 ? "1 mascota registrada" : `${view.pets.length} mascotas registradas`}
        </p>
        {view.isFull ? null : <AddPetButton />}
      </div>
      <ul className="mt-4 flex flex-col gap-4">
        {view.pets.map((pet) => (
          <PetCard key={pet.id} pet={pet} />
        ))}
      </ul>
    </>
  );
}

export function PetsTabBody({ view, actionData }: { view: PetsTabView; actionData: FormActionData }) {
  if (view.editor) {
    const key = view.editor.mode === "edit" ? `edit-${view.editor.petId}` : "add";
    return <PetForm key={key} editor={view.editor} today={view.today} actionData={actionData} />;
  }
  return <PetList view={view} />;
}
