import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";

import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";

/**
 * A delete button that asks first. Confirming posts `fields` (e.g. intent=delete, id=7)
 * to `action` (default: the current route), so deleting works through the server action.
 */
export function ConfirmDeleteButton({
  itemName,
  fields,
  action,
  title = "¿Estás seguro?",
  description,
  confirmLabel = "Sí, eliminar",
  confirmVariant = "destructive",
  trigger,
}: {
  itemName: string;
  fields: Record<string, string>;
  action?: string;
  title?: string;
  description?: ReactNode;
  confirmLabel?: string;
  /** The confirm button's look: red for what destroys, the primary one for a step forward. */
  confirmVariant?: "destructive" | "default";
  trigger?: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <AlertDialog.Trigger asChild>
        {trigger ?? (
          <Button type="button" variant="ghostDestructive" size="sm" aria-label={`Eliminar ${itemName}`}>
            <AdminIcon name="trash-2" />
          </Button>
        )}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
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
            <Form method="post" action={action} preventScrollReset onSubmit={() => setIsOpen(false)}>
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
