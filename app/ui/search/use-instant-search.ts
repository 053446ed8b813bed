import { type RefObject, useEffect, useState } from "react";
import { href } from "react-router";

import type { InstantSearchItem, InstantSearchResponse } from "./instant-search-item";

/** Results start from two letters or digits, as the engine's (MIN_INSTANT_LENGTH). */
const MIN_LETTERS = 2;
/** Long enough to skip the requests of a word typed quickly, short enough to feel instant. */
const INSTANT_DEBOUNCE_MS = 150;

/** The results shown, and the words typed that they are for. */
export type InstantResults = { typed: string; items: InstantSearchItem[] };

function countLetters(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/**
 * The instant results for what is typed in `input`: from two letters, debounced, a request
 * superseded by a newer one aborted (its late answer could otherwise overwrite the newer).
 * Each answer opens the panel with no option active; too little typed closes it. A failed
 * request changes nothing: the form still goes to /buscar.
 */
export function useInstantSearch(input: RefObject<HTMLInputElement | null>) {
  const [results, setResults] = useState<InstantResults | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const publish = (next: InstantResults | null) => {
      setResults(next);
      // A late answer does not open the panel under a box the shopper has left.
      setIsOpen(next !== null && document.activeElement === box);
      setActiveIndex(-1);
    };
    const search = async (typed: string, signal: AbortSignal) => {
      const response = await fetch(`${href("/api/buscar")}?${new URLSearchParams({ q: typed })}`, { signal });
      if (!response.ok) return;
      const body = (await response.json()) as InstantSearchResponse;
      if (!signal.aborted) publish({ typed, items: body.items });
    };
    const onInput = () => {
      clearTimeout(timer);
      controller?.abort();
      const typed = box.value.trim();
      if (countLetters(typed) < MIN_LETTERS) return publish(null);
      const current = new AbortController();
      controller = current;
      timer = setTimeout(() => search(typed, current.signal).catch(() => undefined), INSTANT_DEBOUNCE_MS);
    };
    box.addEventListener("input", onInput);
    // Typed while this code was on its way: search without waiting for another key.
    if (box.value !== box.defaultValue) onInput();
    return () => {
      box.removeEventListener("input", onInput);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [input]);
  return { results, isOpen, setIsOpen, activeIndex, setActiveIndex };
}
