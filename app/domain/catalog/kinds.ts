// The catalogue's two kinds, products and services, as configurations of one set of pieces:
// the back office's editor, list, import and export, and the storefront's list page, read
// what differs here (names, addresses, which fields a kind has) instead of being written
// twice. Plain data, no zod: the browser's bundles import it.
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
  importPath: string;
  exportPath: string;
  importTitle: string;
  sheetName: string;
  filePrefix: string;
  /** The import's and the editor's message for a row or form without a title. */
  titleRequired: string;
  /** Where a new item lands, for the 'Añadido' toast: 'al catálogo', 'a los servicios'. */
  addedTo: string;
  /** The fields only one kind has. */
  has: { brand: boolean; stock: boolean; showPrice: boolean; archive: boolean };
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
    importPath: href("/admin/productos/importar"),
    exportPath: href("/admin/productos/exportar"),
    importTitle: "Importar Productos (Excel)",
    sheetName: "Productos",
    filePrefix: "productos",
    titleRequired: "El título es obligatorio.",
    addedTo: "al catálogo",
    has: { brand: true, stock: true, showPrice: false, archive: true },
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
    importPath: href("/admin/servicios/importar"),
    exportPath: href("/admin/servicios/exportar"),
    importTitle: "Importar Servicios (Excel)",
    sheetName: "Servicios",
    filePrefix: "servicios",
    titleRequired: "El título del servicio es obligatorio.",
    addedTo: "a los servicios",
    has: { brand: false, stock: false, showPrice: true, archive: false },
    isFamilyRequired: false,
    familyLabel: "Familia de servicio",
    imageLabel: "Imagen del servicio",
    imageAltExample: "Perro recién bañado y peinado",
  },
};
