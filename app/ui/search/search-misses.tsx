import { href } from "react-router";

import { type Column, DataTable } from "~/ui/admin/data-table";
import { Link } from "~/ui/primitives/link";

/** /admin/busqueda?sinonimo=…: the add form of 'Sinónimos' starts with that word. */
export const SYNONYM_DRAFT_PARAM = "sinonimo";

export type SearchMissRow = { query: string; count: number; lastSearched: string };

const LINK_CLASS = "font-semibold text-primary-strong underline-offset-2 hover:underline";

function buildStoreSearchHref(query: string): string {
  return `${href("/buscar")}?${new URLSearchParams({ q: query })}`;
}

function buildSynonymDraftHref(query: string): string {
  return `${href("/admin/busqueda")}?${new URLSearchParams({ [SYNONYM_DRAFT_PARAM]: query })}#nuevo-grupo`;
}

const columns: Column<SearchMissRow>[] = [
  { key: "query", header: "Búsqueda", cell: (miss) => <span className="font-semibold">{miss.query}</span> },
  { key: "count", header: "Veces", cell: (miss) => miss.count, className: "text-right tabular-nums" },
  { key: "last", header: "Última vez", cell: (miss) => miss.lastSearched },
  {
    key: "actions",
    header: <span className="sr-only">Acciones</span>,
    cell: (miss) => (
      <span className="flex flex-wrap gap-x-4 gap-y-1">
        <Link
          to={buildStoreSearchHref(miss.query)}
          className={LINK_CLASS}
          aria-label={`Probar «${miss.query}» en la tienda`}
        >
          Probar en la tienda
        </Link>
        <Link
          to={buildSynonymDraftHref(miss.query)}
          className={LINK_CLASS}
          aria-label={`Crear un grupo de sinónimos con «${miss.query}»`}
        >
          Crear sinónimo
        </Link>
      </span>
    ),
  },
];

/**
 * 'Búsquedas sin resultados' (issue 27): what shoppers searched for and did not find, most
 * frequent first. Only the words are kept, never who searched.
 */
export function SearchMissesSection({ misses }: { misses: SearchMissRow[] }) {
  return (
    <section aria-labelledby="sin-resultados" className="flex flex-col gap-4">
      <div>
        <h2 id="sin-resultados" className="text-lg font-bold">
          Búsquedas sin resultados
        </h2>
        <p className="text-sm text-muted">
          Lo que tus clientes buscaron en la tienda sin encontrar nada, lo más buscado primero. Añade un sinónimo o el
          producto que buscaban: cuando una búsqueda vuelve a encontrar algo, sale de la lista. No se guarda quién
          buscó.
        </p>
      </div>
      <DataTable
        caption="Búsquedas sin resultados"
        columns={columns}
        rows={misses}
        rowKey={(miss) => miss.query}
        emptyMessage="Todavía no hay búsquedas sin resultados."
      />
    </section>
  );
}
