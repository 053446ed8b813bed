import { type ClassValue, clsx } from "clsx";

import { conflictingClasses } from "./class-conflicts";

/** Read once: each read of process.env asks the C library's environment (a page calls cn() a thousand times). */
const isCheckingConflicts = import.meta.env.DEV || (import.meta.env.SSR && process.env.CHECK_CLASS_CONFLICTS === "1");

/**
 * Joins class names, as clsx does. It never lets one class override another: a component offers
 * a variant or a size for each look (the button's "lgWrap", "ghostDestructive"), instead of a
 * page passing a class of a kind the component already sets ("h-auto" over the button's "h-12").
 * That keeps a class merger, tailwind-merge or our own copy of its rules, out of every storefront
 * page (docs/decisions/013).
 *
 * In development and in the unit tests, a call that joins two classes of one kind throws and
 * names them (app/lib/class-conflicts.ts knows tailwind-merge's rules). So does the server when
 * CHECK_CLASS_CONFLICTS=1, as the end-to-end tests run it (tests/e2e/serve.js), so every page
 * they render is checked too. The browser's build leaves the check out.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (isCheckingConflicts) {
    const overridden = conflictingClasses(classes);
    if (overridden.length > 0) {
      throw new Error(
        `cn("${classes}"): ${overridden.join(", ")} would be overridden by a later class of the same kind. ` +
          "Give the component a variant or a size for this look instead of overriding its classes.",
      );
    }
  }
  return classes;
}
