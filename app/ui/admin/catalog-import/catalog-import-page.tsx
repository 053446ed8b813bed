// The import screen of /admin/productos/importar and /admin/servicios/importar: the file to
// upload, the sheet's format, and once read, the preview to confirm (preview-card.tsx).
import { Form } from "react-router";

import { catalogLayouts } from "~/domain/catalog/excel/layout";
import type { ImportPreview } from "~/domain/catalog/excel/preview";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { EXCEL_CONTENT_TYPE } from "~/lib/excel";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { CheckboxField, Field } from "~/ui/form/field";
import { type FormActionData, type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { PreviewCard } from "./preview-card";

/** The action's answer: a refusal (errors beside the file) or a preview, with its toast. */
export type CatalogImportActionData = (NonNullable<FormActionData> & { preview?: ImportPreview }) | undefined;

/** The page's title: the kind's once the loader has run. */
export function catalogImportTitle(kind: CatalogKind | undefined): string {
  return kind ? catalogKinds[kind].importTitle : "Importar (Excel)";
}

function FileCard({ kind, form }: { kind: CatalogKind; form: FormFields }) {
  return (
    <AdminCard title="Archivo">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <Field
          label="Archivo Excel (.xlsx)"
          field={{ ...form.field("file"), id: "import-file" }}
          inputProps={{ type: "file", required: true, accept: `.xlsx,${EXCEL_CONTENT_TYPE}` }}
        />
        {catalogKinds[kind].has.brand ? (
          <CheckboxField
            label="Crear las marcas que no existan"
            field={{ ...form.checkbox("createBrands"), id: "create-brands" }}
          />
        ) : null}
        <div>
          <SubmitButton intent="preview" pendingLabel="Leyendo el archivo…">
            <AdminIcon name="eye" /> Vista previa
          </SubmitButton>
        </div>
      </Form>
    </AdminCard>
  );
}

/** How a products sheet lists a product's presentaciones (sizes). */
function VariantsHelp() {
  return (
    <p className="mt-3 text-sm">
      Un producto con presentaciones (3 kg y 15 kg; Talla S, M y L) ocupa una fila por presentación, con los datos del
      producto repetidos y el nombre de cada una en la columna Presentación; el precio, la oferta, el stock, el SKU y el
      peso son de cada presentación. Un producto sin presentaciones ocupa una sola fila, con esa columna vacía. Si
      quitas la fila de una presentación, se elimina, o se archiva si aparece en pedidos.
    </p>
  );
}

function FormatCard({ kind }: { kind: CatalogKind }) {
  const { noun, exportPath } = catalogKinds[kind];
  const { columns, required } = catalogLayouts[kind];
  return (
    <AdminCard title="Formato">
      <p className="text-sm">
        Una fila por {noun}
        {columns.some((column) => column.key === "variantName") ? " (o por presentación)" : ""}, con estos encabezados
        en la primera fila (los marcados con * son obligatorios):
      </p>
      <p className="mt-2 text-sm text-muted">
        {columns
          .filter((column) => !column.hidden)
          .map((column) => `${column.header}${required.includes(column.key) ? " *" : ""}`)
          .join(" · ")}
      </p>
      <p className="mt-3 text-sm">
        Las filas con ID se actualizan; sin ID, se busca el mismo título y, si no existe, se crea. Familia, categoría y
        subcategoría van por su nombre.
      </p>
      {columns.some((column) => column.key === "variantName") ? <VariantsHelp /> : null}
      {columns.some((column) => column.key === "exportedStock") ? (
        <p className="mt-3 text-sm">
          La exportación guarda en una columna oculta el stock de ese momento. Si no cambias el stock de una fila, se
          conserva el actual, con lo vendido desde entonces.
        </p>
      ) : null}
      {columns.some((column) => column.key === "igvTreatment") ? (
        <p className="mt-3 text-sm">
          En la columna IGV va cómo se declara el precio en la boleta o factura: gravado (con IGV 18 %), exonerado o
          inafecto. Si la dejas vacía, se conserva el del producto (gravado en los nuevos).
        </p>
      ) : null}
      <Button asChild variant="link" size="inline" className="mt-2">
        <a href={exportPath} download>
          <AdminIcon name="file-down" /> Descargar el catálogo actual como plantilla
        </a>
      </Button>
    </AdminCard>
  );
}

export function CatalogImportPage({ kind, actionData }: { kind: CatalogKind; actionData: CatalogImportActionData }) {
  const { importTitle, listPath, noun } = catalogKinds[kind];
  const form = useFormFields(undefined, actionData);
  const preview = actionData?.preview;
  return (
    <>
      <AdminPageHeader
        title={importTitle}
        description="Sube un archivo .xlsx con el formato de la exportación. Primero verás una vista previa: nada se guarda hasta que confirmes."
        actions={
          <Button asChild variant="outline">
            <Link to={listPath}>
              <AdminIcon name="arrow-left" /> Volver al listado
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <FileCard kind={kind} form={form} />
        <FormatCard kind={kind} />
      </div>
      {preview ? <PreviewCard key={preview.token + preview.fingerprint} preview={preview} noun={noun} /> : null}
    </>
  );
}
