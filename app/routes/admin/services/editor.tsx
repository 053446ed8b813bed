import { ArrowLeft } from "lucide-react";
import { Form, href, Link } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { serviceFormSchema, toServiceFormValues } from "~/domain/catalog/service-admin";
import { getServiceForEditor, listServiceFormOptions, saveService } from "~/domain/catalog/service-admin.server";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { parseOptionalId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { CatalogImageFields, RevealedPriceField, TaxonomySelects } from "~/ui/admin/catalog-fields";
import { Field, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/editor";

const LIST_URL = href("/admin/servicios");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isNew === false ? "Editar servicio" : "Nuevo servicio"} | Gestión` },
];

function redirectNotFound() {
  return redirectWithToast(LIST_URL, {
    title: "Error",
    description: "Servicio no encontrado.",
    variant: "destructive",
  });
}

/** The service id of /editar/:serviceId; undefined on /nuevo, null when it is not an id. */
function readServiceId(params: { serviceId?: string }): number | undefined | null {
  if (params.serviceId === undefined) return undefined;
  const id = parseOptionalId(params.serviceId);
  return typeof id === "number" ? id : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = readServiceId(params);
  if (id === null) throw await redirectNotFound();
  const [service, options] = await Promise.all([
    id === undefined ? null : getServiceForEditor(id),
    listServiceFormOptions(),
  ]);
  if (id !== undefined && !service) throw await redirectNotFound();
  return {
    isNew: !service,
    // A new service shows its price by default (the spec's showPrice default true).
    values: service ? toServiceFormValues(service) : { showPrice: "on" },
    options,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = readServiceId(params);
  if (id === null) return redirectNotFound();
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(serviceFormSchema, values);
  if (!parsed.success) {
    return formFailure(parsed.errors, values, { title: "Error de Validación", description: parsed.firstMessage });
  }
  const result = await saveService(admin, parsed.data, id);
  if (result.status === "not-found") return redirectNotFound();
  if (result.status === "invalid") {
    const [first] = Object.values(result.errors);
    return formFailure(result.errors, values, { title: "Error de Validación", description: first ?? "" });
  }
  return redirectWithToast(LIST_URL, {
    title: id === undefined ? "Servicio Añadido" : "Servicio Actualizado",
    description:
      id === undefined
        ? `"${result.title}" se añadió a los servicios.`
        : `Los cambios de "${result.title}" se guardaron.`,
  });
}

export default function ServiceEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { isNew, options } = loaderData;
  const values: Record<string, string | undefined> = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors;
  useToastFrom(actionData?.toast);
  return (
    <>
      <AdminPageHeader
        title={isNew ? "Nuevo Servicio" : "Editar Servicio"}
        description="Los campos con * son obligatorios."
        actions={
          <Button asChild variant="ghost">
            <Link to={LIST_URL}>
              <ArrowLeft aria-hidden /> Volver a servicios
            </Link>
          </Button>
        }
      />
      <AdminCard>
        <Form method="post" className="grid gap-5 md:grid-cols-2">
          <Field
            className="md:col-span-2"
            label="Título *"
            error={errors?.title}
            inputProps={{ id: "title", name: "title", defaultValue: values.title ?? "", maxLength: 200 }}
          />
          <TaxonomySelects
            options={options}
            values={values}
            errors={errors}
            familyLabel="Familia de servicio"
            isFamilyRequired={false}
          />
          <TextAreaField
            id="description"
            className="md:col-span-2"
            label="Descripción"
            error={errors?.description}
            textareaProps={{ name: "description", defaultValue: values.description ?? "" }}
          />
          <RevealedPriceField
            checkbox={{ name: "showPrice", label: "Mostrar Precio Regular en la Web", value: values.showPrice }}
            price={{ name: "price", label: "Precio Regular (S/)", value: values.price, error: errors?.price }}
          />
          <RevealedPriceField
            checkbox={{ name: "isOfferActive", label: "Oferta activa", value: values.isOfferActive }}
            price={{
              name: "offerPrice",
              label: "Precio de Oferta (S/)",
              value: values.offerPrice,
              error: errors?.offerPrice,
            }}
          />
          <CatalogImageFields
            label="Imagen del servicio"
            altExample="Perro recién bañado y peinado"
            values={values}
            errors={errors}
          />
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <SubmitButton>{isNew ? "Crear Servicio" : "Guardar Cambios"}</SubmitButton>
            <Button asChild variant="outline">
              <Link to={LIST_URL}>Cancelar</Link>
            </Button>
          </div>
        </Form>
      </AdminCard>
    </>
  );
}
