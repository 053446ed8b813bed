import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { CART_PATH, cartIntents } from "~/domain/cart/cart";
import { responsiveImage } from "~/domain/media/image";
import { type CheckoutField, MAX_CUSTOMER_PHONE_LENGTH } from "~/domain/orders/order";
import { formatMoney } from "~/lib/money";
import { useIsHydrated } from "~/lib/use-hydrated";
import { Field } from "~/ui/form/field";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

export type CheckoutMethodOption = { id: string; name: string; details: string; qrImage?: string | null };

export type CheckoutValues = {
  paymentMethodId: string;
  customerName: string;
  customerPhone: string;
};

/**
 * The order summary and form: total, payment method radios with their details, the
 * shopper's name and phone, and the two buttons. Both buttons place the order and open
 * WhatsApp; 'Finalizar Pedido' waits for a method to be chosen (once JavaScript runs;
 * without it the server answers the same 'selecciona un método de pago').
 */
export function CheckoutForm({
  totalCents,
  itemCount,
  methods,
  values,
  fieldErrors,
  stockProblems,
}: {
  totalCents: number;
  itemCount: number;
  methods: CheckoutMethodOption[];
  values: CheckoutValues;
  fieldErrors: Partial<Record<CheckoutField, string>>;
  stockProblems: string[];
}) {
  const isHydrated = useIsHydrated();
  const navigation = useNavigation();
  const [methodId, setMethodId] = useState(values.paymentMethodId);
  const isSubmitting = navigation.state !== "idle" && navigation.formData?.get("intent") === cartIntents.checkout;
  const isFinalizeDisabled = isSubmitting || (isHydrated && methods.length > 0 && !methodId);

  return (
    <Form
      method="post"
      action={CART_PATH}
      className="flex flex-col gap-5 rounded-2xl border bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="checkout-title"
    >
      <input type="hidden" name="intent" value={cartIntents.checkout} />
      <h2 id="checkout-title" className="text-xl font-bold">
        Resumen del Pedido
      </h2>
      <p className="flex items-baseline justify-between gap-2 border-b pb-4" aria-live="polite">
        <span className="text-muted">
          Total ({itemCount} {itemCount === 1 ? "producto" : "productos"})
        </span>
        <span className="text-2xl font-bold text-primary-strong" data-testid="cart-total">
          {formatMoney(totalCents)}
        </span>
      </p>
      {stockProblems.length > 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">No pudimos registrar tu pedido:</p>
          <ul className="mt-1 list-disc pl-5">
            {stockProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <PaymentMethodChoice methods={methods} methodId={methodId} onChoose={setMethodId} />
      <ContactFields values={values} errors={fieldErrors} />
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lgWrap" disabled={isFinalizeDisabled}>
          <Icon name="shopping-bag" aria-hidden /> Finalizar Pedido
        </Button>
        <Button type="submit" variant="whatsapp" size="lgWrap" disabled={isSubmitting}>
          <Icon name="message-circle" aria-hidden /> Enviar Pedido por WhatsApp (Coordinar Pago)
        </Button>
        <p className="text-center text-sm text-muted" aria-live="polite">
          {isSubmitting
            ? "Registrando tu pedido…"
            : "Registramos tu pedido y abrimos WhatsApp con el detalle para coordinar el pago."}
        </p>
      </div>
    </Form>
  );
}

/** The payment method radios; a method's QR code shows once it is picked. */
function PaymentMethodChoice({
  methods,
  methodId,
  onChoose,
}: {
  methods: CheckoutMethodOption[];
  methodId: string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">Método de pago</legend>
      {methods.length === 0 ? (
        <p className="text-sm text-muted">Coordinaremos el método de pago contigo por WhatsApp.</p>
      ) : null}
      {methods.map((method) => (
        <label
          key={method.id}
          className="group flex cursor-pointer gap-3 rounded-xl border-2 border-gray-200 p-3 transition-colors has-[:checked]:border-primary-strong has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-strong"
        >
          <input
            type="radio"
            name="paymentMethodId"
            value={method.id}
            checked={methodId === method.id}
            onChange={() => onChoose(method.id)}
            className="mt-1 size-4 shrink-0 accent-primary-strong"
          />
          <span className="min-w-0">
            <span className="block font-semibold">{method.name}</span>
            {method.details ? (
              <span className="block text-sm break-words whitespace-pre-line text-muted">{method.details}</span>
            ) : null}
            {/* Shown by CSS once the method is picked, so it also works before JavaScript. */}
            {method.qrImage ? (
              <img
                {...responsiveImage(method.qrImage, "160px")}
                alt={`Código QR de ${method.name}`}
                width={160}
                height={160}
                loading="lazy"
                className="mt-2 hidden size-40 rounded-lg border bg-white object-contain group-has-[:checked]:block"
              />
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The shopper's name and phone. Their bindings are written out rather than made by
 * formFields(): that module would be one more file in the cart's first load, which sits at
 * the 120 KB budget (docs/decisions/005). The ids are the ones the page has always had.
 */
function ContactFields({ values, errors }: { values: CheckoutValues; errors: Partial<Record<CheckoutField, string>> }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Tus datos de contacto</legend>
      <Field
        label="Nombre completo"
        field={{
          id: "checkout-name",
          name: "customerName",
          defaultValue: values.customerName,
          error: errors.customerName,
        }}
        inputProps={{ autoComplete: "name", "aria-required": true, maxLength: 100 }}
      />
      <Field
        label="Celular (WhatsApp)"
        field={{
          id: "checkout-phone",
          name: "customerPhone",
          defaultValue: values.customerPhone,
          error: errors.customerPhone,
        }}
        inputProps={{
          type: "tel",
          autoComplete: "tel",
          inputMode: "tel",
          "aria-required": true,
          maxLength: MAX_CUSTOMER_PHONE_LENGTH,
          placeholder: "987 654 321",
        }}
      />
    </fieldset>
  );
}
