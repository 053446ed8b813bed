import { type OrderStatus, orderStatusBadgeClasses, orderStatusLabels } from "~/domain/account/order-status";
import { cn } from "~/lib/cn";

/** An order's status with the colours the customer sees in 'Mis Pedidos'. */
export function OrderStatusBadge({
  status,
  size = "sm",
  className,
}: {
  status: OrderStatus;
  /** "lg" for the order's own page, where it heads the status section. */
  size?: "sm" | "lg";
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center whitespace-nowrap rounded-full font-semibold",
        size === "lg" ? "px-3 py-1 text-sm" : "px-2.5 py-0.5 text-xs",
        orderStatusBadgeClasses[status],
        className,
      )}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
