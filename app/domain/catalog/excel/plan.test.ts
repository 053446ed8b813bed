import { describe, expect, test } from "vitest";

import {
  DUPLICATE_NAME_MESSAGE,
  DUPLICATE_SKU_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  SKU_MESSAGE,
  WEIGHT_MESSAGE,
} from "../variants";
import type { ColumnKey } from "./layout";
import { planImport } from "./plan";
import type { CatalogSnapshot, ExistingItem, SheetRow } from "./types";

// A stored product with one unnamed presentación holding its price, offer and stock (the
// snapshot lists every product's live presentaciones).
const item = (fields: Partial<ExistingItem> & { id: number; title: string }): ExistingItem => {
  const product = {
    description: "",
    familyId: 1,
    categoryId: 10,
    subcategoryId: null,
    brandId: null,
    brandName: null,
    priceCents: 1000,
    stock: 5,
    showPrice: true,
    isOfferActive: false,
    offerPriceCents: null,
    image: null,
    imageAlt: "",
    igvTreatment: "gravado" as const,
    ...fields,
  };
  const { id, priceCents, isOfferActive, offerPriceCents, stock } = product;
  const variant = {
    id,
    name: "",
    priceCents,
    isOfferActive,
    offerPriceCents,
    stock,
    sku: null,
    netWeightGrams: null,
  };
  return { ...product, variants: [{ ...variant, isOrdered: false }] };
};

const snapshot: CatalogSnapshot = {
  families: [
    { id: 1, name: "Perros", parentId: null },
    { id: 2, name: "Gatos", parentId: null },
  ],
  categories: [
    { id: 10, name: "Alimentos", parentId: 1 },
    { id: 20, name: "Alimentos", parentId: 2 },
    { id: 21, name: "Arena y Limpieza", parentId: 2 },
  ],
  subcategories: [
    { id: 100, name: "Snacks", parentId: 10 },
    { id: 200, name: "Snacks", parentId: 20 },
  ],
  brands: [{ id: 7, name: "Pro Plan", slug: "pro-plan" }],
  items: [
    item({
      id: 1,
      title: "Croquetas Adulto",
      subcategoryId: 100,
      brandId: 7,
      brandName: "Pro Plan",
      stock: 40,
    }),
    item({ id: 2, title: "Arena Aglomerante", familyId: 2, categoryId: 21 }),
  ],
};

function plan(
  cells: Partial<Record<ColumnKey, unknown>>[],
  options: Parameters<typeof planImport>[4] = { createBrands: false },
) {
  const rows: SheetRow[] = cells.map((row, index) => ({ rowNumber: index + 2, cells: row }));
  const present = new Set(cells.flatMap((row) => Object.keys(row)) as ColumnKey[]);
  return planImport("products", rows, present, snapshot, options);
}

