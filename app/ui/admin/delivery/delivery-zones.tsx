import { Form } from "react-router";

import type { AdminDeliveryZone } from "~/domain/delivery/delivery.server";
import { centsToInput } from "~/lib/parse";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { CheckboxField, Field } from "~/ui/form/field";
import { type FormActionData, type FormFields, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useToastFrom } from "~/ui/toaster";

// The delivery screen: 'Recojo en tienda' on or off, a form to add a district, and one form
// per district. A refused form comes back to the row it came from, as typed.

export type DeliveryZonesData = { zones: AdminDeliveryZone[]; isPickupEnabled: boolean };

const MONEY_INPUT = { type: "number", inputMode: "decimal", step: "0.01", min: "0", placeholder: "0.00" } as const;
const OPTIONAL_MONEY_INPUT = { ...MONEY_INPUT, placeholder: "Opcional" } as const;

function zoneValues(zone: AdminDeliveryZone): Record<string, string> {
  return {
    id: String(zone.id),
    district: zone.district,
    fee: centsToInput(zone.feeCents),
    minimumOrder: centsToInput(zone.minimumOrderCents),
    freeFrom: centsToInput(zone.freeFromCents),
    isActive: zone.isActive ? "on" : "",
  };
}

/** The fields of a district, for the add form and each row. */
function ZoneFields({ form }: { form: FormFields }) {
  return (
    <>
      <Field label="Distrito" field={form.field("district")} inputProps={{ maxLength: 60, required: true }} />
      <Field label="Costo de envío (S/)" field={form.field("fee")} inputProps={{ ...MONEY_INPUT, required: true }} />
      <Field label="Pedido mínimo (S/)" field={form.field("minimumOrder")} inputProps={OPTIONAL_MONEY_INPUT} />
      <Field label="Envío gratis desde (S/)" field={form.field("freeFrom")} inputProps={OPTIONAL_MONEY_INPUT} />
      <div className="flex items-end pb-2">
        <CheckboxField label="Activo" field={form.checkbox("isActive")} />
      </div>
    </>
  );
}

function ZoneRow({ zone, actionData }: { zone: AdminDeliveryZone; actionData: FormActionData }) {
  const isThisRow = actionData?.values?.id === String(zone.id);
  const form = formFields(
    isThisRow ? (actionData?.values ?? {}) : zoneValues(zone),
    isThisRow ? (actionData?.errors ?? {}) : {},
    `zona-${zone.id}-`,
  );
  return (
    <li className="flex flex-col gap-2 rounded-xl border p-4 lg:flex-row lg:items-end">
      <Form
        method="post"
        className="grid gap-3 sm:grid-cols-2 lg:flex-1 lg:grid-cols-[2fr_1fr_1fr_1fr_auto_auto] lg:items-end"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={zone.id} />
        <ZoneFields form={form} />
        <div className="flex items-end gap-2">
          <SubmitButton variant="outline" aria-label={`Guardar ${zone.district}`}>
            Guardar
          </SubmitButton>
        </div>
      </Form>
      <div className="flex justify-end lg:pb-1">
        <ConfirmDeleteButton itemName={zone.district} fields={{ intent: "delete", id: String(zone.id) }} />
      </div>
    </li>
  );
}

export function DeliveryZonesScreen({ data, actionData }: { data: DeliveryZonesData; actionData: FormActionData }) {
  useToastFrom(actionData?.toast);
  const isNewRow = actionData?.values !== undefined && !actionData.values?.id;
  const addForm = formFields(
    isNewRow ? (actionData?.values ?? {}) : { isActive: "on" },
    isNewRow ? (actionData?.errors ?? {}) : {},
    "nuevo-",
  );
  const pickup = formFields({ isPickupEnabled: data.isPickupEnabled ? "on" : "" }, {}, "recojo-");
  return (
    <>
      <AdminPageHeader
        title="Delivery"
        description="Los distritos a los que entregas, con su costo de envío. El carrito muestra el costo antes de pedir."
      />
      <div className="flex flex-col gap-6">
        <AdminCard>
          <h2 className="mb-3 text-lg font-bold">Recojo en tienda</h2>
          <Form method="post" className="flex flex-wrap items-end gap-4">
            <input type="hidden" name="intent" value="pickup" />
            <CheckboxField
              label="Ofrecer 'Recojo en tienda' en el carrito (con la dirección y el horario de Contacto)"
              field={pickup.checkbox("isPickupEnabled")}
            />
            <SubmitButton variant="outline">Guardar</SubmitButton>
          </Form>
        </AdminCard>
        <AdminCard>
          <h2 className="mb-3 text-lg font-bold">Agregar distrito</h2>
          <Form
            method="post"
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto_auto] lg:items-end"
          >
            <input type="hidden" name="intent" value="save" />
            <ZoneFields form={addForm} />
            <div className="flex items-end">
              <SubmitButton>Agregar distrito</SubmitButton>
            </div>
          </Form>
        </AdminCard>
        <AdminCard>
          <h2 className="mb-3 text-lg font-bold">Distritos ({data.zones.length})</h2>
          {data.zones.length === 0 ? (
            <p className="text-muted">Aún no hay distritos: el carrito solo ofrece el recojo en tienda.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.zones.map((zone) => (
                // Keyed by what is stored too: after a save the row shows the stored figures
                // ('11.00'), not what was typed; after a refusal it keeps what was typed.
                <ZoneRow key={`${zone.id}:${JSON.stringify(zoneValues(zone))}`} zone={zone} actionData={actionData} />
              ))}
            </ul>
          )}
        </AdminCard>
      </div>
    </>
  );
}
