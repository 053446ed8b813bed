import { responsiveImage } from "~/domain/media/image";

export type CheckoutMethodOption = {
  id: string;
  name: string;
  details: string;
  qrImage?: string | null;
  /** 'manual', or the provider of a method paid online (the checkout then hides the WhatsApp button by CSS). */
  kind?: string;
};

/** The payment method radios (its legend has an id so the buttons can bring the shopper to it); a method's QR code shows once it is picked. */
export function PaymentMethodChoice({
  methods,
  initialId,
  onChoose,
}: {
  methods: CheckoutMethodOption[];
  /** The method the server knows of; what the shopper picks before the scripts arrive stays. */
  initialId: string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2" id="checkout-payment">
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
            defaultChecked={initialId === method.id}
            data-online={method.kind && method.kind !== "manual" ? "" : undefined}
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
