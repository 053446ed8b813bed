import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Form, href, Link } from "react-router";

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
import { type FieldErrors, type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ImageUpload } from "~/ui/admin/image-upload";
import { Field, FieldError, SelectField, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

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

/**
 * The values list: rows keep their typed text while moved (keyed inputs), and their
 * field names follow their position, which is the order the server stores.
 */
function ValuesList({ initial, errors }: { initial: Omit<ValueRow, "key">[]; errors: FieldErrors }) {
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
        {rows.map((row, index) => {
          const prefix = `valuesSection.values.${index}`;
          return (
            <li key={row.key} className="rounded-xl border bg-surface p-4">
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">Valor {index + 1}</legend>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold" aria-hidden>
                    Valor {index + 1}
                  </span>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Subir valor ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Bajar valor ${index + 1}`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghostDestructive"
                      size="sm"
                      aria-label={`Quitar valor ${index + 1}`}
                      onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
                  <Field
                    label="Título"
                    error={errors[`${prefix}.title`]}
                    inputProps={{
                      id: `value-${row.key}-title`,
                      name: `${prefix}.title`,
                      defaultValue: row.title,
                      maxLength: 80,
                    }}
                  />
                  <SelectField
                    id={`value-${row.key}-icon`}
                    label="Ícono"
                    error={errors[`${prefix}.icon`]}
                    selectProps={{ name: `${prefix}.icon`, defaultValue: row.icon || valueIcons[0] }}
                  >
                    {valueIcons.map((icon) => (
                      <option key={icon} value={icon}>
                        {valueIconLabels[icon]}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <TextAreaField
                  id={`value-${row.key}-description`}
                  label="Descripción"
                  error={errors[`${prefix}.description`]}
                  textareaProps={{
                    name: `${prefix}.description`,
                    defaultValue: row.description,
                    maxLength: 300,
                    rows: 2,
                  }}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id="values-error" message={errors["valuesSection.values"]} />
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
          <Plus aria-hidden /> Añadir valor
        </Button>
      </div>
    </div>
  );
}

export default function AboutEditor({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const values: FormValues = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
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
        <AdminCard title="Historia">
          <div className="flex flex-col gap-4">
            <Field
              label="Título de la página (pestaña del navegador)"
              error={errors.title}
              inputProps={{ id: "title", name: "title", defaultValue: values.title, maxLength: 80 }}
            />
            <Field
              label="Encabezado principal"
              error={errors.mainHeading}
              inputProps={{ id: "mainHeading", name: "mainHeading", defaultValue: values.mainHeading, maxLength: 150 }}
            />
            <TextAreaField
              id="content"
              label="Contenido principal"
              hint="Separa los párrafos con una línea en blanco."
              error={errors.content}
              textareaProps={{ name: "content", defaultValue: values.content, rows: 8, maxLength: 8000 }}
            />
            <ImageUpload
              name="historyImage"
              label="Imagen de la historia"
              defaultValue={values.historyImage}
              error={errors.historyImage}
            />
          </div>
        </AdminCard>

        <AdminCard title="Valores">
          <div className="flex flex-col gap-4">
            <Field
              label="Título de la sección"
              error={errors["valuesSection.heading"]}
              inputProps={{
                id: "valuesHeading",
                name: "valuesSection.heading",
                defaultValue: values["valuesSection.heading"],
                maxLength: 150,
              }}
            />
            <ValuesList initial={readAboutValues(values)} errors={errors} />
          </div>
        </AdminCard>

        <AdminCard title="Equipo">
          <div className="flex flex-col gap-4">
            <Field
              label="Título de la sección"
              error={errors["teamSection.heading"]}
              inputProps={{
                id: "teamHeading",
                name: "teamSection.heading",
                defaultValue: values["teamSection.heading"],
                maxLength: 150,
              }}
            />
            <TextAreaField
              id="teamContent"
              label="Contenido"
              hint="Separa los párrafos con una línea en blanco."
              error={errors["teamSection.content"]}
              textareaProps={{
                name: "teamSection.content",
                defaultValue: values["teamSection.content"],
                rows: 4,
                maxLength: 4000,
              }}
            />
            <ImageUpload
              name="teamSection.image"
              label="Imagen del equipo"
              defaultValue={values["teamSection.image"]}
              error={errors["teamSection.image"]}
            />
          </div>
        </AdminCard>

        <div className="flex justify-end">
          <SubmitButton size="lg">Guardar Cambios</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
