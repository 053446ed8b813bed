import { useSyncExternalStore } from "react";

function subscribe(): () => void {
  return () => {};
}

/**
 * False in the server's HTML and during hydration, true once React runs in the browser:
 * for controls that only make sense with JavaScript (the page must work without it).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
