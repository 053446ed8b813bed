// The loader and action of /admin/productos/importar and /admin/servicios/importar: one flow
// for both kinds, whose route files only name theirs. Upload an .xlsx, see what it would
// create, update or refuse, then confirm. The file stays on the server between the two steps
// (domain/catalog/excel/import.server.ts); the page only carries its token.
import { data } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { confirmCatalogImport, previewCatalogImport, readImportForm } from "~/domain/catalog/excel/import.server";
import { IMPORT_MESSAGES } from "~/domain/catalog/excel/layout";
import { describeImportOutcome } from "~/domain/catalog/excel/preview";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { formFailure } from "~/lib/form.server";
import { type FormValues, readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";

type Args = { request: Request };

export async function loadCatalogImport(kind: CatalogKind, { request }: Args) {
  await requireAdmin(request);
  return { kind };
}

/** Step 2: writes the previewed file, shows the new preview when the catalogue changed, or says it expired. */
async function confirmImport(kind: CatalogKind, userId: string, values: FormValues) {
  const result = await confirmCatalogImport({
    kind,
    token: values.token ?? "",
    fingerprint: values.fingerprint ?? "",
    userId,
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

/** Step 1: reads and plans the uploaded file, and shows what it would do. */
async function previewImport(kind: CatalogKind, userId: string, form: FormData, values: FormValues) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return formFailure({ file: IMPORT_MESSAGES.missingFile }, values, { description: IMPORT_MESSAGES.missingFile });
  }
  const result = await previewCatalogImport({
    kind,
    bytes: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name.slice(0, 200),
    createBrands: catalogKinds[kind].has.brand && values.createBrands === "on",
    userId,
  });
  if (!result.ok) return formFailure({ file: result.message }, values, { description: result.message });
  return data({ preview: result.preview, values });
}

export async function runCatalogImport(kind: CatalogKind, { request }: Args) {
  const admin = await requireAdmin(request);
  const form = await readImportForm(request);
  if (!form) return formFailure({ file: IMPORT_MESSAGES.tooLarge }, {}, { description: IMPORT_MESSAGES.tooLarge }, 413);
  const values = readFormValues(form);
  if (values.intent === "confirm") return confirmImport(kind, admin.id, values);
  return previewImport(kind, admin.id, form, values);
}
