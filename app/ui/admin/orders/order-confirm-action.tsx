import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";

import { useIsHydrated } from "~/lib/use-hydrated";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button, buttonVariants } from "~/ui/primitives/button";

// A status change that asks first (Entregado, Cancelar): a dialog with JavaScript; without
// it, the same question and form open in place under the button (a <details>), so the
// change still works. `children` are extra fields (the cancellation's reason).

type ConfirmActionProps = {
  triggerLabel: ReactNode;
  triggerVariant: "default" | "outlineDestructive";
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant: "default" | "destructive";
  /** Hidden fields posted with the confirmation. */
  fields: Record<string, string>;
  children?: ReactNode;
  /** Open from the start: the last post of this form was refused and its error shows inside. */
  isOpenAtFirst?: boolean;
};

function ConfirmForm({
  fields,
  children,
  confirmLabel,
  confirmVariant,
  cancel,
}: ConfirmActionProps & { cancel: ReactNode }) {
  return (
    <Form method="post" preventScrollReset className="mt-4 flex flex-col gap-4">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <SubmitButton variant={confirmVariant} pendingLabel="Actualizando…">
          {confirmLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function OrderConfirmAction(props: ConfirmActionProps) {
  const isHydrated = useIsHydrated();
  const [isOpen, setIsOpen] = useState(props.isOpenAtFirst ?? false);
  if (!isHydrated) {
    return (
      <details open={props.isOpenAtFirst} className="w-full rounded-xl border p-3 open:bg-gray-50">
        <summary className={buttonVariants({ variant: props.triggerVariant })}>{props.triggerLabel}</summary>
        <p className="mt-3 font-semibold">{props.title}</p>
        <div className="mt-1 text-sm text-muted">{props.description}</div>
        <ConfirmForm {...props} cancel={null} />
      </details>
    );
  }
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant={props.triggerVariant}>
          {props.triggerLabel}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{props.title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-muted">{props.description}</div>
          </AlertDialog.Description>
          {/* Stays open while the form is sent: a refusal shows its message here; a change
              made unmounts it with the button that opened it. */}
          <ConfirmForm
            {...props}
            cancel={
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline">
                  Volver
                </Button>
              </AlertDialog.Cancel>
            }
          />
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