describe("planImport", () => {
  test("matches by ID first (a new title renames), then by title without accents or case", () => {
    const result = plan([
      { id: 1, title: "Croquetas Adulto 15 kg", family: "Perros", category: "Alimentos" },
      { id: "", title: "ARENA aglomerante", family: "Gatos", category: "Arena y Limpieza" },
    ]);
    expect(result.updates.map((update) => [update.id, update.values.title, update.changes])).toEqual([
      [1, "Croquetas Adulto 15 kg", ["Título"]],
    ]);
    expect(result.unchanged).toEqual([{ rowNumber: 3, id: 2, title: "Arena Aglomerante" }]);
  });

  test("a formula whose result is an error (as Excel saves a failed lookup) refuses its row", () => {
    const result = plan([
      {
        title: { formula: "BUSCARV(A2;Z:Z;2;0)", result: { error: "#REF!" } },
        family: "Perros",
        category: "Alimentos",
      },
    ]);
    expect(result.creates).toEqual([]);
    expect(result.errors[0]?.messages[0]).toBe("Título: la celda tiene un error de fórmula (#REF!); escribe el valor.");
  });

  test("an ID that does not exist falls back to the title; one that is not a number is an error", () => {
    const result = plan([
      { id: 999, title: "Croquetas adulto", family: "Perros", category: "Alimentos" },
      { id: "abc", title: "Otro", family: "Perros", category: "Alimentos" },
    ]);
    expect(result.unchanged.map((row) => row.id)).toEqual([1]);
    expect(result.errors).toEqual([{ rowNumber: 3, title: "Otro", messages: ['ID inválido: "abc".'] }]);
  });

  test("columns the sheet lacks keep their values; the category moves the subcategory with it", () => {
    const result = plan([{ id: 1, title: "Croquetas Adulto", family: "Gatos", category: "Alimentos" }]);
    expect(result.updates[0]?.values).toMatchObject({
      familyId: 2,
      categoryId: 20,
      subcategoryId: null,
      stock: 40,
      brandId: 7,
      priceCents: 1000,
    });
    expect(result.updates[0]?.changes).toEqual(["Familia", "Categoría", "Subcategoría"]);
  });

  test("each taxonomy level must exist under the one above", () => {
    const result = plan([
      { title: "A", family: "Peces", category: "Alimentos" },
      { title: "B", family: "Perros", category: "Arena y Limpieza" },
      { title: "C", family: "Perros", category: "Juguetes" },
      { title: "D", family: "Perros", category: "Alimentos", subcategory: "Collares" },
      { title: "E", family: "", category: "" },
    ]);
    expect(result.errors.map((error) => error.messages)).toEqual([
      ['Familia desconocida: "Peces".'],
      ['Categoría "Arena y Limpieza" no pertenece a la familia "Perros".'],
      ['Categoría desconocida: "Juguetes".'],
      ['Subcategoría desconocida: "Collares".'],
      ["La familia es obligatoria.", "La categoría es obligatoria."],
    ]);
  });

  test("the offer rule, and the offer price dropped when the offer is off", () => {
    const result = plan([
      { title: "A", family: "Perros", category: "Alimentos", isOfferActive: "Sí", offerPrice: "" },
      { title: "B", family: "Perros", category: "Alimentos", isOfferActive: "Si", offerPrice: 0 },
      { title: "C", family: "Perros", category: "Alimentos", isOfferActive: "No", offerPrice: 5 },
      { title: "D", family: "Perros", category: "Alimentos", isOfferActive: "tal vez" },
    ]);
    const offerMessage = "El precio de oferta es obligatorio y debe ser mayor a 0 si la oferta está activa.";
    expect(result.errors.map((error) => error.messages)).toEqual([
      [offerMessage],
      [offerMessage],
      ['Oferta activa: "tal vez" no es válido; usa Sí o No.'],
    ]);
    expect(result.creates[0]?.values).toMatchObject({
      title: "C",
      isOfferActive: false,
      offerPriceCents: null,
    });
  });

  test("a product's empty price cell is refused rather than read as S/ 0.00", () => {
    const result = plan([
      { id: 1, title: "Croquetas Adulto", family: "Perros", category: "Alimentos", price: "" },
      { title: "Nuevo sin precio", family: "Perros", category: "Alimentos", price: null },
      { id: 2, title: "Arena Aglomerante", family: "Gatos", category: "Arena y Limpieza", price: "12,90" },
    ]);
    expect(result.errors).toEqual([
      { rowNumber: 2, title: "Croquetas Adulto", messages: ["Precio vacío: escribe el precio del producto."] },
      { rowNumber: 3, title: "Nuevo sin precio", messages: ["Precio vacío: escribe el precio del producto."] },
    ]);
    expect(result.updates.map((update) => [update.id, update.values.priceCents])).toEqual([[2, 1290]]);
  });

  test("an offer price must be below the regular price", () => {
    const result = plan([
      {
        id: 1,
        title: "Croquetas Adulto",
        family: "Perros",
        category: "Alimentos",
        isOfferActive: "Sí",
        offerPrice: "599,00",
        price: "59,90",
      },
      {
        id: 2,
        title: "Arena Aglomerante",
        family: "Gatos",
        category: "Arena y Limpieza",
        isOfferActive: "Sí",
        offerPrice: 10,
        price: 10,
      },
      {
        title: "Nuevo en oferta",
        family: "Perros",
        category: "Alimentos",
        isOfferActive: "Sí",
        offerPrice: "49,90",
        price: "59,90",
      },
    ]);
    expect(result.errors.map((error) => [error.rowNumber, error.messages])).toEqual([
      [2, ["El precio de oferta debe ser menor que el precio regular."]],
      // An offer equal to the regular price is no offer either.
      [3, ["El precio de oferta debe ser menor que el precio regular."]],
    ]);
    expect(result.creates.map((create) => [create.values.title, create.values.offerPriceCents])).toEqual([
      ["Nuevo en oferta", 4990],
    ]);
  });

  test("a product named twice is refused the second time", () => {
    const result = plan([
      { title: "Nuevo", family: "Perros", category: "Alimentos" },
      { title: "nuevo", family: "Perros", category: "Alimentos" },
      { id: 1, title: "Croquetas Adulto", family: "Perros", category: "Alimentos" },
      { title: "Croquetas adulto", family: "Perros", category: "Alimentos" },
    ]);
    expect(result.errors.map((error) => [error.rowNumber, error.messages])).toEqual([
      [3, ["Este producto ya aparece en la fila 2."]],
      [5, ["Este producto ya aparece en la fila 4."]],
    ]);
  });

  test("brands: known by name or slug, new ones only when asked, one per spelling", () => {
    expect(
      plan([{ title: "A", family: "Perros", category: "Alimentos", brand: "pro plan" }]).creates[0]?.values.brandId,
    ).toBe(7);
    const rows = [
      { title: "A", family: "Perros", category: "Alimentos", brand: "Huellitas" },
      { title: "B", family: "Perros", category: "Alimentos", brand: "HUELLITAS" },
    ];
    expect(plan(rows).errors).toHaveLength(2);
    const created = plan(rows, { createBrands: true });
    expect(created.newBrands).toEqual(["Huellitas"]);
    expect(created.creates.map((create) => create.values.brandName)).toEqual(["Huellitas", "Huellitas"]);
  });

  test("images must be the shop's own paths", () => {
    const result = plan([
      { title: "A", family: "Perros", category: "Alimentos", image: "https://example.com/x.jpg" },
      {
        title: "B",
        family: "Perros",
        category: "Alimentos",
        image: "/images/products/cama-gato.webp",
        imageAlt: "Cama",
      },
    ]);
    expect(result.errors[0]?.messages[0]).toMatch(/^Imagen inválida/);
    expect(result.creates[0]?.values.image).toBe("/images/products/cama-gato.webp");
  });

  test("an uploaded picture that is no longer on disk (the housekeeping removed it) is refused", () => {
    const present = `/uploads/${"a".repeat(32)}-1200.webp`;
    const gone = `/uploads/${"b".repeat(32)}-1200.webp`;
    const result = plan(
      [
        { title: "A", family: "Perros", category: "Alimentos", image: present, imageAlt: "Foto" },
        { title: "B", family: "Perros", category: "Alimentos", image: gone, imageAlt: "Foto" },
      ],
      { createBrands: false, isUploadPresent: (image) => image === present },
    );
    expect(result.creates.map((create) => create.values.image)).toEqual([present]);
    expect(result.errors[0]?.messages[0]).toBe(
      `Imagen no encontrada: "${gone}" ya no está en la tienda. Súbela de nuevo desde el editor.`,
    );
  });

  test("as in the editors, a picture needs its alternative text", () => {
    const result = plan([
      { title: "Sin alt", family: "Perros", category: "Alimentos", image: "/images/products/cama-gato.webp" },
      {
        title: "Alt vacío",
        family: "Perros",
        category: "Alimentos",
        image: "/images/products/cama-gato.webp",
        imageAlt: "  ",
      },
      { title: "Sin imagen", family: "Perros", category: "Alimentos" },
    ]);
    expect(result.errors.map((error) => error.messages)).toEqual([
      [
        "Texto alternativo: Describe la imagen en el texto alternativo: lo leen los buscadores y los lectores de pantalla.",
      ],
      [
        "Texto alternativo: Describe la imagen en el texto alternativo: lo leen los buscadores y los lectores de pantalla.",
      ],
    ]);
    expect(result.creates.map((create) => create.values.title)).toEqual(["Sin imagen"]);
  });
});

