// /admin/busqueda: how the shop reads what shoppers type. Its synonyms: groups of words that
// mean the same ('champú, shampoo'), which the search and the chatbot use; and the searches
// that found nothing, so that the owner adds a synonym or a product (issue 27).
import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { formatLimaDateTime } from "~/domain/calendar/lima-time";
import { readSearchTerms } from "~/domain/search/catalog-search";
import { listSearchMisses } from "~/domain/search/search-misses.server";
import {
  formatSynonymTerms,
  MAX_SYNONYM_TERM_LENGTH,
  MAX_SYNONYM_TERMS,
  SYNONYM_GROUP_NOT_FOUND_MESSAGE,
  synonymGroupSchema,
} from "~/domain/search/synonyms";
import {
  addSynonymGroup,
  type AdminSynonymGroup,
  deleteSynonymGroup,
  listSynonymGroupsForAdmin,
  updateSynonymGroup,
} from "~/domain/search/synonyms.server";
import { formFailure, parseForm } from "~/lib/form.server";
import { type FieldErrors, type FormValues, readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { Field, FieldError } from "~/ui/form/field";
import { formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useResetKey } from "~/ui/form/use-reset-key";
import { SearchMissesSection, SYNONYM_DRAFT_PARAM } from "~/ui/search/search-misses";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = () => [{ title: "Búsqueda | Gestión" }];

const SEARCH_PATH = href("/admin/busqueda");
const TERMS_LABEL = "Palabras que significan lo mismo, separadas por comas";
const TERMS_HINT =
  `Por ejemplo: champú, shampoo. Al menos dos y hasta ${MAX_SYNONYM_TERMS}, de hasta ` +
  `${MAX_SYNONYM_TERM_LENGTH} caracteres cada una. Se guardan sin tildes ni mayúsculas.`;
const TERMS_INPUT = { maxLength: 1000, autoComplete: "off" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [groups, misses] = await Promise.all([listSynonymGroupsForAdmin(), listSearchMisses()]);
  // 'Crear sinónimo' on a search that found nothing: the add form starts with its words.
  const draft = readSearchTerms(new URL(request.url).searchParams.get(SYNONYM_DRAFT_PARAM) ?? "").phrase;
  return {
    groups,
    misses: misses.map(({ query, count, lastSearchedAt }) => ({
      query,
      count,
      lastSearched: formatLimaDateTime(lastSearchedAt),
    })),
    synonymDraft: draft ? `${draft}, ` : "",
  };
}

function savedToast(terms: string[]) {
  return { title: "Sinónimos Guardados", description: `Ahora "${formatSynonymTerms(terms)}" significan lo mismo.` };
}

async function saveGroup(adminId: string, formData: FormData, id: number | undefined) {
  const form = await parseForm(formData, synonymGroupSchema);
  if (!form.ok) return form.failure;
  const result =
    id === undefined
      ? await addSynonymGroup(adminId, form.data.terms)
      : await updateSynonymGroup(adminId, id, form.data.terms);
  if (!result.ok) return formFailure({ [result.field]: result.message }, form.values, {}, 409);
  return redirectWithToast(SEARCH_PATH, savedToast(result.terms));
}

async function deleteGroup(adminId: string, id: number, values: FormValues) {
  const result = await deleteSynonymGroup(adminId, id);
  if (!result.ok) return formFailure({ form: result.message }, values, {}, 409);
  return redirectWithToast(SEARCH_PATH, {
    title: "Sinónimos Eliminados",
    description: `"${formatSynonymTerms(result.terms)}" ya no se tratan como iguales.`,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const values = readFormValues(formData);
  if (values.intent === "add") return saveGroup(admin.id, formData, undefined);
  const id = parseRecordId(values.id);
  if (id === null && (values.intent === "update" || values.intent === "delete")) {
    return formFailure({ form: SYNONYM_GROUP_NOT_FOUND_MESSAGE }, values, {}, 404);
  }
  if (values.intent === "update" && id !== null) return saveGroup(admin.id, formData, id);
  if (values.intent === "delete" && id !== null) return deleteGroup(admin.id, id, values);
  return redirectWithToast(SEARCH_PATH, UNKNOWN_ACTION_TOAST);
}

type ActionState = { errors?: FieldErrors; values?: FormValues } | undefined;

export default function SearchSettings({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const formKey = useResetKey(loaderData);
  const { groups, misses, synonymDraft } = loaderData;
  const addState = actionData?.values?.intent === "add" ? actionData : undefined;
  const stateFor = (id: number): ActionState => (actionData?.values?.id === String(id) ? actionData : undefined);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Búsqueda"
        description="Cómo entiende la tienda lo que escriben tus clientes en el buscador y en el asistente virtual."
      />
      <section aria-labelledby="sinonimos" className="flex flex-col gap-4">
        <div>
          <h2 id="sinonimos" className="text-lg font-bold">
            Sinónimos
          </h2>
          <p className="text-sm text-muted">
            Palabras que tus clientes usan para lo mismo. El buscador y el asistente virtual las tratan como iguales: si
            un grupo dice «arena, arena sanitaria», buscar «arena» también encuentra la arena sanitaria; si una
            respuesta tiene la palabra clave «precio» y un grupo dice «precio, costo», el asistente también responde a
            «¿cuál es el costo?».
          </p>
        </div>
        <AdminCard title="Añadir grupo de sinónimos">
          <Form key={formKey} method="post" className="flex flex-col gap-4" noValidate>
            <Field
              label={TERMS_LABEL}
              hint={TERMS_HINT}
              field={{
                ...formFields(addState?.values ?? { terms: synonymDraft }, addState?.errors).field("terms"),
                id: "nuevo-grupo",
              }}
              inputProps={{ ...TERMS_INPUT, placeholder: "por ejemplo: champú, shampoo" }}
            />
            <div>
              <SubmitButton intent="add" pendingLabel="Añadiendo…">
                Añadir Grupo
              </SubmitButton>
            </div>
          </Form>
        </AdminCard>
        <SynonymGroupList groups={groups} stateFor={stateFor} />
      </section>
      <SearchMissesSection misses={misses} />
    </div>
  );
}

function SynonymGroupList({
  groups,
  stateFor,
}: {
  groups: AdminSynonymGroup[];
  stateFor: (id: number) => ActionState;
}) {
  return (
    <AdminCard title={`Grupos (${groups.length})`}>
      {groups.length === 0 ? (
        <p className="text-muted">Aún no hay sinónimos.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {groups.map((group) => (
            // Keyed by what is stored: after a save the field shows the stored words.
            <SynonymGroupRow key={`${group.id}:${group.terms.join(",")}`} group={group} state={stateFor(group.id)} />
          ))}
        </ul>
      )}
    </AdminCard>
  );
}

/** One group, saved on its own; deleting asks first. */
function SynonymGroupRow({ group, state }: { group: AdminSynonymGroup; state: ActionState }) {
  const words = formatSynonymTerms(group.terms);
  const form = formFields(state?.values ?? { terms: words }, state?.errors);
  const prefix = `grupo-${group.id}`;
  return (
    <li className="flex flex-col gap-2 rounded-xl border p-4 sm:flex-row sm:items-end">
      <Form method="post" preventScrollReset className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <input type="hidden" name="id" value={group.id} />
        <Field
          label="Palabras del grupo"
          className="flex-1"
          field={{ ...form.field("terms"), id: `${prefix}-palabras` }}
          inputProps={TERMS_INPUT}
        />
        <SubmitButton
          intent="update"
          pendingFields={{ id: String(group.id) }}
          variant="outline"
          aria-label={`Guardar el grupo "${words}"`}
        >
          Guardar
        </SubmitButton>
      </Form>
      <ConfirmDeleteButton
        itemName={`el grupo "${words}"`}
        fields={{ intent: "delete", id: String(group.id) }}
        description={
          <>
            Esta acción no se puede deshacer. <strong className="text-ink">{words}</strong> dejarán de tratarse como
            iguales.
          </>
        }
      />
      <FieldError id={`${prefix}-error`} message={form.error("form")} />
    </li>
  );
}
