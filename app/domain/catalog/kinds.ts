// The catalogue's two kinds, products and services, as configurations of one set of pieces:
// the back office's editor, list, import and export, and the storefront's list page, read
// what differs here (names, addresses, texts, which fields a kind has) instead of being
// written twice. Plain data, no zod: the browser's bundles import it. What a kind does on the
// server (which table it reads, which domain function saves it) is its entry in
// kind-behaviour.server.ts.
import { href } from "react-router";

export type CatalogKind = "products" | "services";

type KindConfig = {
  kind: CatalogKind;
  /** 'producto' / 'servicio', and with a capital for titles and toasts. */
  noun: string;
  Noun: string;
  plural: string;
  Plural: string;
  /** The audit log's entity name. */
  auditEntity: "product" | "service";
  listPath: string;
  newPath: string;
  editPath: (id: number) => string;
  /** The editor route's parameter holding the item's id (editar/:productId). */
  idParam: "productId" | "serviceId";
  importPath: string;
  exportPath: string;
  /** The editor of the storefront page's heading, in Gestión de contenido. */
  pageContentPath: string;
  importTitle: string;
  sheetName: string;
  filePrefix: string;
  /** The import's and the editor's message for a row or form without a title. */
  titleRequired: string;
  /** Where a new item lands, for the 'Añadido' toast: 'al catálogo', 'a los servicios'. */
  addedTo: string;
  /** Where a deleted item leaves, for the 'Eliminado' toast: 'del catálogo', 'de los servicios'. */
  removedFrom: string;
  /** The back office list's description; the archived items' (null: a kind without archive). */
  listDescription: string;
  archivedListDescription: string | null;
  /**
   * The fields only one kind has. `presentaciones`: sold in sizes, each with its price and
   * stock; the sheet has a row per presentación and the editor a table of them. `igvTreatment`:
   * how its price is taxed in the comprobante (issue 46; services are not sold in orders).
   */
  has: {
    brand: boolean;
    stock: boolean;
    showPrice: boolean;
    archive: boolean;
    variants: boolean;
    igvTreatment: boolean;
  };
  /** Must an item hang from a family (products) or may it float (services)? */
  isFamilyRequired: boolean;
  familyLabel: string;
  imageLabel: string;
  imageAltExample: string;
};

export const catalogKinds: Record<CatalogKind, KindConfig> = {
  products: {
    kind: "products",
    noun: "producto",
    Noun: "Producto",
    plural: "productos",
    Plural: "Productos",
    auditEntity: "product",
    listPath: href("/admin/productos"),
    newPath: href("/admin/productos/nuevo"),
    editPath: (id) => href("/admin/productos/editar/:productId", { productId: String(id) }),
    idParam: "productId",
    importPath: href("/admin/productos/importar"),
    exportPath: href("/admin/productos/exportar"),
    pageContentPath: href("/admin/gestion-contenido/productos"),
    importTitle: "Importar Productos (Excel)",
    sheetName: "Productos",
    filePrefix: "productos",
    titleRequired: "El título es obligatorio.",
    addedTo: "al catálogo",
    removedFrom: "del catálogo",
    listDescription: "Gestiona el catálogo de la tienda.",
    archivedListDescription: "Productos retirados de la venta que siguen en el historial de pedidos.",
    has: { brand: true, stock: true, showPrice: false, archive: true, variants: true, igvTreatment: true },
    isFamilyRequired: true,
    familyLabel: "Familia",
    imageLabel: "Imagen del producto",
    imageAltExample: "Saco de croquetas para perro adulto",
  },
  services: {
    kind: "services",
    noun: "servicio",
    Noun: "Servicio",
    plural: "servicios",
    Plural: "Servicios",
    auditEntity: "service",
    listPath: href("/admin/servicios"),
    newPath: href("/admin/servicios/nuevo"),
    editPath: (id) => href("/admin/servicios/editar/:serviceId", { serviceId: String(id) }),
    idParam: "serviceId",
    importPath: href("/admin/servicios/importar"),
    exportPath: href("/admin/servicios/exportar"),
    pageContentPath: href("/admin/gestion-contenido/servicios"),
    importTitle: "Importar Servicios (Excel)",
    sheetName: "Servicios",
    filePrefix: "servicios",
    titleRequired: "El título del servicio es obligatorio.",
    addedTo: "a los servicios",
    removedFrom: "de los servicios",
    listDescription: "Gestiona los servicios que ofrece la tienda.",
    archivedListDescription: null,
    has: { brand: false, stock: false, showPrice: true, archive: false, variants: false, igvTreatment: false },
    isFamilyRequired: false,
    familyLabel: "Familia de servicio",
    imageLabel: "Imagen del servicio",
    imageAltExample: "Perro recién bañado y peinado",
  },
};