describe("planImport: a product's rows are its presentaciones", () => {
  const sizes = (["Talla S", "Talla M", "Talla L"] as const).map((name, index) => ({
    id: 31 + index,
    name,
    priceCents: 2500 + 300 * index,
    isOfferActive: false,
    offerPriceCents: null,
    stock: 4,
    sku: `COL-${name.at(-1)}`,
    netWeightGrams: null,
    // Talla M appears in an order.
    isOrdered: index === 1,
  }));
  const collar = { ...item({ id: 3, title: "Collar", stock: 12 }), variants: sizes };
  const sizedSnapshot = { ...snapshot, items: [...snapshot.items, collar], skuOwners: new Map([["col-s", 3]]) };
  const base = { title: "Collar", family: "Perros", category: "Alimentos" };

  function planSized(cells: Partial<Record<ColumnKey, unknown>>[]) {
    const rows: SheetRow[] = cells.map((row, index) => ({ rowNumber: index + 2, cells: row }));
    const present = new Set(cells.flatMap((row) => Object.keys(row)) as ColumnKey[]);
    return planImport("products", rows, present, sizedSnapshot, { createBrands: false });
  }

  test("without the hidden id, rows find the product's presentaciones by name; the others are new or removed", () => {
    const result = planSized([
      { id: 3, ...base, variantName: "Talla L", sku: "COL-L", price: 32 },
      { id: 3, ...base, variantName: "TALLA S", sku: "COL-S", price: 25 },
      { id: 3, ...base, variantName: "Talla XL", sku: "COL-XL", price: 36 },
    ]);
    expect(result.errors).toEqual([]);
    const [update] = result.updates;
    expect(update?.variants?.rows.map((row) => [row.id, row.name, row.priceCents])).toEqual([
      [33, "Talla L", 3200],
      [31, "TALLA S", 2500],
      [null, "Talla XL", 3600],
    ]);
    expect(update?.variants?.removed).toEqual([{ id: 32, name: "Talla M", action: "archive" }]);
    expect(update?.changes).toEqual([
      "Talla L: Precio (S/\u00a031.00 → S/\u00a032.00)",
      "Talla S: Presentación (Talla S → TALLA S)",
      "Nueva presentación: Talla XL",
      "Se archiva la presentación Talla M (aparece en pedidos)",
      "Orden de las presentaciones",
    ]);
  });

  test("the editor's rules: names once there are two, unique; SKUs and weights as the editor reads them", () => {
    const result = planSized([
      { title: "Arnés", family: "Perros", category: "Alimentos", variantName: "", price: 30 },
      { title: "arnés", family: "Perros", category: "Alimentos", variantName: "", price: 35 },
      { title: "Correa", family: "Perros", category: "Alimentos", variantName: "1 m", sku: "col-s", price: 20 },
      { title: "Correa", family: "Perros", category: "Alimentos", variantName: "1 M", sku: "CO R", price: 20 },
      { title: "Correa", family: "Perros", category: "Alimentos", variantName: "2 m", weight: "0,5 kg", price: 25 },
    ]);
    expect(result.creates).toEqual([]);
    expect(result.errors.map((error) => [error.rowNumber, error.messages])).toEqual([
      [2, [NAME_REQUIRED_MESSAGE]],
      [3, [NAME_REQUIRED_MESSAGE]],
      [4, [DUPLICATE_SKU_MESSAGE]],
      [5, [SKU_MESSAGE, DUPLICATE_NAME_MESSAGE]],
      [6, [WEIGHT_MESSAGE]],
    ]);
  });

  test("the IGV cell is the product's: its rows must agree; empty keeps the stored treatment", () => {
    const exonerado = planSized([
      { id: 3, ...base, variantName: "Talla S", igvTreatment: "Exonerado", price: 25 },
      { id: 3, ...base, variantName: "Talla M", igvTreatment: " exonerado ", price: 28 },
      { id: 3, ...base, variantName: "Talla L", igvTreatment: "EXONERADO", price: 31 },
    ]);
    expect(exonerado.errors).toEqual([]);
    expect(exonerado.updates.map((update) => [update.values.igvTreatment, update.changes])).toEqual([
      ["exonerado", ["IGV"]],
    ]);
    const empty = planSized(
      ["Talla S", "Talla M", "Talla L"].map((name, index) => ({
        id: 3,
        ...base,
        variantName: name,
        igvTreatment: "",
        price: 25 + 3 * index,
      })),
    );
    expect(empty.unchanged.map((row) => row.id)).toEqual([3]);
    const mixed = planSized([
      { id: 3, ...base, variantName: "Talla S", igvTreatment: "inafecto", price: 25 },
      { id: 3, ...base, variantName: "Talla M", igvTreatment: "gravado", price: 28 },
      { id: 3, ...base, variantName: "Talla L", igvTreatment: "inafecto", price: 31 },
    ]);
    expect(mixed.errors.map((error) => [error.rowNumber, error.messages])).toEqual([
      [2, ["Este producto no se importa: corrige la fila 3."]],
      [3, ["Las filas de un mismo producto deben tener los mismos datos del producto: revisa la columna IGV."]],
      [4, ["Este producto no se importa: corrige la fila 3."]],
    ]);
  });

  test("a sheet without the presentación columns refuses a product with several", () => {
    const result = planSized([{ id: 3, ...base, price: 30 }]);
    expect(result.errors).toEqual([
      {
        rowNumber: 2,
        title: "Collar",
        messages: [
          'Este producto tiene 3 presentaciones: indica cuál es cada fila en la columna "Presentación" (la trae la exportación del catálogo).',
        ],
      },
    ]);
  });
});
