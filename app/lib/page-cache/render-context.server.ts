// What a render tells the page cache about itself (ADR 024), through the load context: the
// server puts a collector there when it renders a page to keep, and the loaders say whether
// their page may be kept and what it shows. A route that says nothing is never kept.

export type SharedRender = {
  /** Set by cachePage: the route's page is the same for every visitor. */
  isCacheable: boolean;
  /** Whether a 404 of this route may be kept (briefly): an unknown product, not a scanner's path. */
  isNotFoundCacheable: boolean;
  tags: Set<string>;
  /** A shorter life than the cache's default, for a page that changes by itself (a date). */
  maxAgeMs: number | undefined;
  /** Set by answerUnstored: the same for every visitor, but not to be kept (a search that found nothing). */
  isShareableUnstored: boolean;
};

declare module "react-router" {
  interface AppLoadContext {
    /** Present only while the server renders an anonymous page for the page cache. */
    sharedRender?: SharedRender;
  }
}

export function createSharedRender(): SharedRender {
  return {
    isCacheable: false,
    isNotFoundCacheable: false,
    tags: new Set(),
    maxAgeMs: undefined,
    isShareableUnstored: false,
  };
}

/**
 * Called by a route's loader: this page may be stored and served to anyone, and it shows the
 * data named by `tags` (pageTags). Without a shared render (an ordinary request) it does
 * nothing. Loaders of one page run side by side: each adds its own tags.
 */
export function cachePage(
  context: { sharedRender?: SharedRender } | undefined,
  tags: Iterable<string>,
  options: { maxAgeMs?: number; isNotFoundCacheable?: boolean } = {},
): void {
  const render = context?.sharedRender;
  if (!render) return;
  render.isCacheable = true;
  if (options.isNotFoundCacheable) render.isNotFoundCacheable = true;
  for (const tag of tags) render.tags.add(tag);
  if (options.maxAgeMs !== undefined) render.maxAgeMs = Math.min(render.maxAgeMs ?? options.maxAgeMs, options.maxAgeMs);
}

/**
 * Called by a route's loader: this anonymous render is what any visitor would see, so it is
 * their answer, but it is not kept (it counts something each time, or is cheap to miss). Without
 * it, a page not declared cacheable is rendered a second time, as the visitor.
 */
export function answerUnstored(context: { sharedRender?: SharedRender } | undefined): void {
  if (context?.sharedRender) context.sharedRender.isShareableUnstored = true;
}

/** Adds tags without making the page cacheable (the root and the layout, shared by every page). */
export function tagPage(context: { sharedRender?: SharedRender } | undefined, tags: Iterable<string>): void {
  const render = context?.sharedRender;
  if (!render) return;
  for (const tag of tags) render.tags.add(tag);
}

/** Whether this render is the anonymous one the cache keeps: the visitor's own parts come later. */
export function isSharedRender(context: { sharedRender?: SharedRender } | undefined): boolean {
  return context?.sharedRender !== undefined;
}
