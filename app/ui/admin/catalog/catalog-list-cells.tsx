import type { ReactNode } from "react";
import { Form } from "react-router";

import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { YesNoIcon } from "./catalog-fields";

// The action cells of the catalogue lists.

export function ArchivedBadge() {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">
      <AdminIcon name="archive" className="size-3" /> Archivado
    </span>
  );
}

/** A one-button form that posts an intent about a row. */
function RowIntent({ intent, id, children }: { intent: string; id: number; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

/** 'Visible': shows or hides a service's price on the storefront ('Consultar' instead). */
export function PriceVisibilityToggle({ row }: { row: { id: number; title: string; showPrice: boolean } }) {
  return (
    <RowIntent intent="price-visibility" id={row.id}>
      <input type="hidden" name="showPrice" value={row.showPrice ? "off" : "on"} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={row.showPrice ? `Ocultar el precio de ${row.title}` : `Mostrar el precio de ${row.title}`}
        title={row.showPrice ? "Precio visible: clic para ocultarlo" : "Precio oculto: clic para mostrarlo"}
      >
        <YesNoIcon value={row.showPrice} />
      </Button>
    </RowIntent>
  );
}

/** Edit, and delete (or restore, for an archived product). */
export function RowActions({
  kind,
  row,
}: {
  kind: CatalogKind;
  row: { id: number; title: string; isArchived?: boolean };
}) {
  return (
    <span className="flex justify-end gap-1">
      <Button asChild variant="ghost" size="sm">
        <Link to={catalogKinds[kind].editPath(row.id)} aria-label={`Editar ${row.title}`}>
          <AdminIcon name="pencil" />
        </Link>
      </Button>
      {row.isArchived ? (
        <RowIntent intent="restore" id={row.id}>
          <Button type="submit" variant="ghost" size="sm" aria-label={`Restaurar ${row.title}`}>
            <AdminIcon name="archive-restore" />
          </Button>
        </RowIntent>
      ) : (
        <ConfirmDeleteButton itemName={row.title} fields={{ intent: "delete", id: String(row.id) }} />
      )}
    </span>
  );
}
