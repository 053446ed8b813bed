export type ToastVariant = "default" | "destructive";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 5000 when omitted. */
  duration?: number;
};

export const DEFAULT_TOAST_DURATION = 5000;
