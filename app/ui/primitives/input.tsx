import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-ink placeholder:text-muted focus-visible:border-primary-strong aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-muted",
        className,
      )}
      {...props}
    />
  );
}
