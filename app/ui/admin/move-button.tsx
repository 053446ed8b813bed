import { Form } from "react-router";

import type { MoveDirection } from "~/lib/reorder";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";

/**
 * One step up or down in an ordered list ('Subir' / 'Bajar'): a real form posting
 * intent=move, id and direction to the current route, so it works without JavaScript.
 */
export function MoveButton({
  id,
  direction,
  isDisabled,
  title,
}: {
  id: number;
  direction: MoveDirection;
  isDisabled: boolean;
  /** The tooltip, naming the item and the list (e.g. 'Subir «hola» en el orden de búsqueda'). */
  title: string;
}) {
  const icon = direction === "up" ? "arrow-up" : "arrow-down";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <Button
        type="submit"
        name="intent"
        value="move"
        variant="outline"
        size="iconSm"
        disabled={isDisabled}
        aria-label={direction === "up" ? "Subir" : "Bajar"}
        title={title}
      >
        <AdminIcon name={icon} />
      </Button>
    </Form>
  );
}
