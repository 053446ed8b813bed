// /admin/productos/importar and /admin/servicios/importar: upload an .xlsx, see what it would
// create, update or refuse, then confirm. The file stays on the server between the two steps
// (see catalog-excel.server.ts); the page only carries its token.
import { ArrowLeft, Check, Eye, FileDown } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  catalogKinds,
  catalogLayouts,
  describeImportOutcome,
  IMPORT_MESSAGES,
  type ImportPreview,
  kindFromPath,
} from "~/domain/catalog/catalog-excel";
import { confirmCatalogImport, previewCatalogImport, readImportForm } from "~/domain/catalog/catalog-excel.server";
import { pageTitle } from "~/domain/content/seo";
import { cn } from "~/lib/cn";
import { EXCEL_CONTENT_TYPE } from "~/lib/excel";
import { readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { DataTable } from "~/ui/admin/data-table";
import { CheckboxField, Field } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? catalogKinds[loaderData.kind].importTitle : "Importar (Excel)", matches) },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { kind: kindFromPath(new URL(request.url).pathname) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const kind = kindFromPath(new URL(request.url).pathname);
  const form = await readImportForm(request);
  if (!form) return formFailure({ file: IMPORT_MESSAGES.tooLarge }, {}, { description: IMPORT_MESSAGES.tooLarge }, 413);
  const values = readFormValues(form);

  if (values.intent === "confirm") {
    const result = await confirmCatalogImport({
      kind,
      token: values.token ?? "",
      fingerprint: values.fingerprint ?? "",
      userId: admin.id,
    });
    if (result.status === "done") {
      return redirectWithToast(catalogKinds[kind].listPath, {
        title: "Importación Completada",
        description: describeImportOutcome(result.outcome),
      });
    }
    if (result.status === "changed") {
      return data(
        {
          preview: result.preview,
          values,
          toast: {
            title: "El catálogo cambió",
            description: "La vista previa se actualizó con los datos de ahora. Revísala y confirma de nuevo.",
            variant: "destructive" as const,
          },
        },
        { status: 409 },
      );
    }
    return formFailure({ file: IMPORT_MESSAGES.expired }, {}, { description: IMPORT_MESSAGES.expired }, 410);
  }

  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return formFailure({ file: IMPORT_MESSAGES.missingFile }, values, {
      description: IMPORT_MESSAGES.missingFile,
    });
  }
  const result = await previewCatalogImport({
    kind,
    bytes: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name.slice(0, 200),
    createBrands: kind === "products" && values.createBrands === "on",
    userId: admin.id,
  });
  if (!result.ok) return formFailure({ file: result.message }, values, { description: result.message });
  return data({ preview: result.preview, values });
}

