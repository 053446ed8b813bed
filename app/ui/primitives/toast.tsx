import * as ToastPrimitive from "@radix-ui/react-toast";
import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // At the bottom on every screen: on a phone it never covers the header and its menu.
        "fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 sm:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const TOAST_BASE =
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0";

const TOAST_VARIANTS = {
  default: "border-primary/40 bg-white text-ink",
  warning: "border-amber-400 bg-amber-50 text-amber-950",
  destructive: "border-red-800 bg-red-700 text-white",
};

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: keyof typeof TOAST_VARIANTS }) {
  return <ToastPrimitive.Root className={cn(TOAST_BASE, TOAST_VARIANTS[variant ?? "default"], className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-sm opacity-90", className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Cerrar"
      className={cn("absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100", className)}
      {...props}
    >
      <Icon name="x" className="size-4" />
    </ToastPrimitive.Close>
  );
}
