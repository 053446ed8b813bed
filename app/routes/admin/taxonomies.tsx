import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  blockAnchor,
  buildTaxonomyItemSchema,
  findTaxonomyLevel,
  readEditingIds,
  taxonomyLevels,
  withEditing,
} from "~/domain/catalog/taxonomy-admin";
import {
  addTaxonomyItem,
  deleteTaxonomyItem,
  listTaxonomyBlocks,
  updateTaxonomyItem,
} from "~/domain/catalog/taxonomy-admin.server";
import { formFailure, parseForm } from "~/lib/form.server";
import { readFormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { TaxonomyBlock } from "~/ui/admin/taxonomy-block";
import { useResetKey } from "~/ui/form/use-reset-key";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/taxonomies";

export const meta: Route.MetaFunction = () => [{ title: "Taxonomías | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {
    blocks: await listTaxonomyBlocks(),
    editing: readEditingIds(new URL(request.url).searchParams),
  };
}

/** The spec titles the taxonomy's refusals 'Error' (section 8), not 'Error de Validación'. */
const ERROR_TITLE = "Error";
const INVALID_REQUEST = "Solicitud no válida. Recarga la página.";

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const values = readFormValues(formData);
  const search = new URL(request.url).searchParams;
  const level = findTaxonomyLevel(values.level);
  const intent = values.intent;
  const id = parseRecordId(values.id);
  if (!level || !(intent === "add" || ((intent === "update" || intent === "delete") && id !== null))) {
    return formFailure({ form: INVALID_REQUEST }, values, { title: ERROR_TITLE });
  }
  // Back to the block that sent the form, the other blocks still editing what they were.
  const backTo = (query: string) => `${href("/admin/taxonomia")}${query}#${blockAnchor(level.key)}`;
  const sameQuery = search.size > 0 ? `?${search}` : "";

  if (intent === "delete") {
    const result = await deleteTaxonomyItem(admin.id, level, id!);
    if (!result.ok) return formFailure({ form: result.message }, values, { title: "No se puede eliminar" }, 409);
    const isEditingDeleted = readEditingIds(search)[level.key] === id;
    return redirectWithToast(backTo(isEditingDeleted ? withEditing(search, level.key, null) : sameQuery), {
      title: "Elemento Eliminado",
      description: `"${result.name}" se eliminó de ${level.title}.`,
    });
  }

  const form = await parseForm(formData, buildTaxonomyItemSchema(level), ERROR_TITLE);
  if (!form.ok) return form.failure;
  const result =
    intent === "add"
      ? await addTaxonomyItem(admin.id, level, form.data)
      : await updateTaxonomyItem(admin.id, level, id!, form.data);
  if (!result.ok) return formFailure({ [result.field]: result.message }, values, { title: ERROR_TITLE });
  return intent === "add"
    ? redirectWithToast(backTo(sameQuery), {
        title: "Elemento Añadido",
        description: `"${result.name}" se añadió a ${level.title}.`,
      })
    : redirectWithToast(backTo(withEditing(search, level.key, null)), {
        title: "Elemento Actualizado",
        description: `"${result.name}" se guardó en ${level.title}.`,
      });
}

const groups = [
  { key: "products", title: "Productos" },
  { key: "services", title: "Servicios" },
] as const;

export default function Taxonomies({ loaderData, actionData }: Route.ComponentProps) {
  // One toast for the page's many forms: each block binds its fields with formFields().
  useToastFrom(actionData?.toast);
  const { blocks, editing } = loaderData;
  const formKey = useResetKey(loaderData);
  return (
    <div>
      <AdminPageHeader
        title="Taxonomías"
        description="Familias, categorías, subcategorías y marcas con las que se ordena el catálogo de la tienda. La dirección (URL) de cada elemento no cambia al renombrarlo, así los enlaces compartidos siguen funcionando."
      />
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`grupo-${group.key}`} className="mb-10">
          <h2 id={`grupo-${group.key}`} className="mb-4 text-xl font-bold text-primary-strong">
            {group.title}
          </h2>
          <div className="grid items-start gap-6 xl:grid-cols-2">
            {taxonomyLevels
              .filter((level) => level.group === group.key)
              .map((level) => {
                const block = blocks.find((candidate) => candidate.key === level.key)!;
                return (
                  <TaxonomyBlock
                    key={level.key}
                    config={level}
                    items={block.items}
                    parentOptions={block.parentOptions}
                    editingId={editing[level.key]}
                    state={actionData}
                    formKey={formKey}
                  />
                );
              })}
          </div>
        </section>
      ))}
    </div>
  );
}
