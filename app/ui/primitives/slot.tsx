import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode, type Ref } from "react";

type Props = Record<string, unknown> & { children?: unknown };

/**
 * `<Button asChild>`: renders its only child with the button's props merged in, by the rules
 * of @radix-ui/react-slot's Slot, which every storefront page used to carry for this alone
 * (docs/decisions/011). Like Radix's, it refuses anything but one element. Radix's own parts
 * keep their Slot.
 */
export function Slot({ children, ...slotProps }: Props) {
  return slotInto(children, slotProps);
}

/**
 * The Slot's work as a plain function, with no hook: what `<Button asChild>` calls, so that a
 * list of 25 rows with a link-looking button each does not pay a component and a hook per row
 * (ADR 066).
 */
export function slotInto(children: unknown, { ref: slotRef, ...slotProps }: Props): ReactNode {
  const child = isValidElement(children) ? (children as ReactElement<Props>) : null;
  if (!child) {
    if (children || children === 0)
      throw new Error("Slot failed to slot onto its children. Expected a single React element child.");
    return null;
  }
  const childRef = child.props.ref as Ref<unknown> | undefined;
  const merged = mergeProps(slotProps, child.props);
  if (child.type !== Fragment) {
    merged.ref = slotRef && childRef ? composedRef(slotRef as Ref<unknown>, childRef) : (slotRef ?? childRef);
  }
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

// One composed callback per pair of refs, kept while both live: a new callback at each render
// would make React detach and attach the element again (what Radix's useComposedRefs avoids).
const composedRefs = new WeakMap<object, WeakMap<object, (node: unknown) => () => void>>();

function composedRef(a: Ref<unknown>, b: Ref<unknown>) {
  let byB = composedRefs.get(a as object);
  if (!byB) composedRefs.set(a as object, (byB = new WeakMap()));
  let ref = byB.get(b as object);
  if (!ref) byB.set(b as object, (ref = composeRefs(a, b)));
  return ref;
}
