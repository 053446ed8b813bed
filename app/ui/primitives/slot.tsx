import { cloneElement, Fragment, isValidElement, type ReactElement, type Ref, useCallback } from "react";

type Props = Record<string, unknown> & { children?: unknown };

/**
 * `<Button asChild>`: renders its only child with the button's props merged in, by the rules
 * of @radix-ui/react-slot's Slot, which every storefront page used to carry for this alone
 * (docs/decisions/011). Like Radix's, it refuses anything but one element. Radix's own parts
 * keep their Slot.
 */
export function Slot({ children, ref: slotRef, ...slotProps }: Props) {
  const child = isValidElement(children) ? (children as ReactElement<Props>) : null;
  const childRef = child?.props.ref as Ref<unknown> | undefined;
  const composedRef = useComposedRef(slotRef as Ref<unknown> | undefined, childRef);
  if (!child) {
    if (children || children === 0)
      throw new Error("Slot failed to slot onto its children. Expected a single React element child.");
    return null;
  }
  const merged = mergeProps(slotProps, child.props);
  if (child.type !== Fragment) merged.ref = slotRef ? composedRef : childRef;
  return cloneElement(child, merged);
}

/**
 * Radix's rules (mergeProps in @radix-ui/react-slot 1.5): the child's props win, but for the
 * props the child sets, handlers both run (the child's first), styles merge and class names
 * and described-by ids join.
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
  return merged;
}

function joinIds(...values: unknown[]): string | undefined {
  const ids = new Set(
    values.flatMap((value) => (typeof value === "string" ? value.trim().split(/\s+/) : [])).filter(Boolean),
  );
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}

/** One callback that sets both refs, kept across renders while the refs stay the same. */
export function composeRefs(...refs: (Ref<unknown> | undefined)[]) {
  return (node: unknown) => {
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

function useComposedRef(a: Ref<unknown> | undefined, b: Ref<unknown> | undefined) {
  return useCallback((node: unknown) => composeRefs(a, b)(node), [a, b]);
}
