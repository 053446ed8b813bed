import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { Slot } from "./slot";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  default: "bg-primary-strong text-white hover:bg-primary-strong/90",
  secondary: "bg-secondary text-ink hover:bg-secondary/85",
  outline: "border-2 border-primary-strong text-primary-strong bg-white hover:bg-primary-soft",
  ghost: "text-ink hover:bg-primary-soft",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  link: "text-primary-strong underline-offset-4 hover:underline",
};

const SIZES = {
  default: "h-10 px-5 text-sm",
  sm: "h-8 px-3 text-sm",
  lg: "h-12 px-7 text-base",
  icon: "size-10",
};

export type ButtonVariants = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

/** The button's classes, for a link or a label that should look like one. */
export function buttonVariants({ variant, size }: ButtonVariants = {}): string {
  return `${BASE} ${VARIANTS[variant ?? "default"]} ${SIZES[size ?? "default"]}`;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<"button"> & ButtonVariants & { asChild?: boolean }) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
