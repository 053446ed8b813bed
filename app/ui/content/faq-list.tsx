import type { FaqEntry } from "~/domain/content/faq";
import { Icon } from "~/ui/icons/icon";

/**
 * Native <details>/<summary>: opens and closes with a click, Enter or Space and needs no
 * JavaScript; screen readers announce each question as an expandable button.
 */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="flex flex-col gap-3">
      {entries.map((entry) => (
        <details
          key={entry.question}
          className="group rounded-2xl border bg-white shadow-sm transition open:border-primary/40 open:shadow-md"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-lg font-semibold text-ink hover:text-primary-strong [&::-webkit-details-marker]:hidden">
            <span>{entry.question}</span>
            <Icon
              name="chevron-down"
              className="size-5 shrink-0 text-primary-strong transition-transform group-open:rotate-180 motion-reduce:transition-none"
              aria-hidden
            />
          </summary>
          <p className="px-5 pb-5 leading-relaxed text-muted">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
