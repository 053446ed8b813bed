import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";

import { CART_PATH, cartIntents } from "~/domain/cart/cart";
import { type DeliveryZone, missingForMinimumMessage, quoteDelivery } from "~/domain/delivery/delivery";
import {
  type CheckoutField,
  type CheckoutValues,
  CHOOSE_PAYMENT_METHOD_LABEL,
  MAX_CUSTOMER_PHONE_LENGTH,
} from "~/domain/orders/order";
import { formatMoney } from "~/lib/money";
import { useIsHydrated } from "~/lib/use-hydrated";
import { Field } from "~/ui/form/field";
import { type FormActionData, type FormFields, formFields } from "~/ui/form/form-fields";
import { useFieldFromDom } from "~/ui/form/use-field-from-dom";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

import { ComprobanteChoice } from "./checkout-comprobante";
import { type CheckoutDiscounts, CouponBox, DiscountLines } from "./checkout-coupon";
import { FulfillmentChoice, type PickupPlace } from "./checkout-delivery";
import { type CheckoutMethodOption, PaymentMethodChoice } from "./checkout-payment";
import { useCheckoutDraft } from "./use-checkout-draft";

// The cart's order form (loaded after the page, checkout-slot.tsx): the total with delivery,
// how the order is received, payment method, comprobante, contact, and the two buttons.

export type CheckoutFormProps = {
  totalCents: number;
  itemCount: number;
  methods: CheckoutMethodOption[];
  zones: readonly DeliveryZone[];
  isPickupEnabled: boolean;
  pickup: PickupPlace;
  whatsappPhone: string;
  /** Where the form starts: the account's contact and the cart's draft. */
  values: CheckoutValues;
  /** What the discounts take off, and the coupon kept on the cart (issue 44). */
  discounts: CheckoutDiscounts;
  /** The cart action's answer: after a refused checkout, what was typed, why, and the lines to fix. */
  answer: (NonNullable<FormActionData> & { stockProblems?: string[] }) | undefined;
};

/** The fee line: what delivery adds, as far as the shopper has chosen. */
function describeFee(fulfillment: string, zone: DeliveryZone | undefined, subtotalCents: number) {
  if (fulfillment === "pickup") return { label: "Recojo en tienda", amount: "Sin costo", feeCents: 0 };
  if (fulfillment !== "delivery") return null;
  if (!zone) return { label: "Costo de envío", amount: "Elige tu distrito", feeCents: 0 };
  const quote = quoteDelivery(zone, subtotalCents);
  if (quote.status === "below-minimum") {
    return {
      label: `Costo de envío (${zone.district})`,
      amount: formatMoney(zone.feeCents),
      feeCents: zone.feeCents,
      shortfall: missingForMinimumMessage(zone, quote.minimumOrderCents, subtotalCents),
    };
  }
  return {
    label: `Costo de envío (${zone.district})`,
    amount: quote.isFree ? "Gratis" : formatMoney(quote.feeCents),
    feeCents: quote.feeCents,
  };
}

function Summary({
  itemCount,
  subtotalCents,
  fee,
  discounts,
}: {
  itemCount: number;
  subtotalCents: number;
  fee: ReturnType<typeof describeFee>;
  discounts: CheckoutDiscounts;
}) {
  const productsOff = discounts.lines.reduce((total, line) => total + line.amountCents, 0);
  const feeCents = fee?.feeCents ?? 0;
  const feeOff = discounts.freeDelivery && feeCents > 0 && !fee?.shortfall ? feeCents : 0;
  return (
    <dl className="flex flex-col gap-1 border-b pb-4" aria-live="polite">
      <div className="flex items-baseline justify-between gap-2 text-muted">
        <dt>
          Productos ({itemCount} {itemCount === 1 ? "producto" : "productos"})
        </dt>
        <dd>{formatMoney(subtotalCents)}</dd>
      </div>
      <DiscountLines lines={discounts.lines} />
      {fee ? (
        <div className="flex items-baseline justify-between gap-2 text-muted">
          <dt>{fee.label}</dt>
          <dd>{fee.amount}</dd>
        </div>
      ) : null}
      {feeOff > 0 ? <DiscountLines lines={[{ label: discounts.freeDelivery!, amountCents: feeOff }]} /> : null}
      <div className="flex items-baseline justify-between gap-2">
        <dt className="font-semibold">Total</dt>
        <dd className="text-2xl font-bold text-primary-strong" data-testid="cart-total">
          {formatMoney(Math.max(0, subtotalCents - productsOff) + feeCents - feeOff)}
        </dd>
      </div>
    </dl>
  );
}

function StockProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">No pudimos registrar tu pedido:</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The two buttons: 'Finalizar Pedido' places the order and opens its page; the WhatsApp one
 * places it and opens WhatsApp with the order. Until a payment method is chosen they say so
 * and take the shopper to the methods instead of looking disabled. Below the district's
 * minimum they are disabled and say what is missing (the server refuses it anyway).
 */
