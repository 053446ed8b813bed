import type { OrderStatus } from "~/db/schema";
import { orderStatusBadgeClasses, orderStatusLabels } from "~/domain/account/order-status";
import { cn } from "~/lib/cn";

/** An order's status with the colours the customer sees in 'Mis Pedidos'. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold",
        orderStatusBadgeClasses[status],
        className,
      )}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
