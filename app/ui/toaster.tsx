import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { DEFAULT_TOAST_DURATION, type ToastMessage } from "~/lib/toast";
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "~/ui/primitives/toast";

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast>(() => {});

/** Shows one toast at a time (a new one replaces the current), 5 s by default, swipe right to dismiss. */
export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowToast>((toast) => {
    setCurrent({ ...toast, key: Date.now() + Math.random() });
    setOpen(true);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      <ToastProvider swipeDirection="right" swipeThreshold={50} label="Notificación">
        {children}
        {current ? (
          <Toast
            key={current.key}
            open={open}
            onOpenChange={setOpen}
            duration={current.duration ?? DEFAULT_TOAST_DURATION}
            variant={current.variant ?? "default"}
            // Radix announces the toast in its own live region: errors assertively.
            type={current.variant === "destructive" ? "foreground" : "background"}
            data-toast=""
          >
            <div className="grid gap-1">
              <ToastTitle>{current.title}</ToastTitle>
              {current.description ? <ToastDescription>{current.description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        ) : null}
        <ToastViewport />
      </ToastProvider>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/** Shows a toast that a loader or action returned (each distinct object once). */
export function useToastFrom(toast: ToastMessage | null | undefined): void {
  const show = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}
