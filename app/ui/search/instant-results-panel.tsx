// The header box's instant results (issue 27), loaded when the box is first focused
// (header-search.tsx), so none of this is in a page's first load. The WAI-ARIA combobox
// pattern: the focus stays in the box, the arrows move the active option
// (aria-activedescendant), Enter opens it, Escape or a click outside closes the panel.
import type { RefObject } from "react";

import { buildOptionId, InstantResultOption, SeeAllOption } from "./instant-result-option";
import { LISTBOX_ID, useCombobox } from "./use-combobox";
import type { InstantResults } from "./use-instant-search";

export type InstantPanelProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
};

/** What the live region says when results arrive. */
function describeCount(results: InstantResults | null): string {
  if (!results) return "";
  const count = results.items.length;
  if (count === 0) return `Sin resultados para "${results.typed}"`;
  return count === 1 ? "1 resultado" : `${count} resultados`;
}

export function InstantResultsPanel({ inputRef, formRef }: InstantPanelProps) {
  const { results, items, isShown, activeIndex, seeAllHref, choose } = useCombobox(inputRef, formRef);
  return (
    <>
      <p role="status" className="sr-only">
        {describeCount(results)}
      </p>
      {/* Over the page, under the box: opening it moves nothing. */}
      <div
        hidden={!isShown}
        className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border bg-white shadow-xl"
      >
        {results && items.length === 0 ? (
          <p className="px-4 pt-3 text-sm text-muted">Sin resultados para &quot;{results.typed}&quot;</p>
        ) : null}
        <div
          id={LISTBOX_ID}
          role="listbox"
          aria-label="Resultados de la búsqueda"
          className="flex max-h-[min(36rem,calc(100dvh-9rem))] flex-col gap-0.5 overflow-y-auto p-2"
        >
          {items.map((item, index) => (
            <InstantResultOption
              key={`${item.kind}-${item.id}`}
              item={item}
              id={buildOptionId(LISTBOX_ID, index)}
              isActive={index === activeIndex}
              onChoose={choose}
            />
          ))}
          {results ? (
            <SeeAllOption
              to={seeAllHref}
              id={buildOptionId(LISTBOX_ID, items.length)}
              isActive={activeIndex === items.length}
              onChoose={choose}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}
