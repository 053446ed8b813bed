// /admin/servicios/nuevo and /admin/servicios/editar/:serviceId: the catalogue editor, for
// services, with their 'Reserva en línea' section.
import { NEW_SERVICE_VALUES } from "~/domain/catalog/service-admin";
import { loadCatalogEditor, saveCatalogEditor } from "~/routes/admin/catalog/editor.server";
import { ServiceBookingFields } from "~/ui/admin/bookings/service-booking-fields";
import { CatalogEditor } from "~/ui/admin/catalog/catalog-editor";
import { formFields } from "~/ui/form/form-fields";

import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isNew === false ? "Editar servicio" : "Nuevo servicio"} | Gestión` },
];

export async function loader(args: Route.LoaderArgs) {
  const data = await loadCatalogEditor("services", args);
  return data.isNew ? { ...data, values: { ...data.values, ...NEW_SERVICE_VALUES } } : data;
}

export const action = (args: Route.ActionArgs) => saveCatalogEditor("services", args);

export default function ServiceEditor({ loaderData, actionData }: Route.ComponentProps) {
  // The same values and errors as the editor's own fields (CatalogEditor shows the toast).
  const bookingForm = formFields(actionData?.values ?? loaderData.values, actionData?.errors ?? {});
  return (
    <CatalogEditor data={loaderData} actionData={actionData}>
      <ServiceBookingFields form={bookingForm} />
    </CatalogEditor>
  );
}
