import { lazySlot } from "~/ui/lazy-slot";

// The complaint sheet is a chunk of its own, out of the book's first load (the 120 KB budget,
// docs/decisions/013), like the cart's checkout form (checkout-slot.tsx): the book's loader
// loads it on the server before the page renders, so the page is complete and works without
// JavaScript; the browser keeps that HTML until the chunk arrives, then hydrates it. The
// confirmation stays in the book's own chunk: it is the consumer's only record of the complaint
// on screen, shown once, and must not depend on another fetch (docs/decisions/013).
const form = lazySlot(() => import("./complaint-form").then((module) => module.ComplaintForm));

/** Loads the sheet's module on the server before the book renders (a no-op once loaded). */
export const preloadComplaintForm = form.preload;

export const ComplaintFormSlot = form.Slot;
