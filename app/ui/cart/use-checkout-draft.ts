import { type RefObject, useEffect } from "react";
import { href } from "react-router";

const SAVE_DELAY_MS = 700;

/** Sends the form's fields to the cart's draft (a lost send only loses the draft, never the order). */
function sendDraft(form: HTMLFormElement): void {
  const fields = new FormData(form);
  fields.delete("intent");
  fields.delete("send");
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
  void fetch(href("/carrito/borrador"), { method: "POST", body, keepalive: true }).catch(() => {});
}

/**
 * Keeps what the shopper chooses and types in the checkout on their cart, a moment after each
 * change and when they leave the cart, so that coming back to it finds the form as they left it.
 */
export function useCheckoutDraft(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      sendDraft(form);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DELAY_MS);
    };
    // A choice made before the scripts arrived is kept too.
    sendDraft(form);
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    window.addEventListener("pagehide", flush);
    return () => {
      form.removeEventListener("input", schedule);
      form.removeEventListener("change", schedule);
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [formRef]);
}
