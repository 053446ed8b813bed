// The loader and action of the catalogue editor (/admin/productos/nuevo, /editar/:productId
// and the same for servicios): one flow for both kinds, whose route files only name theirs.
// What differs (the schema, the stock check, where the item is saved) is the kind's module.
import { requireAdmin } from "~/auth/guards.server";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { presentacionField } from "~/domain/catalog/presentaciones";
import { NEW_PRODUCT_VALUES, productFormSchema, toProductFormValues } from "~/domain/catalog/product-admin";
import { getProductForEditor, listProductFormOptions, saveProduct } from "~/domain/catalog/product-admin.server";
import { serviceFormSchema, toServiceFormValues } from "~/domain/catalog/service-admin";
import { getServiceForEditor, listServiceFormOptions, saveService } from "~/domain/catalog/service-admin.server";
import { sendDueStockAlertsLater } from "~/domain/catalog/stock-alerts.server";
import { formFailure, parseForm, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import { type FormValues } from "~/lib/form-data";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast } from "~/lib/toast.server";

type EditorArgs = { request: Request; params: { productId?: string; serviceId?: string } };

function redirectNotFound(kind: CatalogKind) {
  const { listPath, Noun } = catalogKinds[kind];
  return redirectWithToast(listPath, { title: "Error", description: `${Noun} no encontrado.`, variant: "destructive" });
}

/** The id of /editar/:id; undefined on /nuevo, null when it is not an id. */
function readItemId(kind: CatalogKind, params: EditorArgs["params"]): number | undefined | null {
  const raw = kind === "products" ? params.productId : params.serviceId;
  return raw === undefined ? undefined : parseRecordId(raw);
}

/** What the editor needs of an existing item: its form values and whether it is archived. */
async function loadItem(kind: CatalogKind, id: number) {
  if (kind === "products") {
    const product = await getProductForEditor(id);
    return product && { values: toProductFormValues(product), isArchived: product.isArchived };
  }
  const service = await getServiceForEditor(id);
  return service && { values: toServiceFormValues(service), isArchived: false };
}

export async function loadCatalogEditor(kind: CatalogKind, { request, params }: EditorArgs) {
  await requireAdmin(request);
  const id = readItemId(kind, params);
  if (id === null) throw await redirectNotFound(kind);
  const [item, options] = await Promise.all([
    id === undefined ? null : loadItem(kind, id),
    kind === "products" ? listProductFormOptions() : listServiceFormOptions().then((tree) => ({ ...tree, brands: [] })),
  ]);
  if (id !== undefined && !item) throw await redirectNotFound(kind);
  // A new service shows its price by default (the spec's showPrice default true).
  const newValues: FormValues = kind === "services" ? { showPrice: "on" } : NEW_PRODUCT_VALUES;
  return { kind, isNew: !item, isArchived: item?.isArchived ?? false, values: item?.values ?? newValues, options };
}

type SaveOutcome =
  | { status: "saved"; title: string }
  | { status: "not-found" }
  | { status: "invalid"; errors: Record<string, string>; values: FormValues };

/** Parses the posted form with the kind's schema and saves it; a refused form comes back as is. */
async function saveItem(
  kind: CatalogKind,
  admin: { id: string },
  request: Request,
  id: number | undefined,
): Promise<SaveOutcome | { status: "refused"; failure: Response | ReturnType<typeof formFailure> }> {
  if (kind === "products") {
    const form = await parseForm(request, productFormSchema);
    if (!form.ok) return { status: "refused", failure: form.failure };
    const result = await saveProduct(admin, form.data, id);
    if (result.status === "saved") sendDueStockAlertsLater(result.restocked);
    if (result.status !== "invalid") return result;
    // After a stock conflict the form shows the current stock as its new starting point,
    // so saving again with the owner's figure goes through.
    const stockNow: FormValues = Object.fromEntries(
      Object.entries(result.stockNow ?? {}).map(([key, stock]) => [
        presentacionField(key, "stockShown"),
        String(stock),
      ]),
    );
    return { ...result, values: { ...form.values, ...stockNow } };
  }
  const form = await parseForm(request, serviceFormSchema);
  if (!form.ok) return { status: "refused", failure: form.failure };
  const result = await saveService(admin, form.data, id);
  return result.status === "invalid" ? { ...result, values: form.values } : result;
}

export async function saveCatalogEditor(kind: CatalogKind, { request, params }: EditorArgs) {
  const admin = await requireAdmin(request);
  const id = readItemId(kind, params);
  if (id === null) return redirectNotFound(kind);
  const outcome = await saveItem(kind, admin, request, id);
  if (outcome.status === "refused") return outcome.failure;
  if (outcome.status === "not-found") return redirectNotFound(kind);
  if (outcome.status === "invalid")
    return formFailure(outcome.errors, outcome.values, { title: VALIDATION_TOAST_TITLE });
  const { Noun, addedTo, listPath } = catalogKinds[kind];
  return redirectWithToast(listPath, {
    title: id === undefined ? `${Noun} Añadido` : `${Noun} Actualizado`,
    description:
      id === undefined ? `"${outcome.title}" se añadió ${addedTo}.` : `Los cambios de "${outcome.title}" se guardaron.`,
  });
}
