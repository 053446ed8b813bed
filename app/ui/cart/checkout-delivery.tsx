import type { DeliveryZone } from "~/domain/delivery/delivery";
import { DISTRICT_NOT_SERVED_MESSAGE, freeDeliveryMessage, minimumOrderMessage } from "~/domain/delivery/delivery";
import type { CheckoutField } from "~/domain/orders/order";
import { formatMoney } from "~/lib/money";
import { buildWhatsAppUrl } from "~/lib/whatsapp";
import { Field, SelectField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";

// '¿Cómo quieres recibir tu pedido?': pickup at the shop or delivery to a served district.
// What each choice shows is switched by CSS on the checked radio, so it works before
// JavaScript (and without it); the fee and total are drawn by the form once it runs.

const OTHER_DISTRICT = "otro";

export type PickupPlace = { address: string; hours: string };

const choiceClass =
  "flex cursor-pointer gap-3 rounded-xl border-2 border-gray-200 p-3 transition-colors has-[:checked]:border-primary-strong has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-strong";

function zoneLabel(zone: DeliveryZone): string {
  return `${zone.district} — ${zone.feeCents === 0 ? "envío gratis" : formatMoney(zone.feeCents)}`;
}

function FulfillmentRadio({
  value,
  label,
  initial,
  onChoose,
  children,
}: {
  value: "pickup" | "delivery";
  label: string;
  initial: string;
  onChoose: (value: string) => void;
  children?: React.ReactNode;
}) {
  return (
    <label className={choiceClass}>
      <input
        id={`checkout-fulfillment-${value}`}
        type="radio"
        name="fulfillment"
        value={value}
        defaultChecked={initial === value}
        onChange={() => onChoose(value)}
        className="mt-1 size-4 shrink-0 accent-primary-strong"
      />
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        {children}
      </span>
    </label>
  );
}

/** The district's rules under the select: its minimum and its free-delivery threshold. */
function ZoneRules({ zone }: { zone: DeliveryZone | undefined }) {
  if (!zone) return null;
  const rules = [
    zone.minimumOrderCents !== null ? minimumOrderMessage(zone, zone.minimumOrderCents) : null,
    zone.freeFromCents !== null ? freeDeliveryMessage(zone.freeFromCents) : null,
  ].filter((rule) => rule !== null);
  if (rules.length === 0) return null;
  return <p className="text-sm text-muted">{rules.join(" · ")}</p>;
}

export function FulfillmentChoice({
  form,
  zones,
  isPickupEnabled,
  pickup,
  whatsappPhone,
  initialFulfillment,
  onFulfillment,
  zoneId,
  onZone,
  shortfall,
}: {
  form: FormFields<CheckoutField>;
  zones: readonly DeliveryZone[];
  isPickupEnabled: boolean;
  pickup: PickupPlace;
  whatsappPhone: string;
  initialFulfillment: string;
  onFulfillment: (value: string) => void;
  zoneId: string;
  onZone: (value: string) => void;
  /** 'Te faltan S/ … para el pedido mínimo en …' while the products are below the district's minimum. */
  shortfall: string | undefined;
}) {
  const error = form.field("fulfillment").error;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "checkout-fulfillment-error" : undefined}>
      <legend className="mb-2 font-semibold">¿Cómo quieres recibir tu pedido?</legend>
      {isPickupEnabled ? (
        <FulfillmentRadio value="pickup" label="Recojo en tienda" initial={initialFulfillment} onChoose={onFulfillment}>
          <span className="hidden text-sm text-muted group-has-[#checkout-fulfillment-pickup:checked]/checkout:block">
            {pickup.address ? <span className="block">{pickup.address}</span> : null}
            {pickup.hours ? <span className="block whitespace-pre-line">{pickup.hours}</span> : null}
            <span className="block">Sin costo de envío.</span>
          </span>
        </FulfillmentRadio>
      ) : null}
      {zones.length > 0 ? (
        <FulfillmentRadio value="delivery" label="Delivery" initial={initialFulfillment} onChoose={onFulfillment} />
      ) : null}
      {error ? (
        <p id="checkout-fulfillment-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {zones.length > 0 ? (
        <DeliveryFields
          form={form}
          zones={zones}
          whatsappPhone={whatsappPhone}
          zoneId={zoneId}
          onZone={onZone}
          shortfall={shortfall}
        />
      ) : null}
    </fieldset>
  );
}

/** The district, address and reference, shown once 'Delivery' is chosen. */
function DeliveryFields({
  form,
  zones,
  whatsappPhone,
  zoneId,
  onZone,
  shortfall,
}: {
  form: FormFields<CheckoutField>;
  zones: readonly DeliveryZone[];
  whatsappPhone: string;
  zoneId: string;
  onZone: (value: string) => void;
  shortfall: string | undefined;
}) {
  const district = form.field("deliveryZoneId");
  const chosenZone = zones.find((zone) => String(zone.id) === zoneId);
  const askUrl = buildWhatsAppUrl(whatsappPhone, "Hola, ¿hacen delivery a mi distrito? Quisiera hacer un pedido.");
  return (
    <div className="hidden flex-col gap-3 rounded-xl border p-3 group-has-[#checkout-fulfillment-delivery:checked]/checkout:flex">
      <SelectField
        label="Distrito"
        field={district}
        selectProps={{ onChange: (event) => onZone(event.target.value), "aria-required": true }}
      >
        <option value="">Elige tu distrito</option>
        {zones.map((zone) => (
          <option key={zone.id} value={String(zone.id)}>
            {zoneLabel(zone)}
          </option>
        ))}
        <option value={OTHER_DISTRICT}>Otro distrito</option>
      </SelectField>
      <ZoneRules zone={chosenZone} />
      {shortfall && !district.error ? (
        <p className="text-sm font-semibold text-red-700" role="status">
          {shortfall}
        </p>
      ) : null}
      {zoneId === OTHER_DISTRICT && !district.error ? (
        <p className="text-sm font-medium text-red-700">{DISTRICT_NOT_SERVED_MESSAGE}</p>
      ) : null}
      {zoneId === OTHER_DISTRICT || district.error === DISTRICT_NOT_SERVED_MESSAGE ? (
        <a
          href={askUrl}
          className="text-sm font-semibold text-primary-strong underline"
          target="_blank"
          rel="noreferrer"
        >
          Pregúntanos por WhatsApp si podemos llegar
        </a>
      ) : null}
      <Field
        label="Dirección"
        field={form.field("customerAddress")}
        inputProps={{ autoComplete: "street-address", maxLength: 200, placeholder: "Av. Larco 123, dpto. 401" }}
      />
      <Field
        label="Referencia (opcional)"
        field={form.field("deliveryReference")}
        inputProps={{ maxLength: 200, placeholder: "Frente al parque, portón verde" }}
      />
    </div>
  );
}
