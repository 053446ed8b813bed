import { type ReactElement, type Ref, type RefCallback, cloneElement, isValidElement } from "react";

type Props = Record<string, unknown> & { children?: unknown };

/**
 * `<Button asChild>`: renders its only child with the button's props merged in, by the rules
 * of @radix-ui/react-slot's Slot, which every storefront page used to carry for this alone
 * (docs/decisions/011). Radix's own parts keep their Slot.
 */
export function Slot({ children, ...slotProps }: Props) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  return cloneElement(child, mergeProps(slotProps, child.props));
}

/**
 * Radix's rules (mergeProps in @radix-ui/react-slot 1.5): the child's props win, but for the
 * props the child sets, handlers both run, styles merge and class names and described-by ids
 * join. The slot's ref and the child's are both set.
 */
export function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const key of Object.keys(child)) {
    const slotValue = slot[key];
    const childValue = child[key];
    if (/^on[A-Z]/.test(key)) {
      if (typeof slotValue === "function" && typeof childValue === "function") {
        merged[key] = (...args: unknown[]) => {
          const result: unknown = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (slotValue) merged[key] = slotValue;
    } else if (key === "style") merged[key] = { ...(slotValue as object), ...(childValue as object) };
    else if (key === "className") merged[key] = [slotValue, childValue].filter(Boolean).join(" ");
    else if (key === "aria-describedby") merged[key] = joinIds(childValue, slotValue);
  }
  const slotRef = slot.ref as Ref<unknown> | undefined;
  const childRef = child.ref as Ref<unknown> | undefined;
  if (slotRef) merged.ref = childRef ? composeRefs(slotRef, childRef) : slotRef;
  return merged;
}

function joinIds(...values: unknown[]): string | undefined {
  const ids = new Set(values.flatMap((value) => (typeof value === "string" ? value.trim().split(/\s+/) : [])).filter(Boolean));
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}

function composeRefs(...refs: Ref<unknown>[]): RefCallback<unknown> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === "function") return ref(node);
      if (ref) ref.current = node;
      return undefined;
    });
    return () => {
      refs.forEach((ref, index) => {
        const cleanup = cleanups[index];
        if (typeof cleanup === "function") cleanup();
        else if (typeof ref === "function") ref(null);
        else if (ref) ref.current = null;
      });
    };
  };
}
