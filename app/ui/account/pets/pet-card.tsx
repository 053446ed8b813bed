import { Form } from "react-router";

import {
  type HealthRecordView,
  PET_EDITOR_PARAMS,
  PET_FIELDS,
  PET_INTENTS,
  type PetCardView,
  petsTabPath,
} from "~/domain/pets/pet-labels";
import { SubmitButton } from "~/ui/form/submit-button";
import { Icon } from "~/ui/icons/icon";
import { Button, buttonVariants } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

/** The pet's photo, or a paw on the shop's soft colour when it has none. */
export function PetPhoto({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  if (!photoUrl) {
    return (
      <div className="flex size-20 shrink-0 items-center justify-center rounded-xl bg-primary-soft sm:size-24">
        <Icon name="paw-print" className="size-9 text-primary-strong" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={photoUrl}
      alt={`Foto de ${name}`}
      width={96}
      height={96}
      loading="lazy"
      className="size-20 shrink-0 rounded-xl object-cover sm:size-24"
    />
  );
}

function HealthRecordItem({ record }: { record: HealthRecordView }) {
  return (
    <li className="rounded-xl bg-gray-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-strong">
          {record.kindLabel}
        </span>
        <span className="font-semibold break-words">{record.name}</span>
      </div>
      <dl className="mt-1.5 grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
        <div>
          <dt className="inline text-muted">Aplicada: </dt>
          <dd className="inline">{record.givenOn}</dd>
        </div>
        {record.nextDueOn ? (
          <div>
            <dt className="inline text-muted">Próxima dosis: </dt>
            <dd className="inline font-semibold">{record.nextDueOn}</dd>
          </div>
        ) : null}
      </dl>
      {record.note ? <p className="mt-1 break-words whitespace-pre-line text-muted">{record.note}</p> : null}
    </li>
  );
}

/** 'Vacunas y desparasitaciones': what the shop noted on the pet, read-only here. */
function PetHealthRecords({ pet }: { pet: PetCardView }) {
  const titleId = `pet-${pet.id}-health`;
  return (
    <section aria-labelledby={titleId} className="mt-4 border-t pt-4">
      <h3 id={titleId} className="font-semibold">
        Vacunas y desparasitaciones
      </h3>
      {pet.records.length === 0 ? (
        <p className="mt-1 text-sm text-muted">Aún no hay registros.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {pet.records.map((record) => (
            <HealthRecordItem key={record.id} record={record} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Eliminar', which asks first: the question opens in place (a <details>), with or without JavaScript. */
function DeletePet({ pet }: { pet: PetCardView }) {
  return (
    <details className="group open:w-full">
      <summary className={`${buttonVariants({ variant: "ghostDestructive", size: "sm" })} cursor-pointer list-none`}>
        <Icon name="trash-2" aria-hidden /> Eliminar<span className="sr-only"> a {pet.name}</span>
      </summary>
      <div className="mt-2 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="font-semibold">¿Eliminar a {pet.name}?</p>
        <p className="mt-1 text-sm text-muted">
          Se borrarán sus datos, su foto y sus registros de vacunas. Esta acción no se puede deshacer.
        </p>
        <Form method="post" action={petsTabPath()} className="mt-3">
          <input type="hidden" name="intent" value={PET_INTENTS.remove} />
          <input type="hidden" name={PET_FIELDS.id} value={pet.id} />
          <SubmitButton
            variant="destructive"
            size="sm"
            pendingLabel="Eliminando…"
            pendingFields={{ intent: PET_INTENTS.remove, [PET_FIELDS.id]: String(pet.id) }}
          >
            Sí, eliminar
          </SubmitButton>
        </Form>
      </div>
    </details>
  );
}

function PetFacts({ pet }: { pet: PetCardView }) {
  const kind = [pet.speciesLabel, pet.sizeLabel, pet.breed].filter(Boolean).join(" · ");
  const body = [pet.ageLabel, pet.weightLabel].filter(Boolean).join(" · ");
  return (
    <div className="min-w-0 flex-1">
      <h2 className="text-lg font-bold break-words">{pet.name}</h2>
      <p className="text-sm text-muted">{kind}</p>
      {body ? <p className="mt-1 text-sm">{body}</p> : null}
      {pet.dailyFoodLabel ? <p className="text-sm">{pet.dailyFoodLabel}</p> : null}
      {pet.foodLabel ? <p className="text-sm break-words">Su alimento: {pet.foodLabel}</p> : null}
    </div>
  );
}

export function PetCard({ pet }: { pet: PetCardView }) {
  return (
    <li className="rounded-2xl border bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <PetPhoto name={pet.name} photoUrl={pet.photoUrl} />
        <PetFacts pet={pet} />
      </div>
      {pet.notes ? (
        <p className="mt-3 text-sm break-words whitespace-pre-line">
          <span className="font-semibold">Notas: </span>
          {pet.notes}
        </p>
      ) : null}
      <PetHealthRecords pet={pet} />
      <div className="mt-4 flex flex-wrap items-start gap-2 border-t pt-4">
        <Button asChild variant="outline" size="sm">
          <Link to={petsTabPath({ [PET_EDITOR_PARAMS.edit]: String(pet.id) })} aria-label={`Editar a ${pet.name}`}>
            Editar
          </Link>
        </Button>
        <DeletePet pet={pet} />
      </div>
    </li>
  );
}
