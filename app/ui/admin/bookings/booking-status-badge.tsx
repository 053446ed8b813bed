import type { BookingStatus } from "~/domain/bookings/booking-admin";
import { bookingStatusLabels } from "~/domain/bookings/booking-labels";
import { cn } from "~/lib/cn";

// The agenda's colours (agenda-booking.tsx), with a larger size to head the booking's page.
const badgeClasses: Record<BookingStatus, string> = {
  confirmed: "bg-sky-100 text-sky-900",
  attended: "bg-green-100 text-green-900",
  no_show: "bg-amber-100 text-amber-900",
  cancelled: "bg-gray-200 text-gray-700",
};

export function BookingStatusBadge({ status, size = "sm" }: { status: BookingStatus; size?: "sm" | "lg" }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center whitespace-nowrap rounded-full font-semibold",
        size === "lg" ? "px-3 py-1 text-sm" : "px-2.5 py-0.5 text-xs",
        badgeClasses[status],
      )}
    >
      {bookingStatusLabels[status]}
    </span>
  );
}
