import { useState } from "react";

import { DEFAULT_TOAST_DURATION, type ToastMessage } from "~/lib/toast";
import { Link } from "~/ui/primitives/link";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "~/ui/primitives/toast";

export type KeyedToast = ToastMessage & { key: number };

/**
 * The visible toast: Radix Toast (swipe right to dismiss, pause on hover, F8 to reach it,
 * announced in a live region). Its own chunk, loaded by `Toaster` when a page first needs it,
 * so that the storefront's first load does not carry it (bench/README.md, first-load JS).
 */
export default function ToastView({ toast }: { toast: KeyedToast }) {
  return (
    <ToastProvider swipeDirection="right" swipeThreshold={50} label="Notificación">
      <OneToast key={toast.key} toast={toast} />
      <ToastViewport />
    </ToastProvider>
  );
}

function OneToast({ toast }: { toast: KeyedToast }) {
  const [open, setOpen] = useState(true);
  return (
    <Toast
      open={open}
      onOpenChange={setOpen}
      duration={toast.duration ?? DEFAULT_TOAST_DURATION}
      variant={toast.variant ?? "default"}
      // Radix announces the toast in its own live region: errors assertively.
      type={toast.variant === "destructive" ? "foreground" : "background"}
      data-toast=""
    >
      <div className="grid gap-1">
        <ToastTitle>{toast.title}</ToastTitle>
        {toast.description ? <ToastDescription>{toast.description}</ToastDescription> : null}
        {toast.action ? (
          <Link
            to={toast.action.href}
            onClick={() => setOpen(false)}
            className="mt-1 w-fit rounded-full bg-primary-strong px-4 py-1.5 text-sm font-semibold text-white hover:bg-primary-strong/90"
          >
            {toast.action.label}
          </Link>
        ) : null}
      </div>
      <ToastClose />
    </Toast>
  );
}
