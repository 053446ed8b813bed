// The loader and action of the editors of the catalogue pages' headings
// (/admin/gestion-contenido/productos and /servicios); the route files only name their kind.
import { requireAdmin } from "~/auth/guards.server";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { getEditablePageContent, savePageContent } from "~/domain/content/page-content-admin.server";
import { catalogPageFormSchema, contentSavedToast } from "~/domain/content/page-content-form";
import { parseForm } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";

export async function loadCatalogPageEditor(kind: CatalogKind, { request }: { request: Request }) {
  await requireAdmin(request);
  return { kind, values: (await getEditablePageContent(kind)) satisfies FormValues };
}

export async function saveCatalogPageEditor(kind: CatalogKind, { request }: { request: Request }) {
  const admin = await requireAdmin(request);
  const form = await parseForm(request, catalogPageFormSchema, "Error");
  if (!form.ok) return form.failure;
  await savePageContent(admin.id, kind, form.data);
  return redirectWithToast(catalogKinds[kind].pageContentPath, contentSavedToast);
}
