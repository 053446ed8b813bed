import { getUnitPriceCents, hasActiveOffer, type Priced } from "~/domain/catalog/pricing";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";

/**
 * A product's or service's price: the offer price with the regular price struck
 * through when an offer applies; 'Consultar' when the shop hides the price; 'Desde S/ …'
 * (the cheapest, what the shopper pays) when its presentaciones differ in price.
 */
export function PriceTag({
  item,
  isPriceHidden = false,
  isFromPrice = false,
  size = "default",
  className,
}: {
  item: Priced;
  isPriceHidden?: boolean;
  isFromPrice?: boolean;
  size?: "default" | "lg";
  className?: string;
}) {
  const big = size === "lg";
  if (isPriceHidden) {
    return <p className={cn("font-bold text-primary-strong", big ? "text-2xl" : "text-lg", className)}>Consultar</p>;
  }
  if (isFromPrice && !hasActiveOffer(item)) {
    return (
      <p className={cn("font-bold text-primary-strong", big ? "text-3xl" : "text-xl", className)}>
        <span className={cn("font-semibold text-muted", big ? "text-lg" : "text-sm")}>Desde </span>
        {formatMoney(getUnitPriceCents(item))}
      </p>
    );
  }
  if (hasActiveOffer(item)) {
    // With sizes, the cheapest is on offer: 'Desde S/ 79.90 S/ 89.90' (the second struck).
    return (
      <p className={cn("flex flex-wrap items-baseline gap-x-2", className)}>
        {isFromPrice ? (
          <span className={cn("font-semibold text-muted", big ? "text-lg" : "text-sm")}>Desde</span>
        ) : null}
        <span className={cn("font-bold text-red-700", big ? "text-3xl" : "text-xl")}>
          <span className="sr-only">Precio de oferta: </span>
          {formatMoney(item.offerPriceCents!)}
        </span>
        <s className={cn("text-muted", big ? "text-lg" : "text-sm")}>
          <span className="sr-only">Precio regular: </span>
          {formatMoney(item.priceCents)}
        </s>
      </p>
    );
  }
  return (
    <p className={cn("font-bold text-primary-strong", big ? "text-3xl" : "text-xl", className)}>
      {formatMoney(item.priceCents)}
    </p>
  );
}

export function OfferBadge({ size = "sm", className }: { size?: "sm" | "lg"; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-red-700 px-2.5 py-0.5 font-bold tracking-wide text-white",
        size === "lg" ? "text-sm" : "text-xs",
        className,
      )}
    >
      OFERTA
    </span>
  );
}
