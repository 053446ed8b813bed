import { useLocation } from "react-router";

import type { AdminListPage } from "~/domain/catalog/kind-behaviour.server";
import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";
import type { AdminProductRow } from "~/domain/catalog/product-admin.server";
import type { AdminServiceRow } from "~/domain/catalog/service-admin.server";
import { AdminPageHeader } from "~/ui/admin/admin-page";
import { type Column, DataTable } from "~/ui/admin/data-table";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { ListSearch } from "~/ui/admin/list-search";
import { Pagination } from "~/ui/catalog/pagination";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { AdminPrice, ThumbnailName } from "./catalog-fields";
import { ArchivedBadge, PriceVisibilityToggle, RowActions } from "./catalog-list-cells";
import { ExcelButtons } from "./excel-buttons";
import { ProductPriceCell, ProductStockCell } from "./product-list-cells";

// The back office's list of products or of services: search, sort, pages, and per row the
// columns of its kind (listColumns); the route files only name the kind.

type Row<K extends CatalogKind> = AdminListPage<K>["rows"][number];
export type CatalogListData = { [K in CatalogKind]: { kind: K } & AdminListPage<K> }[CatalogKind];

type AnyRow = AdminProductRow | AdminServiceRow;
const nameColumn: Column<AnyRow> = {
  key: "nombre",
  header: "Nombre",
  isSortable: true,
  className: "min-w-56",
  cell: (row) => (
    <ThumbnailName
      image={row.image}
      name={row.title}
      badge={"isArchived" in row && row.isArchived ? <ArchivedBadge /> : null}
    />
  ),
};
const offerColumn: Column<AnyRow> = {
  key: "oferta",
  header: "Oferta",
  // A product is on offer when any of its presentaciones is.
  cell: (row) => (("hasAnyOffer" in row ? row.hasAnyOffer : row.isOfferActive) ? "Sí" : "No"),
};
const actionsColumn = (kind: CatalogKind): Column<AnyRow> => ({
  key: "acciones",
  header: <span className="sr-only">Acciones</span>,
  className: "text-right",
  cell: (row) => <RowActions kind={kind} row={row} />,
});

const productColumns: Column<AdminProductRow>[] = [
  nameColumn,
  { key: "familia", header: "Familia", isSortable: true, cell: (row) => row.familyName ?? "Desconocida" },
  { key: "categoria", header: "Categoría", cell: (row) => row.categoryName ?? "Desconocida" },
  { key: "precio", header: "Precio", isSortable: true, cell: (row) => <ProductPriceCell row={row} /> },
  {
    key: "stock",
    header: "Stock",
    isSortable: true,
    className: "text-right",
    cell: (row) => <ProductStockCell row={row} />,
  },
  offerColumn,
  actionsColumn("products"),
];

const serviceColumns: Column<AdminServiceRow>[] = [
  nameColumn,
  { key: "categoria", header: "Categoría", isSortable: true, cell: (row) => row.categoryName ?? "Desconocida" },
  {
    key: "precio",
    header: "Precio",
    isSortable: true,
    cell: (row) => <AdminPrice item={row} isPriceHidden={!row.showPrice} />,
  },
  offerColumn,
  { key: "visible", header: "Visible", cell: (row) => <PriceVisibilityToggle row={row} /> },
  actionsColumn("services"),
];

const listColumns: { [K in CatalogKind]: Column<Row<K>>[] } = { products: productColumns, services: serviceColumns };

function ListHeader({ kind, isArchivedShown }: { kind: CatalogKind; isArchivedShown: boolean }) {
  const config = catalogKinds[kind];
  return (
    <AdminPageHeader
      title={isArchivedShown ? `${config.Plural} archivados` : config.Plural}
      description={(isArchivedShown ? config.archivedListDescription : null) ?? config.listDescription}
      actions={
        <>
          <ExcelButtons kind={kind} />
          <Button asChild>
            <Link to={config.newPath}>
              <AdminIcon name="plus" /> Nuevo {config.noun}
            </Link>
          </Button>
        </>
      }
    />
  );
}

/** '12 productos para "gato"', and the links to the archived ones and to the low stock. */
function ListSummary({ data }: { data: CatalogListData }) {
  const { kind, total, query, isArchivedShown, isLowStockOnly } = data;
  const { noun, plural, listPath, has } = catalogKinds[kind];
  const count = (
    <>
      {total === 1 ? `1 ${noun}` : `${total} ${plural}`}
      {query.q ? ` para "${query.q}"` : ""}
      {isLowStockOnly ? " con poco stock o agotados" : ""}
    </>
  );
  if (!has.archive) return <p className="mb-3 text-sm text-muted">{count}</p>;
  const linkClass = "font-semibold text-primary-strong hover:underline";
  return (
    <p className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
      <span>{count}</span>
      <span className="flex flex-wrap gap-4">
        {isArchivedShown ? null : (
          <Link to={isLowStockOnly ? listPath : `${listPath}?stock=bajo`} className={linkClass}>
            {isLowStockOnly ? "Ver todos" : `Poco stock (${LOW_STOCK_THRESHOLD} o menos) y agotados`}
          </Link>
        )}
        <Link to={isArchivedShown ? listPath : `${listPath}?archivados=1`} className={linkClass}>
          {isArchivedShown ? `Ver ${plural} a la venta` : "Ver archivados"}
        </Link>
      </span>
    </p>
  );
}

/** The table of one kind's rows, with that kind's columns. */
function ListTable<K extends CatalogKind>({
  kind,
  rows,
  query,
}: { kind: K } & Pick<AdminListPage<K>, "rows" | "query">) {
  const { Plural, plural } = catalogKinds[kind];
  return (
    <DataTable
      caption={Plural}
      columns={listColumns[kind]}
      rows={rows}
      rowKey={(row) => row.id}
      emptyMessage={`No hay ${plural} para mostrar.`}
      sort={{ key: query.sort, direction: query.direction }}
    />
  );
}

export function CatalogList({ data }: { data: CatalogListData }) {
  const { search } = useLocation();
  const { plural } = catalogKinds[data.kind];
  return (
    <>
      <ListHeader kind={data.kind} isArchivedShown={data.isArchivedShown} />
      <ListSearch label={`Buscar ${plural} por nombre`} placeholder={`Buscar ${plural}...`} query={data.query.q} />
      <ListSummary data={data} />
      <ListTable kind={data.kind} rows={data.rows} query={data.query} />
      <Pagination page={data.page} pageCount={data.pageCount} search={search} />
    </>
  );
}
