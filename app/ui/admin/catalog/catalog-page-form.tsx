import { Form, href } from "react-router";

import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import type { CatalogKind } from "~/domain/catalog/kinds";
import type { FormValues } from "~/lib/form-data";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { Field, TextAreaField } from "~/ui/form/field";
import { type FormActionData, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

const pageTexts: Record<CatalogKind, { title: string; description: string }> = {
  products: {
    title: "Página de Productos",
    description: `Título y descripción que encabezan el catálogo de productos (${buildCatalogPath("products")}). Los cambios se ven en la tienda en la próxima visita.`,
  },
  services: {
    title: "Página de Servicios",
    description: `Título y descripción que encabezan la página de servicios (${buildCatalogPath("services")}). Los cambios se ven en la tienda en la próxima visita.`,
  },
};

/** The editor of a listing page's heading (/productos and /servicios share the shape). */
export function CatalogPageForm({
  kind,
  values,
  actionData,
}: {
  kind: CatalogKind;
  values: FormValues;
  actionData: FormActionData;
}) {
  const form = useFormFields(values, actionData);
  const { title, description } = pageTexts[kind];
  return (
    <div className="max-w-3xl">
      <AdminPageHeader
        title={title}
        description={description}
        actions={
          <Button asChild variant="outline">
            <Link to={href("/admin/gestion-contenido")}>Volver a Gestión de Contenido</Link>
          </Button>
        }
      />
      <AdminCard>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <Field label="Título principal" field={form.field("mainTitle")} inputProps={{ maxLength: 150 }} />
          <TextAreaField
            label="Descripción principal"
            field={form.field("mainDescription")}
            textareaProps={{ maxLength: 1000, rows: 4 }}
          />
          <div className="flex justify-end">
            <SubmitButton size="lg">Guardar Cambios</SubmitButton>
          </div>
        </Form>
      </AdminCard>
    </div>
  );
}
