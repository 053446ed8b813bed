import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

/** A text box; a file input gets a box as tall as its "choose file" button, styled like a pill. */
export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-ink placeholder:text-muted focus-visible:border-primary-strong aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-muted",
        type === "file"
          ? "py-2 file:mr-3 file:rounded-full file:border-0 file:bg-primary-soft file:px-4 file:py-1.5 file:font-semibold file:text-primary-strong"
          : "h-10",
        className,
      )}
      {...props}
    />
  );
}
