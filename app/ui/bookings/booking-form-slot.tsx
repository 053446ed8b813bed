import { lazySlot } from "~/ui/lazy-slot";

import type { BookingFormProps } from "./booking-form";

// The booking form is a chunk of its own, out of the page's first load (the storefront's 120 KB
// budget, ADR 013), like the checkout's. The server renders it in full before the page (the
// route module waits for it), so it works without JavaScript.
const form = lazySlot<BookingFormProps>(() => import("./booking-form").then((module) => module.BookingForm));
if (import.meta.env.SSR) await form.preload();

export const BookingFormSlot = form.Slot;
