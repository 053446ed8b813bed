// /admin/configuracion/delivery: the districts the shop delivers to, with their fee, minimum
// order and free-delivery threshold, and whether the checkout offers 'Recojo en tienda'.
import { href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  deleteDeliveryZone,
  isPickupEnabled,
  listDeliveryZonesForAdmin,
  saveDeliveryZone,
  setPickupEnabled,
} from "~/domain/delivery/delivery.server";
import { deliveryZoneSchema } from "~/domain/delivery/delivery-admin";
import { formFailure, parseForm } from "~/lib/form.server";
import { readFormValues } from "~/lib/form-data";
import { isChecked, parseRecordId } from "~/lib/parse";
import { redirectWithToast, UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { DeliveryZonesScreen } from "~/ui/admin/delivery/delivery-zones";

import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = () => [{ title: "Delivery | Gestión" }];

const DELIVERY_PATH = href("/admin/configuracion/delivery");
const NOT_FOUND_TOAST = {
  title: "Error",
  description: "Ese distrito ya no está en la lista. Recarga la página.",
  variant: "destructive",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [zones, pickup] = await Promise.all([listDeliveryZonesForAdmin(), isPickupEnabled()]);
  return { zones, isPickupEnabled: pickup };
}

async function saveZone(admin: { id: string }, formData: FormData) {
  const values = readFormValues(formData);
  const id = values.id ? parseRecordId(values.id) : undefined;
  if (id === null) return redirectWithToast(DELIVERY_PATH, NOT_FOUND_TOAST);
  const form = await parseForm(formData, deliveryZoneSchema);
  if (!form.ok) return form.failure;
  const result = await saveDeliveryZone(admin, form.data, id);
  if (!result.ok && "notFound" in result) return redirectWithToast(DELIVERY_PATH, NOT_FOUND_TOAST);
  if (!result.ok) return formFailure({ [result.field]: result.message }, form.values, {}, 409);
  return redirectWithToast(DELIVERY_PATH, {
    title: id === undefined ? "Distrito Añadido" : "Distrito Actualizado",
    description: `Se guardó el delivery a ${result.district}.`,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") return saveZone(admin, formData);
  if (intent === "delete") {
    const id = parseRecordId(formData.get("id"));
    const deleted = id === null ? null : await deleteDeliveryZone(admin, id);
    if (!deleted) return redirectWithToast(DELIVERY_PATH, NOT_FOUND_TOAST);
    return redirectWithToast(DELIVERY_PATH, {
      title: "Distrito Eliminado",
      description: `Ya no se ofrece delivery a ${deleted.district}. Los pedidos anteriores no cambian.`,
    });
  }
  if (intent === "pickup") {
    const isEnabled = isChecked(String(formData.get("isPickupEnabled") ?? ""));
    await setPickupEnabled(admin, isEnabled);
    return redirectWithToast(DELIVERY_PATH, {
      title: "Configuración Actualizada",
      description: isEnabled
        ? "El carrito ofrece 'Recojo en tienda'."
        : "El carrito ya no ofrece 'Recojo en tienda': solo delivery.",
    });
  }
  return redirectWithToast(DELIVERY_PATH, UNKNOWN_ACTION_TOAST);
}

export default function DeliverySettings({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliveryZonesScreen data={loaderData} actionData={actionData} />;
}
