import { Form, useLocation } from "react-router";

import { blockAnchor, type TaxonomyLevelConfig, withEditing } from "~/domain/catalog/taxonomy-admin";
import { responsiveImage } from "~/domain/media/image";
import type { FieldErrors, FormValues } from "~/lib/form-data";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ImageUpload } from "~/ui/admin/image-upload";
import { Field, FieldError, SelectField } from "~/ui/form/field";
import { formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

export type TaxonomyBlockItem = {
  id: number;
  name: string;
  icon: string | null;
  parentId: number | null;
  parentName: string | null;
};

/** What the action answered, if anything: the block shows it only when it was its own form. */
export type TaxonomyActionState = { errors?: FieldErrors; values?: FormValues } | undefined;

type ParentOption = { id: number; name: string };

/**
 * One taxonomy level: add form, the list with inline edit (one item at a time, named in
 * the URL so it also works without JavaScript) and delete with confirmation. The seven
 * blocks of /admin/taxonomia are this component with seven configurations.
 */
export function TaxonomyBlock({
  config,
  items,
  parentOptions,
  editingId,
  state,
  formKey,
}: {
  config: TaxonomyLevelConfig;
  items: TaxonomyBlockItem[];
  parentOptions: ParentOption[];
  editingId: number | undefined;
  state: TaxonomyActionState;
  /** Changes after each successful save (see useResetKey): the add form then starts empty. */
  formKey: number;
}) {
  const anchor = blockAnchor(config.key);
  const own = state?.values?.level === config.key ? state : undefined;
  const listError = own?.values?.intent === "delete" ? own.errors?.form : undefined;
  const editState = (item: TaxonomyBlockItem) =>
    own?.values?.intent === "update" && own.values.id === String(item.id) ? own : undefined;

  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-20 rounded-xl border bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={`${anchor}-title`} className="mb-4 text-lg font-bold">
        {config.title}
      </h3>
      <AddItemForm
        key={formKey}
        config={config}
        parentOptions={parentOptions}
        state={own?.values?.intent === "add" ? own : undefined}
      />
      {listError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {listError}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-center text-sm text-muted">No hay elementos.</p>
      ) : (
        <ul className="mt-4 divide-y" aria-label={config.title}>
          {items.map((item) =>
            item.id === editingId ? (
              <li key={item.id} className="py-3">
                <EditItemForm config={config} parentOptions={parentOptions} item={item} state={editState(item)} />
              </li>
            ) : (
              <ItemRow key={item.id} config={config} item={item} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** Keyed by the page's reset key: empty again after a successful add, kept after a refusal. */
function AddItemForm({
  config,
  parentOptions,
  state,
}: {
  config: TaxonomyLevelConfig;
  parentOptions: ParentOption[];
  state: TaxonomyActionState;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-lg bg-gray-50 p-4" noValidate>
      <input type="hidden" name="level" value={config.key} />
      <ItemFields
        config={config}
        idPrefix={`${blockAnchor(config.key)}-nuevo`}
        parentOptions={parentOptions}
        state={state}
      />
      <div>
        <SubmitButton intent="add" pendingFields={{ level: config.key }} pendingLabel="Añadiendo…">
          Añadir
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The item being edited (`?editar=level:id`), in place of its row. */
function EditItemForm({
  config,
  parentOptions,
  item,
  state,
}: {
  config: TaxonomyLevelConfig;
  parentOptions: ParentOption[];
  item: TaxonomyBlockItem;
  state: TaxonomyActionState;
}) {
  const location = useLocation();
  const anchor = blockAnchor(config.key);
  const search = withEditing(new URLSearchParams(location.search), config.key, null);
  return (
    <Form
      method="post"
      aria-label={`Editar ${item.name}`}
      className="flex flex-col gap-4 rounded-lg border border-primary/40 p-4"
      noValidate
    >
      <input type="hidden" name="level" value={config.key} />
      <input type="hidden" name="id" value={item.id} />
      <ItemFields
        config={config}
        idPrefix={`${anchor}-${item.id}`}
        parentOptions={parentOptions}
        item={item}
        state={state}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="update" pendingFields={{ level: config.key, id: String(item.id) }} size="sm">
          Guardar
        </SubmitButton>
        <Button asChild variant="outline" size="sm">
          <Link to={{ search, hash: anchor }} preventScrollReset>
            Cancelar
          </Link>
        </Button>
      </div>
    </Form>
  );
}

/** One item of the list: icon, name, parent, and its edit and delete buttons. */
function ItemRow({ config, item }: { config: TaxonomyLevelConfig; item: TaxonomyBlockItem }) {
  const location = useLocation();
  const anchor = blockAnchor(config.key);
  const search = withEditing(new URLSearchParams(location.search), config.key, item.id);
  return (
    <li className="flex items-center gap-3 py-3">
      <ItemIcon icon={item.icon} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{item.name}</p>
        {item.parentName !== null ? <p className="text-sm text-muted">{item.parentName}</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button asChild variant="ghost" size="sm">
          <Link to={{ search, hash: anchor }} preventScrollReset aria-label={`Editar ${item.name}`} title="Editar">
            <AdminIcon name="pencil" />
          </Link>
        </Button>
        <ConfirmDeleteButton
          itemName={item.name}
          fields={{ intent: "delete", level: config.key, id: String(item.id) }}
        />
      </div>
    </li>
  );
}

function ItemIcon({ icon }: { icon: string | null }) {
  if (!icon) {
    return (
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <AdminIcon name="paw-print" className="size-5" />
      </span>
    );
  }
  return (
    <img
      {...responsiveImage(icon, "40px")}
      alt=""
      width={40}
      height={40}
      className="size-10 shrink-0 rounded-lg border object-contain"
    />
  );
}

/** An item's values as its form starts: the stored ones, or none for a new item. */
function itemValues(item: TaxonomyBlockItem | undefined): FormValues {
  return { name: item?.name ?? "", parentId: item?.parentId ? String(item.parentId) : "", icon: item?.icon ?? "" };
}

/** Name, parent select (below the top level) and icon: the same fields to add and to edit. */
function ItemFields({
  config,
  idPrefix,
  parentOptions,
  item,
  state,
}: {
  config: TaxonomyLevelConfig;
  idPrefix: string;
  parentOptions: ParentOption[];
  item?: TaxonomyBlockItem;
  state: TaxonomyActionState;
}) {
  const form = formFields(state?.values ?? itemValues(item), state?.errors);
  return (
    <>
      <Field
        label="Nombre"
        field={{ ...form.field("name"), id: `${idPrefix}-nombre` }}
        inputProps={{ maxLength: 80, autoComplete: "off" }}
      />
      {config.parent ? (
        <SelectField
          label={config.parent.label === "familia" ? "Familia padre" : "Categoría padre"}
          field={{ ...form.field("parentId"), id: `${idPrefix}-padre` }}
        >
          <option value="">Selecciona una {config.parent.label}</option>
          {parentOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <ImageUpload
        name="icon"
        label="Icono (opcional)"
        defaultValue={form.value("icon")}
        error={form.error("icon")}
        previewSize="size-12"
      />
      <FieldError id={`${idPrefix}-error`} message={form.error("form")} />
    </>
  );
}
