// What an uploaded sheet would do: the counts, the rows to create, update or refuse (for
// products, also the presentaciones to create, update, archive or delete), and the
// confirmation, which sends back only the upload's token and the plan's fingerprint.
import type { ReactNode } from "react";
import { Form } from "react-router";

import { variantLabel } from "~/domain/catalog/excel/changes";
import { removalLabel } from "~/domain/catalog/excel/plan-variants";
import type { ImportPreview, VariantsPreview } from "~/domain/catalog/excel/preview";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { AdminCard } from "~/ui/admin/admin-page";
import { DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { SubmitButton } from "~/ui/form/submit-button";

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

function CreatesSection({ preview }: { preview: ImportPreview }) {
  return (
    <PreviewSection title="Filas a crear" shown={preview.creates.length} total={preview.counts.create}>
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
          ...(preview.variants
            ? [
                {
                  key: "presentaciones",
                  header: "Presentaciones",
                  cell: (row: ImportPreview["creates"][number]) => row.variants.join(", ") || "—",
                },
              ]
            : []),
        ]}
      />
    </PreviewSection>
  );
}

function UpdatesSection({ preview }: { preview: ImportPreview }) {
  return (
    <PreviewSection title="Filas a actualizar" shown={preview.updates.length} total={preview.counts.update}>
      <DataTable
        caption="Filas a actualizar"
        rows={preview.updates}
        rowKey={(row) => row.rowNumber}
        emptyMessage=""
        columns={[
          { key: "row", header: "Fila", cell: (row) => row.rowNumber, className: "w-16" },
          { key: "id", header: "ID", cell: (row) => row.id, className: "w-16" },
          { key: "title", header: "Título", cell: (row) => row.title },
          {
            key: "changes",
            header: "Cambia",
            cell: (row) => (
              <ul className="list-disc pl-4">
                {row.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </PreviewSection>
  );
}

function VariantCounts({ variants }: { variants: VariantsPreview }) {
  const { counts } = variants;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Presentaciones">
      <CountTile
        label="Presentaciones a crear"
        count={counts.create}
        tone="border-green-200 bg-green-50 text-green-900"
      />
      <CountTile
        label="Presentaciones a actualizar"
        count={counts.update}
        tone="border-sky-200 bg-sky-50 text-sky-900"
      />
      <CountTile
        label="Presentaciones a archivar"
        count={counts.archive}
        tone="border-amber-200 bg-amber-50 text-amber-900"
      />
      <CountTile label="Presentaciones a eliminar" count={counts.delete} tone="border-red-200 bg-red-50 text-red-900" />
    </dl>
  );
}

/** The stored presentaciones the sheet leaves out: archived when orders name them, else deleted. */
function RemovedSection({ variants }: { variants: VariantsPreview }) {
  const { removed, counts } = variants;
  return (
    <PreviewSection title="Presentaciones a quitar" shown={removed.length} total={counts.archive + counts.delete}>
      <p className="mb-2 text-sm text-muted">
        No están en las filas de su producto. Las que aparecen en pedidos se archivan: dejan de venderse y los pedidos
        las conservan.
      </p>
      <DataTable
        caption="Presentaciones a quitar"
        rows={removed}
        rowKey={(row) => row.id}
        emptyMessage=""
        columns={[
          { key: "id", header: "ID", cell: (row) => row.productId, className: "w-16" },
          { key: "title", header: "Producto", cell: (row) => row.productTitle },
          { key: "name", header: "Presentación", cell: (row) => variantLabel(row.name) },
          { key: "action", header: "Qué pasa", cell: (row) => removalLabel(row.action) },
        ]}
      />
    </PreviewSection>
  );
}

function ErrorsSection({ preview }: { preview: ImportPreview }) {
  return (
    <PreviewSection title="Filas con errores" shown={preview.errors.length} total={preview.counts.errors}>
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
  );
}

function ConfirmForm({ preview, noun }: { preview: ImportPreview; noun: string }) {
  const { counts } = preview;
  const writes = counts.create + counts.update;
  return (
    <Form method="post" className="mt-6 flex flex-wrap items-center gap-3 border-t pt-5">
      <input type="hidden" name="token" value={preview.token} />
      <input type="hidden" name="fingerprint" value={preview.fingerprint} />
      <SubmitButton intent="confirm" pendingLabel="Importando…" disabled={writes === 0}>
        <AdminIcon name="check" /> Confirmar importación
      </SubmitButton>
      <p className="text-sm text-muted">
        {writes === 0
          ? `El archivo no trae ningún ${noun} que crear o actualizar.`
          : `Nada se ha guardado todavía.${counts.errors > 0 ? " Las filas con errores se omitirán." : ""}`}
      </p>
    </Form>
  );
}

export function PreviewCard({ preview, noun }: { preview: ImportPreview; noun: string }) {
  const { counts } = preview;
  return (
    <div className="mt-6">
      <AdminCard title={`Vista previa de «${preview.fileName}»`}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <CountTile label="A crear" count={counts.create} tone="border-green-200 bg-green-50 text-green-900" />
          <CountTile label="A actualizar" count={counts.update} tone="border-sky-200 bg-sky-50 text-sky-900" />
          <CountTile label="Sin cambios" count={counts.unchanged} tone="border-gray-200 bg-gray-50 text-ink" />
          <CountTile label="Con errores" count={counts.errors} tone="border-red-200 bg-red-50 text-red-900" />
        </dl>
        {preview.variants ? <VariantCounts variants={preview.variants} /> : null}
        {preview.newBrands.length > 0 ? (
          <p className="mt-4 text-sm">
            Se crearán las marcas: <strong>{preview.newBrands.join(", ")}</strong>.
          </p>
        ) : null}
        <CreatesSection preview={preview} />
        <UpdatesSection preview={preview} />
        {preview.variants ? <RemovedSection variants={preview.variants} /> : null}
        <ErrorsSection preview={preview} />
        <ConfirmForm preview={preview} noun={noun} />
      </AdminCard>
    </div>
  );
}
