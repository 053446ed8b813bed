import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * What a form field of `formRef`'s form holds now: the checked radio's value of a group, a
 * select's or an input's value; null when the form has no such field.
 */
export function readFormField(form: HTMLFormElement | null | undefined, name: string): string | null {
  const field = form?.elements.namedItem(name);
  if (!field) return null;
  if (field instanceof RadioNodeList) return field.value;
  if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) {
    return field.checked ? field.value : "";
  }
  if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) {
    return field.value;
  }
  return null;
}

function readField(element: HTMLElement | null, name: string): string | null {
  if (element instanceof HTMLFormElement) return readFormField(element, name);
  return readFormField(element?.closest("form"), name);
}

/**
 * State that mirrors one field of a form, started from what the field holds when React takes
 * the page over rather than from the server's value: on a slow phone the shopper chooses
 * before the scripts arrive, and that choice must survive hydration. The field itself stays
 * uncontrolled (`defaultChecked`/`defaultValue`), so React never writes over it; the state only
 * drives what the choice shows beyond CSS (totals, limits, which chunk to load).
 */
export function useFieldFromDom(
  ref: RefObject<HTMLElement | null>,
  name: string,
  initial: string,
): [string, (value: string) => void] {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const current = readField(ref.current, name);
    if (current !== null) setValue(current);
  }, [ref, name]);
  return [value, setValue];
}
