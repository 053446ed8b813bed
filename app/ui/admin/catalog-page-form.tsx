import { Form, href, Link } from "react-router";

import type { FormValues } from "~/lib/form-data";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { Field, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";

/** The editor of a listing page's heading (/productos and /servicios share the shape). */
export function CatalogPageForm({
  title,
  description,
  values,
  errors,
}: {
  title: string;
  description: string;
  values: FormValues;
  errors: Record<string, string>;
}) {
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
          <Field
            label="Título principal"
            error={errors.mainTitle}
            inputProps={{ id: "mainTitle", name: "mainTitle", defaultValue: values.mainTitle, maxLength: 150 }}
          />
          <TextAreaField
            id="mainDescription"
            label="Descripción principal"
            error={errors.mainDescription}
            textareaProps={{ name: "mainDescription", defaultValue: values.mainDescription, maxLength: 1000, rows: 4 }}
          />
          <div className="flex justify-end">
            <SubmitButton size="lg">Guardar Cambios</SubmitButton>
          </div>
        </Form>
      </AdminCard>
    </div>
  );
}
