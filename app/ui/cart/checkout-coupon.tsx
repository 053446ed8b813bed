import { formatAmountOff } from "~/domain/discounts/discount-rules";
import { Button } from "~/ui/primitives/button";
import { Input } from "~/ui/primitives/input";

// The checkout's '¿Tienes un cupón?' (issue 44): a box and 'Aplicar', inside the order form so
// that applying a code keeps every field typed, with or without JavaScript. The buttons post
// `coupon` (apply or remove), never `intent`: the form's hidden intent is the order's.

export type CheckoutDiscounts = {
  lines: { label: string; amountCents: number }[];
  couponCode: string;
  couponMessage: string | null;
  freeDelivery: string | null;
};

export function CouponBox({
  discounts,
  typed,
  error,
}: {
  discounts: CheckoutDiscounts;
  /** What was typed in the box, after a refused code. */
  typed: string | undefined;
  error: string | undefined;
}) {
  const message = error ?? discounts.couponMessage;
  const hasCoupon = discounts.couponCode !== "" && !error;
  return (
    <div className="flex flex-col gap-1.5 border-b pb-4">
      <label htmlFor="checkout-couponCode" className="text-sm font-semibold">
        ¿Tienes un cupón?
      </label>
      <div className="flex gap-2">
        <Input
          id="checkout-couponCode"
          name="couponCode"
          defaultValue={typed ?? discounts.couponCode}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={30}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "checkout-couponCode-message" : undefined}
        />
        <Button type="submit" name="coupon" value="apply" variant="outline" formNoValidate>
          Aplicar
        </Button>
        {hasCoupon ? (
          <Button type="submit" name="coupon" value="remove" variant="ghost" formNoValidate>
            Quitar
          </Button>
        ) : null}
      </div>
      {message ? (
        <p id="checkout-couponCode-message" className="text-sm text-red-700" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The summary's lines for the discounts: 'Cupón BIENVENIDA20: −S/ 12.98'. */
export function DiscountLines({ lines }: { lines: { label: string; amountCents: number }[] }) {
  return lines.map((line) => (
    <div key={line.label} className="flex items-baseline justify-between gap-2 text-primary-strong">
      <dt>{line.label}</dt>
      <dd>{formatAmountOff(line.amountCents)}</dd>
    </div>
  ));
}
