// The loader and action of the catalogue lists (/admin/productos and /admin/servicios): one
// flow for both kinds, whose route files only name theirs. Deleting is common; restoring an
// archived product and showing or hiding a service's price are buttons of one kind each
// (kind-behaviour.server.ts: null where a kind has none).
import { requireAdmin } from "~/auth/guards.server";
import { catalogKindBehaviour } from "~/domain/catalog/kind-behaviour.server";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { SERVICE_PRICE_MESSAGE } from "~/domain/catalog/service-admin";
import { parseRecordId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";

type ListArgs = { request: Request };
type Admin = { id: string };
type ListBehaviour = (typeof catalogKindBehaviour)[CatalogKind]["list"];

export async function loadCatalogList<K extends CatalogKind>(kind: K, { request }: ListArgs) {
  await requireAdmin(request);
  const list = await catalogKindBehaviour[kind].list.load(new URL(request.url));
  return { kind, ...list };
}

type Toast = Parameters<typeof redirectWithToast>[1];

const notFoundToast = (kind: CatalogKind): Toast => ({
  title: "Error",
  description: `${catalogKinds[kind].Noun} no encontrado.`,
  variant: "destructive",
});

async function deleteItem(kind: CatalogKind, admin: Admin, id: number): Promise<Toast> {
  const result = await catalogKindBehaviour[kind].list.remove(admin, id);
  if (result.status === "not-found") return notFoundToast(kind);
  const { Noun, removedFrom } = catalogKinds[kind];
  if (result.status === "archived") {
    return {
      title: `${Noun} Archivado`,
      description:
        `"${result.title}" aparece en pedidos, así que se archivó en lugar de borrarse: ` +
        "ya no se vende, pero el historial de pedidos se conserva.",
      duration: 8000,
    };
  }
  return { title: `${Noun} Eliminado`, description: `"${result.title}" se eliminó ${removedFrom}.` };
}

async function restoreItem(
  kind: CatalogKind,
  restore: NonNullable<ListBehaviour["restore"]>,
  admin: Admin,
  id: number,
): Promise<Toast> {
  const restored = await restore(admin, id);
  if (!restored) return notFoundToast(kind);
  return {
    title: `${catalogKinds[kind].Noun} Actualizado`,
    description: `"${restored.title}" vuelve a estar a la venta.`,
  };
}

/** The state asked for, not a flip: a double click or a resent form changes nothing more. */
async function setPriceVisibility(
  kind: CatalogKind,
  setVisibility: NonNullable<ListBehaviour["setPriceVisibility"]>,
  admin: Admin,
  id: number,
  showPrice: boolean,
): Promise<Toast> {
  const outcome = await setVisibility(admin, id, showPrice);
  if (outcome.status === "not-found") return notFoundToast(kind);
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
  const { restore, setPriceVisibility: setVisibility } = catalogKindBehaviour[kind].list;
  if (intent === "delete") return deleteItem(kind, admin, id);
  if (intent === "restore" && restore) return restoreItem(kind, restore, admin, id);
  if (intent === "price-visibility" && setVisibility) {
    return setPriceVisibility(kind, setVisibility, admin, id, formData.get("showPrice") === "on");
  }
  return UNKNOWN_ACTION_TOAST;
}

export async function runCatalogListAction(kind: CatalogKind, { request }: ListArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, await runIntent(kind, admin, formData));
}
