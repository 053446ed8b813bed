import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

import { slotInto } from "./slot";

// Each look is a variant and each size a size: a page adds only classes of other kinds (margins,
// width, alignment), since cn() joins classes and never lets one override another.
const BASE =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

export const VARIANTS = {
  default: "bg-primary-strong text-white hover:bg-primary-strong/90",
  secondary: "bg-secondary text-ink hover:bg-secondary/85",
  outline: "border-2 border-primary-strong text-primary-strong bg-white hover:bg-primary-soft",
  ghost: "text-ink hover:bg-primary-soft",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  // Delete and cancel actions that should not shout: red text, a light red hover.
  ghostDestructive: "text-red-700 hover:bg-red-50",
  outlineDestructive: "border-2 border-red-300 text-red-800 bg-white hover:bg-red-50",
  // The cart's quantity steppers.
  ghostPrimary: "text-primary-strong hover:bg-primary-soft",
  // The WhatsApp green, darkened so that white text keeps a 4.5:1 contrast (the brand green
  // itself gives about 3.5:1).
  whatsapp:
    "bg-[color-mix(in_oklab,var(--color-whatsapp)_76%,black)] text-white hover:bg-[color-mix(in_oklab,var(--color-whatsapp)_66%,black)]",
  link: "text-primary-strong underline-offset-4 hover:underline",
};

export const SIZES = {
  default: "h-10 px-5 text-sm whitespace-nowrap",
  sm: "h-8 px-3 text-sm whitespace-nowrap",
  lg: "h-12 px-7 text-base whitespace-nowrap",
  // As tall as its text needs, at least lg's height: long labels wrap on a phone.
  lgWrap: "min-h-12 px-7 py-2 text-center text-base whitespace-normal",
  // A link-looking button in a line of text: no box of its own.
  inline: "text-sm whitespace-nowrap",
  icon: "size-10",
  iconMd: "size-9",
  iconSm: "size-8",
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
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    const { children, ...slotProps } = props;
    return slotInto(children, { ...slotProps, className: classes });
  }
  return <button className={classes} {...props} />;
}
