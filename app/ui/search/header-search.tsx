import { type ComponentType, useRef, useState } from "react";
import { Form, href } from "react-router";

import { MAX_QUERY_LENGTH } from "~/domain/search/query-length";
import { Icon } from "~/ui/icons/icon";

import type { InstantPanelProps } from "./instant-results-panel";

export const HEADER_SEARCH_PLACEHOLDER = "¿Qué buscas para tu mascota?";
const SHORT_HEADER_SEARCH_PLACEHOLDER = "¿Qué buscas?";

// The instant results' code (the combobox, its requests, its list) is fetched when the box is
// first focused: it is in no page's first load (ADR 013's budget).
const loadPanel = () => import("./instant-results-panel");

/**
 * The search box of every storefront page (issue 27): a GET form to /buscar, so that it works
 * without JavaScript; with it, instant results as the shopper types.
 */
export function HeaderSearch({ defaultQuery = "" }: { defaultQuery?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [Panel, setPanel] = useState<ComponentType<InstantPanelProps> | null>(null);
  // A chunk that cannot be fetched leaves the plain form; the next focus tries again.
  const loadInstantResults = () => {
    if (!Panel)
      loadPanel().then(
        (module) => setPanel(() => module.InstantResultsPanel),
        () => undefined,
      );
  };
  return (
    <Form
      ref={formRef}
      method="get"
      action={href("/buscar")}
      role="search"
      aria-label="Buscar en la tienda"
      className="relative w-full"
    >
      <label htmlFor="header-q" className="sr-only">
        {HEADER_SEARCH_PLACEHOLDER}
      </label>
      <Icon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <input
        ref={inputRef}
        id="header-q"
        type="search"
        name="q"
        defaultValue={defaultQuery}
        placeholder={HEADER_SEARCH_PLACEHOLDER}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={loadInstantResults}
        // Focused before the page was interactive: the first letter typed after fetches it.
        onInput={loadInstantResults}
        className="peer h-10 w-full rounded-full border border-gray-300 bg-white pr-12 pl-9 text-base text-ink placeholder:text-muted focus-visible:border-primary-strong max-[359px]:placeholder:text-transparent sm:pr-24"
      />
      {/* Under 360 px the whole question does not fit: a shorter one stands in for it. */}
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-9 hidden -translate-y-1/2 text-base text-muted max-[359px]:peer-placeholder-shown:block"
      >
        {SHORT_HEADER_SEARCH_PLACEHOLDER}
      </span>
      {/* On a phone an icon, so that the whole placeholder fits; the word from 640 px. */}
      <button
        type="submit"
        className="absolute top-1 right-1 inline-flex h-8 items-center justify-center rounded-full bg-primary-strong px-3 text-sm font-semibold text-white hover:bg-primary sm:px-4"
      >
        <Icon name="search" className="size-4 sm:hidden" aria-hidden />
        <span className="sr-only sm:not-sr-only">Buscar</span>
      </button>
      {Panel ? <Panel inputRef={inputRef} formRef={formRef} /> : null}
    </Form>
  );
}
