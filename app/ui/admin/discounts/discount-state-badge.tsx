import { describeDiscountState } from "~/domain/discounts/discount-admin";
import type { Discount } from "~/domain/discounts/discount-rules";
import { cn } from "~/lib/cn";

/** A discount's state as a pill: green while a shopper can get it, grey otherwise. */
export function DiscountStateBadge({
  discount,
  now,
}: {
  discount: Pick<Discount, "isActive" | "startsAt" | "endsAt" | "maxUses" | "usesCount">;
  now: number;
}) {
  const state = describeDiscountState(discount, now);
  return (
    <span
      className={cn(
        "inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold",
        state.isLive ? "bg-primary-soft text-primary-strong" : "bg-gray-100 text-gray-700",
      )}
    >
      {state.label}
    </span>
  );
}
