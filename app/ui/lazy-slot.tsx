import { type ComponentType, lazy, memo, Suspense } from "react";

/**
 * A component in its own chunk, out of a page's first load, that the server still renders in
 * full (docs/decisions/005): the server loads the chunk before the first render (`preload`, in
 * the route's loader or when the importing module starts), so the page is complete and works
 * without JavaScript; the browser keeps that HTML until the chunk arrives, then hydrates it.
 *
 * `Slot` renders it inside a <Suspense> of its own: on the server the loaded component itself,
 * in the browser always the lazy one, so that it is never swapped for another component type
 * (which would lose what the shopper typed). It skips a render with the same props, so that a
 * parent's render before the chunk is here does not replace the server's HTML.
 */
export function lazySlot<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  const fetchComponent = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => fetchComponent().then((component) => ({ default: component })));
  const Slot = memo(function Slot(props: Props) {
    const Component = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  });
  /** Loads the chunk: on the server before a page renders, in the browser ahead of need (a no-op once loaded). */
  async function preload(): Promise<void> {
    if (!loaded) await fetchComponent();
  }
  return { Slot, preload };
}

/**
 * What a slot renders if its chunk cannot be fetched, where the page can do without it: the
 * rest of the page stays, instead of the layout's error page (as the toast does, toaster.tsx).
 */
export const renderNothing = () => null;
