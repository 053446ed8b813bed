import { z } from "zod";

import type { IgvTreatment } from "~/db/schema/invoicing";
import { parseOptionalId } from "~/lib/parse";

import { rawCatalogFields, readImage, readImageAlt } from "./catalog-admin";
import { readVariants, type StoredVariant, toVariantValues, type VariantInput } from "./variants";

export const PRODUCT_REQUIRED_MESSAGE = "Título, Familia y Categoría son obligatorios.";
export const PRODUCT_SORT_KEYS = ["nombre", "familia", "precio", "stock"] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/**
 * How the product's price is taxed in the comprobante (issue 46, ADR 039), as the editor's
 * select names each choice; gravado (IGV 18 % included) unless the law exempts it.
 */
export const IGV_TREATMENT_OPTIONS: Record<IgvTreatment, string> = {
  gravado: "Gravado (precio con IGV 18 %)",
  exonerado: "Exonerado (sin IGV: p. ej., libros)",
  inafecto: "Inafecto (sin IGV)",
};
const DEFAULT_IGV_TREATMENT: IgvTreatment = "gravado";
export const IGV_TREATMENT_MESSAGE = "Elige el tratamiento del IGV de la lista.";

/** A treatment's code as typed (a select's value, an Excel cell): null when it is none of them. */
export function parseIgvTreatment(text: string): IgvTreatment | null {
  return Object.hasOwn(IGV_TREATMENT_OPTIONS, text) ? (text as IgvTreatment) : null;
}

/** A product's own fields as the editor saves them (ids resolved). */
export type ProductInput = {
  title: string;
  description: string;
  familyId: number;
  categoryId: number;
  subcategoryId: number | null;
  brandId: number | null;
  image: string | null;
  imageAlt: string;
  igvTreatment: IgvTreatment;
};

/** The editor's form: the product and its presentaciones (sizes), in the order shown. */
export type ProductForm = ProductInput & { variants: VariantInput[] };

const { price: _price, isOfferActive: _offer, offerPrice: _offerPrice, ...productFields } = rawCatalogFields;

/**
 * The product editor's form (section 5): title, family and category required; each
 * presentación with the price and offer rules of a product (presentaciones.ts). Whether the
 * category belongs to the family, and the SKUs of other products, are the server's checks.
 */
export const productFormSchema = z
  .looseObject({ ...productFields, brandId: z.string().optional(), igvTreatment: z.string().optional() })
  .transform((raw, ctx): ProductForm => {
    const addIssue = (message: string, field: string) => ctx.addIssue({ code: "custom", message, path: [field] });
    const title = (raw.title ?? "").trim();
    const familyId = parseOptionalId(raw.familyId);
    const categoryId = parseOptionalId(raw.categoryId);
    if (!title) addIssue(PRODUCT_REQUIRED_MESSAGE, "title");
    if (typeof familyId !== "number") addIssue(PRODUCT_REQUIRED_MESSAGE, "familyId");
    if (typeof categoryId !== "number") addIssue(PRODUCT_REQUIRED_MESSAGE, "categoryId");
    const subcategoryId = parseOptionalId(raw.subcategoryId);
    if (subcategoryId === "invalid") addIssue("Elige una subcategoría de la lista.", "subcategoryId");
    const brandId = parseOptionalId(raw.brandId);
    if (brandId === "invalid") addIssue("Elige una marca de la lista.", "brandId");
    // A form without the select (a tab opened before it existed, a hand-made post) saves gravado.
    const igvTreatment = raw.igvTreatment === undefined ? DEFAULT_IGV_TREATMENT : parseIgvTreatment(raw.igvTreatment);
    if (igvTreatment === null) addIssue(IGV_TREATMENT_MESSAGE, "igvTreatment");
    const image = readImage(raw.image, addIssue);
    const variants = readVariants(raw as Record<string, string | undefined>, addIssue);
    return {
      title,
      description: (raw.description ?? "").trim(),
      familyId: familyId as number,
      categoryId: categoryId as number,
      subcategoryId: subcategoryId === "invalid" ? null : subcategoryId,
      brandId: brandId === "invalid" ? null : brandId,
      image,
      imageAlt: readImageAlt(image, raw.imageAlt, addIssue),
      igvTreatment: igvTreatment ?? DEFAULT_IGV_TREATMENT,
      variants,
    };
  });

/** A stored product as the editor's inputs show it (the same names the form posts). */
export function toProductFormValues(product: ProductInput & { variants: StoredVariant[] }): Record<string, string> {
  return {
    title: product.title,
    description: product.description,
    familyId: String(product.familyId),
    categoryId: String(product.categoryId),
    subcategoryId: product.subcategoryId === null ? "" : String(product.subcategoryId),
    brandId: product.brandId === null ? "" : String(product.brandId),
    image: product.image ?? "",
    imageAlt: product.imageAlt,
    igvTreatment: product.igvTreatment,
    ...toVariantValues(product.variants),
  };
}

/** A new product's editor starts gravado, with one unnamed row. */
export const NEW_PRODUCT_VALUES: Record<string, string> = {
  igvTreatment: DEFAULT_IGV_TREATMENT,
  "v.0.name": "",
  "v.0.price": "",
  "v.0.stock": "",
};
