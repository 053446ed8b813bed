import { useRef } from "react";

/**
 * A key for a form that must start afresh after a successful save (the redirect reloads
 * the loader's data) but not after a refused one (a 4xx answer does not reload it), so
 * what the admin typed meanwhile is never thrown away by a remount.
 */
export function useResetKey(loaderData: unknown): number {
  const current = useRef({ loaderData, key: 0 });
  if (current.current.loaderData !== loaderData) current.current = { loaderData, key: current.current.key + 1 };
  return current.current.key;
}
