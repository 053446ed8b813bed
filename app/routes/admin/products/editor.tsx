import { ArrowLeft } from "lucide-react";
import { Form, href, Link } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { productFormSchema, toProductFormValues } from "~/domain/catalog/product-admin";
import { getProductForEditor, listProductFormOptions, saveProduct } from "~/domain/catalog/product-admin.server";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { parseOptionalId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { CatalogImageFields, PriceField, RevealedPriceField, TaxonomySelects } from "~/ui/admin/catalog-fields";
import { Field, SelectField, TextAreaField } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/editor";

const LIST_URL = href("/admin/productos");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isNew === false ? "Editar producto" : "Nuevo producto"} | Gestión` },
];

function redirectNotFound() {
  return redirectWithToast(LIST_URL, {
    title: "Error",
    description: "Producto no encontrado.",
    variant: "destructive",
  });
}

/** The product id of /editar/:productId; undefined on /nuevo, null when it is not an id. */
function readProductId(params: { productId?: string }): number | undefined | null {
  if (params.productId === undefined) return undefined;
  const id = parseOptionalId(params.productId);
  return typeof id === "number" ? id : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = readProductId(params);
  if (id === null) throw await redirectNotFound();
  const [product, options] = await Promise.all([
    id === undefined ? null : getProductForEditor(id),
    listProductFormOptions(),
  ]);
  if (id !== undefined && !product) throw await redirectNotFound();
  return {
    isNew: !product,
    isArchived: product?.isArchived ?? false,
    values: product ? toProductFormValues(product) : {},
    options,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = readProductId(params);
  if (id === null) return redirectNotFound();
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(productFormSchema, values);
  if (!parsed.success) {
    return formFailure(parsed.errors, values, { title: "Error de Validación", description: parsed.firstMessage });
  }
  const result = await saveProduct(admin, parsed.data, id);
  if (result.status === "not-found") return redirectNotFound();
  if (result.status === "invalid") {
    const [first] = Object.values(result.errors);
    // After a stock conflict the form shows the current stock as its new starting point,
    // so saving again with the owner's figure goes through.
    const shown = result.stockNow === undefined ? values : { ...values, stockShown: String(result.stockNow) };
    return formFailure(result.errors, shown, { title: "Error de Validación", description: first ?? "" });
  }
  return redirectWithToast(LIST_URL, {
    title: id === undefined ? "Producto Añadido" : "Producto Actualizado",
    description:
      id === undefined ? `"${result.title}" se añadió al catálogo.` : `Los cambios de "${result.title}" se guardaron.`,
  });
}

export default function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { isNew, isArchived, options } = loaderData;
  const values: Record<string, string | undefined> = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors;
  useToastFrom(actionData?.toast);
  return (
    <>
      <AdminPageHeader
        title={isNew ? "Nuevo Producto" : "Editar Producto"}
        description={
          isArchived
            ? "Este producto está archivado: no se muestra en la tienda porque aparece en pedidos anteriores."
            : "Los campos con * son obligatorios."
        }
        actions={
          <Button asChild variant="ghost">
            <Link to={LIST_URL}>
              <ArrowLeft aria-hidden /> Volver a productos
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
          <TextAreaField
            id="description"
            className="md:col-span-2"
            label="Descripción"
            error={errors?.description}
            textareaProps={{ name: "description", defaultValue: values.description ?? "" }}
          />
          <TaxonomySelects options={options} values={values} errors={errors} familyLabel="Familia" isFamilyRequired />
          <SelectField
            id="brandId"
            label="Marca (opcional)"
            error={errors?.brandId}
            selectProps={{ name: "brandId", defaultValue: values.brandId ?? "" }}
          >
            <option value="">Sin marca</option>
            {options.brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </SelectField>
          <PriceField name="price" label="Precio Regular (S/)" value={values.price} error={errors?.price} />
          {isNew ? null : <input type="hidden" name="stockShown" value={values.stockShown ?? ""} />}
          <Field
            label="Stock"
            error={errors?.stock}
            inputProps={{
              id: "stock",
              name: "stock",
              type: "number",
              inputMode: "numeric",
              step: "1",
              min: "0",
              defaultValue: values.stock ?? "",
              placeholder: "0",
            }}
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
            label="Imagen del producto"
            altExample="Saco de croquetas para perro adulto"
            values={values}
            errors={errors}
          />
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <SubmitButton>{isNew ? "Crear Producto" : "Guardar Cambios"}</SubmitButton>
            <Button asChild variant="outline">
              <Link to={LIST_URL}>Cancelar</Link>
            </Button>
          </div>
        </Form>
      </AdminCard>
    </>
  );
}
