import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default browser entry, with one change: hydration starts once the browser
// has painted the server-rendered page. On a slow phone the scripts often arrive before the
// first paint, and hydrating first made the shopper wait a second or more on a blank screen
// (Lighthouse's first and largest contentful paint; bench/README.md). A hidden tab never
// paints, so there it starts at once.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.visibilityState === "hidden") hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
