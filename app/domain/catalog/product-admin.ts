import { z } from "zod";

import { centsToInput, isChecked, parseOptionalId, parseSoles } from "~/lib/parse";

import { MAX_STOCK, rawCatalogFields, readImage, readImageAlt, readOfferPrice } from "./catalog-admin";

export const PRODUCT_REQUIRED_MESSAGE = "Título, Familia y Categoría son obligatorios.";
export const STOCK_MESSAGE = "El stock debe ser un número entero igual o mayor a 0.";
export const PRODUCT_SORT_KEYS = ["nombre", "familia", "precio", "stock"] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/** A product as the editor saves it: ids resolved, money in céntimos. */
export type ProductInput = {
  title: string;
  description: string;
  familyId: number;
  categoryId: number;
  subcategoryId: number | null;
  brandId: number | null;
  priceCents: number;
  stock: number;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  image: string | null;
  imageAlt: string;
};

/**
 * The stock the editor showed when it was opened (a hidden field, `stockShown`): orders
 * take units while the owner edits, so saving compares it with the stock of that moment.
 */
export type ProductForm = ProductInput & { stockShown: number | null };

export const STOCK_TOO_HIGH_MESSAGE = `El stock máximo es ${MAX_STOCK.toLocaleString("es-PE")} unidades.`;

function readStock(raw: string | undefined): number | "invalid" | "too-high" {
  const text = (raw ?? "").trim();
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) return "invalid";
  return Number(text) <= MAX_STOCK ? Number(text) : "too-high";
}

/**
 * The product editor's form (section 5): title, family and category required, the offer
 * rule, price and stock as numbers defaulting to 0, offer price null unless the offer is
 * on. Whether the category belongs to the family is the server's check (it needs the db).
 */
export const productFormSchema = z
  .object({
    ...rawCatalogFields,
    brandId: z.string().optional(),
    stock: z.string().optional(),
    stockShown: z.string().optional(),
  })
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

    const isOfferActive = isChecked(raw.isOfferActive);
    const price = parseSoles(raw.price);
    if ("error" in price) addIssue(price.error, "price");
    const offerPriceCents = readOfferPrice(
      isOfferActive,
      raw.offerPrice,
      addIssue,
      "cents" in price ? price.cents : null,
    );
    const stock = readStock(raw.stock);
    if (stock === "invalid") addIssue(STOCK_MESSAGE, "stock");
    if (stock === "too-high") addIssue(STOCK_TOO_HIGH_MESSAGE, "stock");
    const image = readImage(raw.image, addIssue);
    const stockShown = readStock(raw.stockShown);

    return {
      title,
      description: (raw.description ?? "").trim(),
      familyId: familyId as number,
      categoryId: categoryId as number,
      subcategoryId: subcategoryId === "invalid" ? null : subcategoryId,
      brandId: brandId === "invalid" ? null : brandId,
      priceCents: "cents" in price ? price.cents : 0,
      stock: typeof stock === "number" ? stock : 0,
      stockShown: raw.stockShown === undefined || typeof stockShown !== "number" ? null : stockShown,
      isOfferActive,
      offerPriceCents,
      image,
      imageAlt: readImageAlt(image, raw.imageAlt, addIssue),
    };
  });

/** The message when orders changed the stock while the owner was editing it too. */
export function stockChangedMessage(current: number): string {
  return `El stock cambió mientras editabas: se vendieron o repusieron unidades y ahora hay ${current}. Revisa el valor y guarda de nuevo.`;
}

/** A stored product as the editor's inputs show it (the same names the form posts). */
export function toProductFormValues(product: ProductInput): Record<string, string> {
  return {
    title: product.title,
    description: product.description,
    familyId: String(product.familyId),
    categoryId: String(product.categoryId),
    subcategoryId: product.subcategoryId === null ? "" : String(product.subcategoryId),
    brandId: product.brandId === null ? "" : String(product.brandId),
    price: centsToInput(product.priceCents),
    stock: String(product.stock),
    stockShown: String(product.stock),
    isOfferActive: product.isOfferActive ? "on" : "",
    offerPrice: centsToInput(product.offerPriceCents),
    image: product.image ?? "",
    imageAlt: product.imageAlt,
  };
}
