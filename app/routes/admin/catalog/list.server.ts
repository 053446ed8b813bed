// The loader and action of the catalogue lists (/admin/productos and /admin/servicios): one
// flow for both kinds, whose route files only name theirs. Deleting is common; restoring an
// archived product and showing or hiding a service's price belong to one kind each.
import { requireAdmin } from "~/auth/guards.server";
import { parseAdminListQuery } from "~/domain/catalog/catalog-admin";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { PRODUCT_SORT_KEYS } from "~/domain/catalog/product-admin";
import { listAdminProducts, removeProduct, restoreProduct } from "~/domain/catalog/product-admin.server";
import { SERVICE_PRICE_MESSAGE, SERVICE_SORT_KEYS } from "~/domain/catalog/service-admin";
import { listAdminServices, removeService, setServicePriceVisibility } from "~/domain/catalog/service-admin.server";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";

type ListArgs = { request: Request };
type Admin = { id: string };

export async function loadCatalogList(kind: CatalogKind, { request }: ListArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  if (kind === "products") {
    const query = parseAdminListQuery(url, PRODUCT_SORT_KEYS);
    const isArchivedShown = url.searchParams.get("archivados") === "1";
    const isLowStockOnly = url.searchParams.get("stock") === "bajo";
    const list = await listAdminProducts({ ...query, isArchivedShown, isLowStockOnly });
    return { kind, ...list, query, isArchivedShown, isLowStockOnly };
  }
  const query = parseAdminListQuery(url, SERVICE_SORT_KEYS);
  const list = await listAdminServices(query);
  return { kind, ...list, query, isArchivedShown: false, isLowStockOnly: false };
}

type Toast = Parameters<typeof redirectWithToast>[1];

const notFoundToast = (kind: CatalogKind): Toast => ({
  title: "Error",
  description: `${catalogKinds[kind].Noun} no encontrado.`,
  variant: "destructive",
});

async function deleteItem(kind: CatalogKind, admin: Admin, id: number): Promise<Toast> {
  if (kind === "services") {
    const deleted = await removeService(admin, id);
    if (!deleted) return notFoundToast(kind);
    return { title: "Servicio Eliminado", description: `"${deleted.title}" se eliminó de los servicios.` };
  }
  const result = await removeProduct(admin, id);
  if (result.status === "not-found") return notFoundToast(kind);
  if (result.status === "archived") {
    return {
      title: "Producto Archivado",
      description:
        `"${result.title}" aparece en pedidos, así que se archivó en lugar de borrarse: ` +
        "ya no se vende, pero el historial de pedidos se conserva.",
      duration: 8000,
    };
  }
  return { title: "Producto Eliminado", description: `"${result.title}" se eliminó del catálogo.` };
}

async function restoreItem(admin: Admin, id: number): Promise<Toast> {
  const restored = await restoreProduct(admin, id);
  if (!restored) return notFoundToast("products");
  return { title: "Producto Actualizado", description: `"${restored.title}" vuelve a estar a la venta.` };
}

/** The state asked for, not a flip: a double click or a resent form changes nothing more. */
async function setPriceVisibility(admin: Admin, id: number, showPrice: boolean): Promise<Toast> {
  const outcome = await setServicePriceVisibility(admin, id, showPrice);
  if (outcome.status === "not-found") return notFoundToast("services");
  if (outcome.status === "needs-price") {
    return {
      title: "Error de Validación",
      description: `${SERVICE_PRICE_MESSAGE} Edita "${outcome.title}" para ponerle precio.`,
      variant: "destructive",
    };
  }
  return {
    title: "Visibilidad de Precio Actualizada",
    description: showPrice
      ? `El precio de "${outcome.title}" se muestra en la web.`
      : `El precio de "${outcome.title}" se oculta en la web: se muestra "Consultar".`,
  };
}

/** The toast of one posted intent; only each button's own intent changes anything. */
async function runIntent(kind: CatalogKind, admin: Admin, formData: FormData): Promise<Toast> {
  const id = parseRecordId(formData.get("id"));
  const intent = formData.get("intent");
  if (id === null) return notFoundToast(kind);
  if (intent === "delete") return deleteItem(kind, admin, id);
  if (intent === "restore" && catalogKinds[kind].has.archive) return restoreItem(admin, id);
  if (intent === "price-visibility" && catalogKinds[kind].has.showPrice) {
    return setPriceVisibility(admin, id, formData.get("showPrice") === "on");
  }
  return UNKNOWN_ACTION_TOAST;
}

export async function runCatalogListAction(kind: CatalogKind, { request }: ListArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, await runIntent(kind, admin, formData));
}