export default function CatalogImport({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const labels = catalogKinds[kind];
  useToastFrom(actionData && "toast" in actionData ? actionData.toast : undefined);
  const preview = actionData && "preview" in actionData ? actionData.preview : undefined;
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const values = actionData?.values ?? {};
  const { columns, required } = catalogLayouts[kind];

  return (
    <>
      <AdminPageHeader
        title={labels.importTitle}
        description="Sube un archivo .xlsx con el formato de la exportación. Primero verás una vista previa: nada se guarda hasta que confirmes."
        actions={
          <Button asChild variant="outline">
            <Link to={labels.listPath}>
              <ArrowLeft aria-hidden /> Volver al listado
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <AdminCard title="Archivo">
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
            <Field
              label="Archivo Excel (.xlsx)"
              error={errors?.file}
              inputProps={{
                id: "import-file",
                name: "file",
                type: "file",
                required: true,
                accept: `.xlsx,${EXCEL_CONTENT_TYPE}`,
              }}
            />
            {kind === "products" ? (
              <CheckboxField
                id="create-brands"
                label="Crear las marcas que no existan"
                inputProps={{ name: "createBrands", defaultChecked: values.createBrands === "on" }}
              />
            ) : null}
            <div>
              <SubmitButton intent="preview" pendingLabel="Leyendo el archivo…">
                <Eye aria-hidden /> Vista previa
              </SubmitButton>
            </div>
          </Form>
        </AdminCard>
        <AdminCard title="Formato">
          <p className="text-sm">
            Una fila por {labels.noun}, con estos encabezados en la primera fila (los marcados con * son obligatorios):
          </p>
          <p className="mt-2 text-sm text-muted">
            {columns
              .filter((column) => !column.hidden)
              .map((column) => `${column.header}${required.includes(column.key) ? " *" : ""}`)
              .join(" · ")}
          </p>
          <p className="mt-3 text-sm">
            Las filas con ID se actualizan; sin ID, se busca el mismo título y, si no existe, se crea. Familia,
            categoría y subcategoría van por su nombre.
          </p>
          {columns.some((column) => column.key === "exportedStock") ? (
            <p className="mt-3 text-sm">
              La exportación guarda en una columna oculta el stock de ese momento. Si no cambias el stock de una fila,
              se conserva el actual, con lo vendido desde entonces.
            </p>
          ) : null}
          <Button asChild variant="link" size="inline" className="mt-2">
            <a href={labels.exportPath} download>
              <FileDown aria-hidden /> Descargar el catálogo actual como plantilla
            </a>
          </Button>
        </AdminCard>
      </div>
      {preview ? <PreviewCard key={preview.token + preview.fingerprint} preview={preview} noun={labels.noun} /> : null}
    </>
  );
}

function CountTile({ label, count, tone }: { label: string; count: number; tone: string }) {
  return (
    <div className={cn("rounded-lg border p-3", tone)}>
      <dt className="text-sm">{label}</dt>
      <dd className="text-2xl font-bold">{count}</dd>
    </div>
  );
}

function PreviewSection({
  title,
  shown,
  total,
  children,
}: {
  title: string;
  shown: number;
  total: number;
  children: ReactNode;
}) {
  if (total === 0) return null;
  return (
    <section className="mt-6" aria-label={title}>
      <h3 className="mb-2 font-bold">
        {title} ({total})
      </h3>
      {children}
      {shown < total ? (
        <p className="mt-2 text-sm text-muted">
          Se muestran las primeras {shown} de {total} filas.
        </p>
      ) : null}
    </section>
  );
}

function PreviewCard({ preview, noun }: { preview: ImportPreview; noun: string }) {
  const { counts } = preview;
  const writes = counts.create + counts.update;
  return (
    <div className="mt-6">
      <AdminCard title={`Vista previa de «${preview.fileName}»`}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <CountTile label="A crear" count={counts.create} tone="border-green-200 bg-green-50 text-green-900" />
          <CountTile label="A actualizar" count={counts.update} tone="border-sky-200 bg-sky-50 text-sky-900" />
          <CountTile label="Sin cambios" count={counts.unchanged} tone="border-gray-200 bg-gray-50 text-ink" />
          <CountTile label="Con errores" count={counts.errors} tone="border-red-200 bg-red-50 text-red-900" />
        </dl>
        {preview.newBrands.length > 0 ? (
          <p className="mt-4 text-sm">
            Se crearán las marcas: <strong>{preview.newBrands.join(", ")}</strong>.
          </p>
        ) : null}

        <PreviewSection title="Filas a crear" shown={preview.creates.length} total={counts.create}>
          <DataTable
            caption="Filas a crear"
            rows={preview.creates}
            rowKey={(row) => row.rowNumber}
            emptyMessage=""
            columns={[
              { key: "row", header: "Fila", cell: (row) => row.rowNumber, className: "w-16" },
              { key: "title", header: "Título", cell: (row) => row.title },
              { key: "family", header: "Familia", cell: (row) => row.familyName || "—" },
              { key: "category", header: "Categoría", cell: (row) => row.categoryName || "—" },
              {
                key: "price",
                header: "Precio",
                cell: (row) => formatMoney(row.priceCents),
                className: "whitespace-nowrap",
              },
            ]}
          />
        </PreviewSection>
        <PreviewSection title="Filas a actualizar" shown={preview.updates.length} total={counts.update}>
          <DataTable
            caption="Filas a actualizar"
            rows={preview.updates}
            rowKey={(row) => row.rowNumber}
            emptyMessage=""
            columns={[
              { key: "row", header: "Fila", cell: (row) => row.rowNumber, className: "w-16" },
              { key: "id", header: "ID", cell: (row) => row.id, className: "w-16" },
              { key: "title", header: "Título", cell: (row) => row.title },
              { key: "changes", header: "Cambia", cell: (row) => row.changes.join(", ") },
            ]}
          />
        </PreviewSection>
        <PreviewSection title="Filas con errores" shown={preview.errors.length} total={counts.errors}>
          <DataTable
            caption="Filas con errores"
            rows={preview.errors}
            rowKey={(row) => row.rowNumber}
            emptyMessage=""
            rowClassName={() => "bg-red-50/40"}
            columns={[
              { key: "row", header: "Fila", cell: (row) => row.rowNumber, className: "w-16" },
              { key: "title", header: "Título", cell: (row) => row.title },
              {
                key: "reason",
                header: "Motivo",
                cell: (row) => (
                  <ul className="list-disc pl-4 text-red-800">
                    {row.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </PreviewSection>

        <Form method="post" className="mt-6 flex flex-wrap items-center gap-3 border-t pt-5">
          <input type="hidden" name="token" value={preview.token} />
          <input type="hidden" name="fingerprint" value={preview.fingerprint} />
          <SubmitButton intent="confirm" pendingLabel="Importando…" disabled={writes === 0}>
            <Check aria-hidden /> Confirmar importación
          </SubmitButton>
          <p className="text-sm text-muted">
            {writes === 0
              ? `El archivo no trae ningún ${noun} que crear o actualizar.`
              : `Nada se ha guardado todavía.${counts.errors > 0 ? " Las filas con errores se omitirán." : ""}`}
          </p>
        </Form>
      </AdminCard>
    </div>
  );
}
