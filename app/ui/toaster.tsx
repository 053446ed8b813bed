import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from "react";
import type { ToastMessage } from "~/lib/toast";
import type { KeyedToast } from "~/ui/toast-view";

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast>(() => {});

const loadToastView = () => import("~/ui/toast-view");
const ToastView = lazy(loadToastView);

/**
 * Shows one toast at a time (a new one replaces the current), 5 s by default, swipe right to
 * dismiss. The toast itself (Radix Toast, ~13 KB) is loaded when the first toast is shown, or
 * as soon as the shopper first touches or types, whichever comes first: toasts answer what a
 * shopper does, so it is there by then, and a page that is only read never downloads it.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<KeyedToast | null>(null);

  const show = useCallback<ShowToast>((toast) => {
    setCurrent({ ...toast, key: Date.now() + Math.random() });
  }, []);

  useEffect(() => {
    const preload = () => {
      for (const type of PRELOAD_EVENTS) window.removeEventListener(type, preload, true);
      void loadToastView();
    };
    for (const type of PRELOAD_EVENTS) window.addEventListener(type, preload, { capture: true, passive: true });
    return () => {
      for (const type of PRELOAD_EVENTS) window.removeEventListener(type, preload, true);
    };
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastView toast={current} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

const PRELOAD_EVENTS = ["pointerdown", "keydown"] as const;

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
