import type { OrderTimelineEntry } from "~/domain/orders/order-page";
import { cn } from "~/lib/cn";

/** Every status the order went through, oldest first, with its Lima date and time. */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="order-timeline-title" className="rounded-2xl border bg-white p-5 shadow-sm sm:p-6">
      <h2 id="order-timeline-title" className="text-xl font-bold">
        Seguimiento
      </h2>
      <ol className="mt-4 flex flex-col gap-4 border-l-2 border-primary/30 pl-5">
        {entries.map((entry, index) => (
          <li key={entry.id} className="relative">
            <span
              aria-hidden
              className={cn(
                "absolute top-1.5 -left-[27px] size-3 rounded-full ring-4 ring-white",
                entry.isCancellation
                  ? "bg-red-700"
                  : index === entries.length - 1
                    ? "bg-primary-strong"
                    : "bg-primary/50",
              )}
            />
            <p className={cn("font-semibold", entry.isCancellation && "text-red-800")}>{entry.label}</p>
            <p className="text-sm text-muted">{entry.at}</p>
            {entry.note ? <p className="text-sm break-words">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
