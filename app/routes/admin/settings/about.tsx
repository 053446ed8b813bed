import { useRef, useState } from "react";
import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { valueIcons } from "~/domain/content/page-content";
import { getEditablePageContent, savePageContent } from "~/domain/content/page-content-admin.server";
import {
  aboutFormSchema,
  contentSavedToast,
  MAX_VALUES,
  readAboutForm,
  readAboutValues,
  toAboutFormValues,
  valueIconLabels,
} from "~/domain/content/page-content-form";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ImageUpload } from "~/ui/admin/image-upload";
import { Field, FieldError, SelectField, TextAreaField } from "~/ui/form/field";
import { type FieldBinding, type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: "Página Nosotros | Gestión" }];

const ABOUT_EDITOR_PATH = href("/admin/configuracion/nosotros");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: toAboutFormValues(await getEditablePageContent("about")) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(aboutFormSchema, readAboutForm(values));
  if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
  await savePageContent(admin.id, "about", parsed.data);
  return redirectWithToast(ABOUT_EDITOR_PATH, contentSavedToast);
}

type ValueRow = { key: number; title: string; description: string; icon: string };

/** Up, down and remove for one value; `move` swaps it with its neighbour. */
function ValueRowButtons({
  index,
  count,
  move,
  remove,
}: {
  index: number;
  count: number;
  move: (index: number, offset: -1 | 1) => void;
  remove: () => void;
}) {
  return (
    <div className="flex gap-1">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Subir valor ${index + 1}`}
        disabled={index === 0}
        onClick={() => move(index, -1)}
      >
        <AdminIcon name="arrow-up" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Bajar valor ${index + 1}`}
        disabled={index === count - 1}
        onClick={() => move(index, 1)}
      >
        <AdminIcon name="arrow-down" />
      </Button>
      <Button
        type="button"
        variant="ghostDestructive"
        size="sm"
        aria-label={`Quitar valor ${index + 1}`}
        onClick={remove}
      >
        <AdminIcon name="trash-2" />
      </Button>
    </div>
  );
}

/**
 * One value's fields: their ids follow the row (so a moved row keeps its label), their names
 * its position, and they start from the row's own text.
 */
function ValueRowFields({ row, index, f }: { row: ValueRow; index: number; f: FormFields }) {
  const bind = (part: "title" | "description" | "icon"): FieldBinding => {
    const name = `valuesSection.values.${index}.${part}`;
    return { id: `value-${row.key}-${part}`, name, defaultValue: row[part], error: f.error(name) };
  };
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field label="Título" field={bind("title")} inputProps={{ maxLength: 80 }} />
        <SelectField label="Ícono" field={{ ...bind("icon"), defaultValue: row.icon || valueIcons[0] }}>
          {valueIcons.map((icon) => (
            <option key={icon} value={icon}>
              {valueIconLabels[icon]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Descripción" field={bind("description")} textareaProps={{ maxLength: 300, rows: 2 }} />
    </>
  );
}

/**
 * The values list: rows keep their typed text while moved (keyed inputs), and their
 * field names follow their position, which is the order the server stores.
 */
function ValuesList({ initial, f }: { initial: Omit<ValueRow, "key">[]; f: FormFields }) {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<ValueRow[]>(() => initial.map((row, index) => ({ ...row, key: index })));

  function move(index: number, offset: -1 | 1) {
    setRows((current) => {
      const target = index + offset;
      if (target < 0 || target >= current.length) return current;
      const next = [...current];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? <p className="text-sm text-muted">No hay valores. La sección no se mostrará.</p> : null}
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded-xl border bg-surface p-4">
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">Valor {index + 1}</legend>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold" aria-hidden>
                  Valor {index + 1}
                </span>
                <ValueRowButtons
                  index={index}
                  count={rows.length}
                  move={move}
                  remove={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                />
              </div>
              <ValueRowFields row={row} index={index} f={f} />
            </fieldset>
          </li>
        ))}
      </ol>
      <FieldError id="values-error" message={f.error("valuesSection.values")} />
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={rows.length >= MAX_VALUES}
          onClick={() => {
            const key = nextKey.current++;
            setRows((current) => [...current, { key, title: "", description: "", icon: valueIcons[0] }]);
          }}
        >
          <AdminIcon name="plus" /> Añadir valor
        </Button>
      </div>
    </div>
  );
}

const PARAGRAPHS_HINT = "Separa los párrafos con una línea en blanco.";

function HistoryCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Historia">
      <div className="flex flex-col gap-4">
        <Field
          label="Título de la página (pestaña del navegador)"
          field={f.field("title")}
          inputProps={{ maxLength: 80 }}
        />
        <Field label="Encabezado principal" field={f.field("mainHeading")} inputProps={{ maxLength: 150 }} />
        <TextAreaField
          label="Contenido principal"
          hint={PARAGRAPHS_HINT}
          field={f.field("content")}
          textareaProps={{ rows: 8, maxLength: 8000 }}
        />
        <ImageUpload
          name="historyImage"
          label="Imagen de la historia"
          defaultValue={f.value("historyImage")}
          error={f.error("historyImage")}
        />
      </div>
    </AdminCard>
  );
}

function TeamCard({ f }: { f: FormFields }) {
  return (
    <AdminCard title="Equipo">
      <div className="flex flex-col gap-4">
        <Field
          label="Título de la sección"
          field={{ ...f.field("teamSection.heading"), id: "teamHeading" }}
          inputProps={{ maxLength: 150 }}
        />
        <TextAreaField
          label="Contenido"
          hint={PARAGRAPHS_HINT}
          field={{ ...f.field("teamSection.content"), id: "teamContent" }}
          textareaProps={{ rows: 4, maxLength: 4000 }}
        />
        <ImageUpload
          name="teamSection.image"
          label="Imagen del equipo"
          defaultValue={f.value("teamSection.image")}
          error={f.error("teamSection.image")}
        />
      </div>
    </AdminCard>
  );
}

export default function AboutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const f = useFormFields(loaderData.values, actionData);
  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Página Nosotros"
        description={`Historia, valores y equipo de la página ${href("/nosotros")}. Los cambios se ven en la tienda en la próxima visita.`}
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/gestion-contenido")}>Volver a Gestión de Contenido</Link>
          </Button>
        }
      />
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <HistoryCard f={f} />
        <AdminCard title="Valores">
          <div className="flex flex-col gap-4">
            <Field
              label="Título de la sección"
              field={{ ...f.field("valuesSection.heading"), id: "valuesHeading" }}
              inputProps={{ maxLength: 150 }}
            />
            <ValuesList initial={readAboutValues(actionData?.values ?? loaderData.values)} f={f} />
          </div>
        </AdminCard>
        <TeamCard f={f} />
        <div className="flex justify-end">
          <SubmitButton size="lg">Guardar Cambios</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
