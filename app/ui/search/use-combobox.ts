import { type RefObject, useCallback, useEffect } from "react";
import { href, useLocation, useNavigate } from "react-router";

import { buildOptionId } from "./instant-result-option";
import { useInstantSearch } from "./use-instant-search";

export const LISTBOX_ID = "header-q-resultados";

type BoxRef = RefObject<HTMLInputElement | null>;

const COMBOBOX_ATTRIBUTES = ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"];

function buildSeeAllHref(typed: string): string {
  return `${href("/buscar")}?${new URLSearchParams({ q: typed })}`;
}

/** The next active option for an arrow key, wrapping around; -1 is the box itself. */
function moveActive(key: string, activeIndex: number, optionCount: number): number {
  if (key === "ArrowDown") return activeIndex >= optionCount - 1 ? 0 : activeIndex + 1;
  return activeIndex <= 0 ? optionCount - 1 : activeIndex - 1;
}

/**
 * The box becomes a combobox once this code is here (rendered by the server as a plain search
 * box, which it stays without JavaScript); the attributes go when the panel does.
 */
function useComboboxAttributes(inputRef: BoxRef, isOpen: boolean, activeId: string | null) {
  useEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.setAttribute("role", "combobox");
    box.setAttribute("aria-autocomplete", "list");
    box.setAttribute("aria-controls", LISTBOX_ID);
    return () => COMBOBOX_ATTRIBUTES.forEach((name) => box.removeAttribute(name));
  }, [inputRef]);
  useEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.setAttribute("aria-expanded", String(isOpen));
    if (activeId) {
      box.setAttribute("aria-activedescendant", activeId);
      document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
    } else box.removeAttribute("aria-activedescendant");
  }, [inputRef, isOpen, activeId]);
}

/**
 * The combobox's state and behaviour around the header's box: its results, which option is
 * active, and the keys, focus and clicks that open, move, choose and close.
 */
export function useCombobox(inputRef: BoxRef, formRef: RefObject<HTMLFormElement | null>) {
  const { results, isOpen, setIsOpen, activeIndex, setActiveIndex } = useInstantSearch(inputRef);
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const items = results?.items ?? [];
  const seeAllHref = buildSeeAllHref(results?.typed ?? "");
  const optionCount = results ? items.length + 1 : 0;
  const isShown = isOpen && results !== null;
  const activeId = isShown && activeIndex >= 0 ? buildOptionId(LISTBOX_ID, activeIndex) : null;
  useComboboxAttributes(inputRef, isShown, activeId);

  const close = useCallback(() => {
    setIsOpen(false);
    setActiveIndex(-1);
  }, [setIsOpen, setActiveIndex]);
  // Chosen: the panel closes and a phone's keyboard goes down.
  const choose = useCallback(() => {
    close();
    inputRef.current?.blur();
  }, [close, inputRef]);

  // A page reached any way (a link, back, the form) starts with the panel closed.
  useEffect(close, [close, locationKey]);

  useEffect(() => {
    const box = inputRef.current;
    const form = formRef.current;
    if (!box || !form) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key === "ArrowDown" || event.key === "ArrowUp") && optionCount > 0) {
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex(moveActive(event.key, isShown ? activeIndex : -1, optionCount));
      } else if (event.key === "Enter" && isShown && activeIndex >= 0) {
        // No active option: Enter sends the form to /buscar, as without JavaScript.
        event.preventDefault();
        navigate(items[activeIndex]?.href ?? seeAllHref);
        choose();
      } else if (event.key === "Escape" && isShown) {
        // Only closes: the search box would also clear what was typed.
        event.preventDefault();
        close();
      }
    };
    const onFocus = () => setIsOpen(results !== null);
    const onPointerDown = (event: PointerEvent) => {
      if (!form.contains(event.target as Node)) close();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !form.contains(event.relatedTarget)) close();
    };
    box.addEventListener("keydown", onKeyDown);
    box.addEventListener("focus", onFocus);
    form.addEventListener("focusout", onFocusOut);
    form.addEventListener("submit", choose);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      box.removeEventListener("keydown", onKeyDown);
      box.removeEventListener("focus", onFocus);
      form.removeEventListener("focusout", onFocusOut);
      form.removeEventListener("submit", choose);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  });
  return { results, items, isShown, activeIndex, seeAllHref, choose };
}
