/** default: done; warning: done, but something still needs the reader (amber); destructive: refused. */
type ToastVariant = "default" | "warning" | "destructive";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 5000 when omitted. */
  duration?: number;
  /** A link the toast offers, e.g. 'Ver carrito' after adding a product. */
  action?: { label: string; href: string };
};

export const DEFAULT_TOAST_DURATION = 5000;
