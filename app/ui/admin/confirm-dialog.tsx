import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactNode, useRef, useState } from "react";
import { Form } from "react-router";

import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Slot } from "~/ui/primitives/slot";

type ConfirmDeleteProps = {
  itemName: string;
  fields: Record<string, string>;
  action?: string;
  title?: string;
  description?: ReactNode;
  confirmLabel?: string;
  /** The confirm button's look: red for what destroys, the primary one for a step forward. */
  confirmVariant?: "destructive" | "default";
  trigger?: ReactNode;
};

/**
 * A delete button that asks first. Confirming posts `fields` (e.g. intent=delete, id=7)
 * to `action` (default: the current route), so deleting works through the server action.
 *
 * The dialog is mounted only once its button is clicked (ADR 066): a list renders one button
 * per row, and Radix's dialog (its root, trigger, context and ids) cost a back-office list of
 * 25 rows a measurable part of its server render, for dialogs no one had opened. Like Radix's
 * trigger, the button says it opens a dialog and whether it is open, and gets the focus back
 * when the dialog closes.
 */
export function ConfirmDeleteButton({ itemName, trigger, ...dialog }: ConfirmDeleteProps) {
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Slot
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-state={isOpen ? "open" : "closed"}
        onClick={() => setIsOpen(true)}
      >
        {trigger ?? (
          <Button type="button" variant="ghostDestructive" size="sm" aria-label={`Eliminar ${itemName}`}>
            <AdminIcon name="trash-2" />
          </Button>
        )}
      </Slot>
      {isOpen ? (
        <ConfirmDeleteDialog
          {...dialog}
          itemName={itemName}
          onClose={() => setIsOpen(false)}
          onClosed={() => triggerRef.current?.focus()}
        />
      ) : null}
    </>
  );
}

function ConfirmDeleteDialog({
  itemName,
  fields,
  action,
  title = "¿Estás seguro?",
  description,
  confirmLabel = "Sí, eliminar",
  confirmVariant = "destructive",
  onClose,
  onClosed,
}: Omit<ConfirmDeleteProps, "trigger"> & { onClose: () => void; onClosed: () => void }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            {description ?? (
              <>
                Esta acción no se puede deshacer. Se eliminará permanentemente{" "}
                <strong className="text-ink">{itemName}</strong>.
              </>
            )}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline">
                Cancelar
              </Button>
            </AlertDialog.Cancel>
            {/* Closed on submit, not by AlertDialog.Action: unmounting the form inside the
                click would cancel its submission. */}
            <Form method="post" action={action} preventScrollReset onSubmit={onClose}>
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" variant={confirmVariant}>
                {confirmLabel}
              </Button>
            </Form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
