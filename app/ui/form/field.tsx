import { useId } from "react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { Input } from "~/ui/primitives/input";

/** A labelled input with its Spanish error message underneath. */
export function Field({
  label,
  error,
  className,
  inputProps,
}: {
  label: string;
  error?: string | undefined;
  className?: string;
  inputProps: ComponentProps<"input">;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
