// The loader and action of the catalogue editor (/admin/productos/nuevo, /editar/:productId
// and the same for servicios): one flow for both kinds, whose route files only name theirs.
// What differs (the schema, where the item is loaded from and saved, a product's stock check)
// is the kind's entry in kind-behaviour.server.ts.
import { requireAdmin } from "~/auth/guards.server";
import { catalogKindBehaviour } from "~/domain/catalog/kind-behaviour.server";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { formFailure, parseForm, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";

type IdParam = (typeof catalogKinds)[CatalogKind]["idParam"];
type EditorArgs = { request: Request; params: Partial<Record<IdParam, string>> };

function redirectNotFound(kind: CatalogKind) {
  const { listPath, Noun } = catalogKinds[kind];
  return redirectWithToast(listPath, { title: "Error", description: `${Noun} no encontrado.`, variant: "destructive" });
}

/** The id of /editar/:id; undefined on /nuevo, null when it is not an id. */
function readItemId(kind: CatalogKind, params: EditorArgs["params"]): number | undefined | null {
  const raw = params[catalogKinds[kind].idParam];
  return raw === undefined ? undefined : parseRecordId(raw);
}

export async function loadCatalogEditor(kind: CatalogKind, { request, params }: EditorArgs) {
  await requireAdmin(request);
  const id = readItemId(kind, params);
  if (id === null) throw await redirectNotFound(kind);
  const editor = catalogKindBehaviour[kind].editor;
  const [item, options] = await Promise.all([id === undefined ? null : editor.load(id), editor.listOptions()]);
  if (id !== undefined && !item) throw await redirectNotFound(kind);
  return {
    kind,
    isNew: !item,
    isArchived: item?.isArchived ?? false,
    values: item?.values ?? editor.newValues,
    options,
  };
}

/** Parses the posted form with the kind's schema and saves it; a refused form comes back as is. */
async function saveItem<K extends CatalogKind>(
  kind: K,
  admin: { id: string },
  request: Request,
  id: number | undefined,
) {
  const { schema, save } = catalogKindBehaviour[kind].editor;
  const form = await parseForm(request, schema);
  if (!form.ok) return { status: "refused", failure: form.failure } as const;
  return save(admin, form, id);
}

export async function saveCatalogEditor(kind: CatalogKind, { request, params }: EditorArgs) {
  const admin = await requireAdmin(request);
  const id = readItemId(kind, params);
  if (id === null) return redirectNotFound(kind);
  const outcome = await saveItem(kind, admin, request, id);
  if (outcome.status === "refused") return outcome.failure;
  if (outcome.status === "not-found") return redirectNotFound(kind);
  if (outcome.status === "invalid")
    return formFailure(outcome.errors, outcome.values, { title: VALIDATION_TOAST_TITLE });
  const { Noun, addedTo, listPath } = catalogKinds[kind];
  return redirectWithToast(listPath, {
    title: id === undefined ? `${Noun} Añadido` : `${Noun} Actualizado`,
    description:
      id === undefined ? `"${outcome.title}" se añadió ${addedTo}.` : `Los cambios de "${outcome.title}" se guardaron.`,
  });
}
