import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { getEditablePageContent, savePageContent } from "~/domain/content/page-content-admin.server";
import { catalogPageFormSchema, contentSavedToast } from "~/domain/content/page-content-form";
import { type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { CatalogPageForm } from "~/ui/admin/catalog-page-form";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/services-page";

export const meta: Route.MetaFunction = () => [{ title: "Página de Servicios | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { values: (await getEditablePageContent("services")) satisfies FormValues };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(catalogPageFormSchema, values);
  if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
  await savePageContent(admin.id, "services", parsed.data);
  return redirectWithToast(href("/admin/gestion-contenido/servicios"), contentSavedToast);
}

export default function ServicesPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  return (
    <CatalogPageForm
      title="Página de Servicios"
      description={`Título y descripción que encabezan la página de servicios (${buildCatalogPath("services")}). Los cambios se ven en la tienda en la próxima visita.`}
      values={actionData?.values ?? loaderData.values}
      errors={actionData?.errors ?? {}}
    />
  );
}
