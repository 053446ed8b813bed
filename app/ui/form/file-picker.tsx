import { type ComponentProps, type ReactNode, useLayoutEffect, useRef, useState } from "react";

import { cn } from "~/lib/cn";
import { buttonVariants } from "~/ui/primitives/button";

import { FieldError } from "./field";
import type { FieldBinding } from "./form-fields";

export const NO_FILE_CHOSEN = "Ningún archivo elegido";

/**
 * A labelled file field whose button and status are the shop's, in Spanish: the browser's own
 * ('Choose File', 'No file chosen') follow the phone's language. The real input stays in the
 * form, visually hidden but focusable, and the button is a <label> pointing at it, so picking
 * and sending work without JavaScript; the chosen file's name needs it.
 */
export function FilePicker({
  label,
  chooseLabel,
  field,
  hint,
  className,
  inputProps = {},
}: {
  label: ReactNode;
  /** The button's text: 'Elegir foto', 'Elegir imagen'. */
  chooseLabel: string;
  field: FieldBinding;
  /** A note under the label, read with the field (aria-describedby). */
  hint?: ReactNode;
  className?: string;
  inputProps?: Omit<ComponentProps<"input">, "type" | "id" | "name">;
}) {
  const { id, name, error } = field;
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // A file picked before the scripts arrived is already in the input.
  useLayoutEffect(() => setFileName(inputRef.current?.files?.[0]?.name ?? null), []);
  const describedBy = [
    hint ? `${id}-hint` : null,
    `${id}-file`,
    error ? `${id}-error` : null,
    inputProps["aria-describedby"],
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          {...inputProps}
          // Named by the field's label alone: the button's text would only repeat it.
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          onChange={(event) => {
            setFileName(event.currentTarget.files?.[0]?.name ?? null);
            inputProps.onChange?.(event);
          }}
        />
        <label
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: "outline", size: "sm" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-strong peer-aria-[invalid=true]:border-red-600",
          )}
        >
          {chooseLabel}
        </label>
        <span id={`${id}-file`} aria-live="polite" className="min-w-0 text-sm break-all text-muted">
          {fileName ?? NO_FILE_CHOSEN}
        </span>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