function OrderButtons({
  isSubmitting,
  needsMethod,
  shortfall,
}: {
  isSubmitting: boolean;
  needsMethod: boolean;
  shortfall: string | undefined;
}) {
  const goToMethods = (event: React.MouseEvent) => {
    if (!needsMethod) return;
    event.preventDefault();
    document.querySelector<HTMLInputElement>('#checkout-payment input[type="radio"]')?.focus();
  };
  return (
    <div className="flex flex-col gap-3">
      <Button
        type="submit"
        name="send"
        value="page"
        size="lgWrap"
        disabled={isSubmitting || Boolean(shortfall)}
        aria-describedby="checkout-buttons-hint"
        onClick={goToMethods}
      >
        <Icon name="shopping-bag" aria-hidden /> {needsMethod ? CHOOSE_PAYMENT_METHOD_LABEL : "Finalizar Pedido"}
      </Button>
      {/* Paid online, the shopper goes to the provider's page; the message goes after payment. */}
      <p className="hidden text-center text-sm text-muted group-has-[[data-online]:checked]/checkout:block">
        Al finalizar, te llevamos a la página segura del medio de pago para pagar con tarjeta.
      </p>
      <Button
        type="submit"
        name="send"
        value="whatsapp"
        variant="whatsapp"
        size="lgWrap"
        className="group-has-[[data-online]:checked]/checkout:hidden"
        disabled={isSubmitting || Boolean(shortfall)}
        aria-describedby="checkout-buttons-hint"
        onClick={goToMethods}
      >
        <Icon name="message-circle" aria-hidden />{" "}
        {needsMethod ? CHOOSE_PAYMENT_METHOD_LABEL : "Enviar Pedido por WhatsApp (Coordinar Pago)"}
      </Button>
      <p
        id="checkout-buttons-hint"
        className={shortfall ? "text-center text-sm font-semibold text-red-700" : "text-center text-sm text-muted"}
        aria-live="polite"
      >
        {isSubmitting
          ? "Registrando tu pedido…"
          : (shortfall ??
            "'Finalizar Pedido' te muestra tu pedido y cómo pagarlo; el botón de WhatsApp además lo envía al chat de la tienda.")}
      </p>
    </div>
  );
}

function ContactFields({ form }: { form: FormFields<CheckoutField> }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Tus datos de contacto</legend>
      <Field
        label="Nombre completo"
        field={form.field("customerName")}
        inputProps={{ autoComplete: "name", "aria-required": true, maxLength: 100 }}
      />
      <Field
        label="Celular (WhatsApp)"
        field={form.field("customerPhone")}
        inputProps={{
          type: "tel",
          autoComplete: "tel",
          inputMode: "tel",
          "aria-required": true,
          maxLength: MAX_CUSTOMER_PHONE_LENGTH,
          placeholder: "987 654 321",
        }}
      />
      <Field
        label="Correo electrónico (opcional)"
        hint="Te escribiremos cuando tu pedido cambie de estado."
        field={form.field("customerEmail")}
        inputProps={{ type: "email", autoComplete: "email", maxLength: 254 }}
      />
    </fieldset>
  );
}

/**
 * After a refused checkout, the first field in error is brought into view and focused, so the
 * shopper on a phone sees what to fix instead of a toast over a form scrolled elsewhere.
 */
function useFocusFirstError(formRef: React.RefObject<HTMLFormElement | null>, answer: CheckoutFormProps["answer"]) {
  useEffect(() => {
    if (Object.keys(answer?.errors ?? {}).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [aria-describedby$="-error"] input',
    );
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, [formRef, answer]);
}

export function CheckoutForm(props: CheckoutFormProps) {
  const { answer, methods, zones } = props;
  // The answer's values win over where the form started; the page shows the answer's toast
  // (one toast for the cart's forms), so the fields are bound without useFormFields' toast.
  const form = formFields<CheckoutField>(answer?.values ?? props.values, answer?.errors, "checkout-");
  const isHydrated = useIsHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [methodId, setMethodId] = useFieldFromDom(formRef, "paymentMethodId", form.value("paymentMethodId"));
  const [fulfillment, setFulfillment] = useFieldFromDom(formRef, "fulfillment", form.value("fulfillment"));
  const [zoneId, setZoneId] = useFieldFromDom(formRef, "deliveryZoneId", form.value("deliveryZoneId"));
  useCheckoutDraft(formRef);
  useFocusFirstError(formRef, answer);
  const isSubmitting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === cartIntents.checkout &&
    !navigation.formData.has("coupon");
  const fee = describeFee(
    fulfillment,
    zones.find((zone) => String(zone.id) === zoneId),
    props.totalCents,
  );

  return (
    <Form
      ref={formRef}
      // Says React runs the form (its choices may already be complete, so the buttons cannot tell).
      data-hydrated={isHydrated ? "" : undefined}
      method="post"
      action={CART_PATH}
      className="group/checkout flex flex-col gap-5 rounded-2xl border bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="checkout-title"
    >
      <input type="hidden" name="intent" value={cartIntents.checkout} />
      <h2 id="checkout-title" className="text-xl font-bold">
        Resumen del Pedido
      </h2>
      <Summary itemCount={props.itemCount} subtotalCents={props.totalCents} fee={fee} discounts={props.discounts} />
      <CouponBox
        discounts={props.discounts}
        typed={answer?.values?.couponCode ?? undefined}
        error={answer?.errors?.couponCode ?? undefined}
      />
      <StockProblems problems={answer?.stockProblems ?? []} />
      {props.isPickupEnabled || zones.length > 0 ? (
        <FulfillmentChoice
          form={form}
          zones={zones}
          isPickupEnabled={props.isPickupEnabled}
          pickup={props.pickup}
          whatsappPhone={props.whatsappPhone}
          initialFulfillment={form.value("fulfillment")}
          onFulfillment={setFulfillment}
          zoneId={zoneId}
          onZone={setZoneId}
          shortfall={fee?.shortfall}
        />
      ) : null}
      <PaymentMethodChoice methods={methods} initialId={form.value("paymentMethodId")} onChoose={setMethodId} />
      <ComprobanteChoice form={form} />
      <ContactFields form={form} />
      <OrderButtons
        isSubmitting={isSubmitting}
        needsMethod={isHydrated && methods.length > 0 && !methodId}
        shortfall={isHydrated ? fee?.shortfall : undefined}
      />
    </Form>
  );
}
