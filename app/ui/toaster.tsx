import {
  Component,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from "react";

import { cn } from "~/lib/cn";
import { DEFAULT_TOAST_DURATION, type ToastMessage } from "~/lib/toast";
import type { KeyedToast } from "~/ui/toast-view";

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast>(() => {});

const loadToastView = () => import("~/ui/toast-view");
const ToastView = lazy(loadToastView);

/**
 * Shows one toast at a time (a new one replaces the current), 5 s by default, swipe right to
 * dismiss. The toast itself (Radix Toast, ADR 009) is loaded when the first toast is shown, or
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
      // If the fetch fails, the first toast shows plainly (ToastLoadBoundary).
      loadToastView().catch(() => {});
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
        <ToastLoadBoundary key={current.key} toast={current}>
          <Suspense fallback={null}>
            <ToastView toast={current} />
          </Suspense>
        </ToastLoadBoundary>
      ) : null}
    </ToastContext.Provider>
  );
}

const PRELOAD_EVENTS = ["pointerdown", "keydown"] as const;

/**
 * If the toast's chunk cannot be fetched (the connection dropped), the message still shows,
 * plainly, instead of the error reaching the page's error boundary.
 */
class ToastLoadBoundary extends Component<{ toast: KeyedToast; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PlainToast toast={this.props.toast} /> : this.props.children;
  }
}

function PlainToast({ toast }: { toast: KeyedToast }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), toast.duration ?? DEFAULT_TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!open) return null;
  const isError = toast.variant === "destructive";
  return (
    <div
      role={isError ? "alert" : "status"}
      data-toast=""
      className={cn(
        "fixed top-4 right-4 left-4 z-[100] grid gap-1 rounded-xl border p-4 shadow-lg sm:left-auto sm:w-full sm:max-w-[420px]",
        isError ? "border-red-800 bg-red-700 text-white" : "border-primary/40 bg-white text-ink",
      )}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm opacity-90">{toast.description}</p> : null}
    </div>
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
