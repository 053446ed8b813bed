// The Excel import and export of products with presentaciones (issue 23): a row per
// presentación, the product's columns repeated, matched by the hidden presentación id or by
// name, on the seeded shop (a food in 3 kg / 15 kg, a collar in S / M / L).
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";

import { orderLines, orders, products, productVariants, stockAlerts } from "~/db/schema";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { DUPLICATE_NAME_MESSAGE, DUPLICATE_SKU_MESSAGE } from "../variants";
import { mismatchMessage } from "./checks/same-product";
import { exportedStockChangedMessage } from "./checks/stock";
import { foreignVariantMessage, singleRowMessage } from "./checks/variants";
import { exportCatalogWorkbook } from "./export.server";
import { confirmCatalogImport, previewCatalogImport } from "./import.server";
import type { ImportPreview } from "./preview";

const { handle, adminId } = seededShopWithAdmin();

const FOOD = "Alimento Pro Plan Cachorro Razas Pequeñas";
const COLLAR = "Collar Reflectivo Ajustable";
const NO_VARIANT_CHANGES = { create: 0, update: 0, archive: 0, delete: 0 };

type Cell = string | number | null;

/** The column (1-based) of a header in the sheet's first row. */
function columnOf(sheet: ExcelJS.Worksheet, header: string): number {
  const column = (sheet.getRow(1).values as unknown[]).indexOf(header);
  if (column < 1) throw new Error(`no column ${header}`);
  return column;
}

async function exportedSheet() {
  const { bytes } = await exportCatalogWorkbook("products");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  const sheet = workbook.worksheets[0]!;
  const cell = (row: ExcelJS.Row, header: string) => row.getCell(columnOf(sheet, header));
  /** The row of a product's presentación, by the names the sheet shows. */
  const rowOf = (title: string, name: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (cell(row, "Título").value === title && (cell(row, "Presentación").value ?? "") === name) found = row;
    });
    if (!found) throw new Error(`no row for ${title} ${name}`);
    return found;
  };
  return { workbook, sheet, cell, rowOf };
}

async function previewOf(source: ExcelJS.Workbook | Uint8Array): Promise<ImportPreview> {
  const bytes = source instanceof Uint8Array ? source : new Uint8Array(await source.xlsx.writeBuffer());
  const result = await previewCatalogImport({
    kind: "products",
    bytes,
    fileName: "catalogo.xlsx",
    createBrands: false,
    userId: adminId(),
  });
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}

async function confirmPreview(preview: ImportPreview) {
  const result = await confirmCatalogImport({
    kind: "products",
    token: preview.token,
    fingerprint: preview.fingerprint,
    userId: adminId(),
  });
  if (result.status !== "done") throw new Error(`Not imported: ${result.status}`);
  return result.outcome;
}

/** Every product and every presentación as stored, in id order. */
async function storedCatalogue() {
  const { db } = handle();
  return {
    products: await db.select().from(products).orderBy(asc(products.id)),
    variants: await db.select().from(productVariants).orderBy(asc(productVariants.id)),
  };
}

async function productByTitle(title: string) {
  const [product] = await handle().db.select().from(products).where(eq(products.title, title));
  if (!product) throw new Error(`no product ${title}`);
  return product;
}

/** A product's presentaciones in the order the shopper sees them; archived ones too if asked. */
async function variantsOf(productId: number, withArchived = false) {
  return handle()
    .db.select()
    .from(productVariants)
    .where(
      and(eq(productVariants.productId, productId), withArchived ? undefined : eq(productVariants.isArchived, false)),
    )
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
}

async function buildSheet(headers: string[], rows: Cell[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Productos");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("export", () => {
  test("writes a row per live presentación, the product's columns repeated, in the shopper's order", async () => {
    const { sheet, cell } = await exportedSheet();
    const food = await productByTitle(FOOD);
    const rows: Cell[][] = [];
    sheet.eachRow((row, number) => {
      if (number === 1 || cell(row, "ID").value !== food.id) return;
      const headers = ["Marca", "Presentación", "SKU", "Peso (kg)", "Precio (S/)", "Stock", "Oferta activa"];
      rows.push(
        [...headers, "Precio oferta (S/)", "Stock al exportar"].map((header) => cell(row, header).value as Cell),
      );
    });
    expect(rows).toEqual([
      ["Pro Plan", "3 kg", "PP-CACH-3", 3, 89.9, 12, "Sí", 79.9, 12],
      ["Pro Plan", "15 kg", "PP-CACH-15", 15, 329.9, 2, "No", null, 2],
    ]);
  });
});

describe("import", () => {
  test("an export re-imported without edits changes nothing, and the preview says so", async () => {
    const before = await storedCatalogue();
    const { workbook } = await exportedSheet();
    const previewed = await previewOf(workbook);
    expect(previewed.counts).toEqual({ create: 0, update: 0, unchanged: 6, errors: 0 });
    expect(previewed.variants).toEqual({ counts: NO_VARIANT_CHANGES, removed: [] });

    expect(await confirmPreview(previewed)).toMatchObject({ created: 0, updated: 0, unchanged: 6, skipped: 0 });
    expect(await storedCatalogue()).toEqual(before);
  });

  test("a duplicate name, a taken SKU, a product column that differs and a foreign presentación id are refused", async () => {
    const before = await storedCatalogue();
    const { workbook, cell, rowOf } = await exportedSheet();
    const food3 = rowOf(FOOD, "3 kg");
    const food15 = rowOf(FOOD, "15 kg");
    const [collarS, collarM, collarL] = ["Talla S", "Talla M", "Talla L"].map((name) => rowOf(COLLAR, name));
    cell(food15, "Presentación").value = "3 KG";
    cell(collarL!, "SKU").value = "pp-cach-3";
    cell(collarM!, "Descripción").value = "Otra descripción";
    const foreignId = String(cell(food3, "ID presentación").value);
    cell(collarS!, "ID presentación").value = Number(foreignId);

    const previewed = await previewOf(workbook);
    expect(previewed.counts).toEqual({ create: 0, update: 0, unchanged: 4, errors: 5 });
    expect(previewed.variants?.counts).toEqual(NO_VARIANT_CHANGES);
    expect(previewed.errors).toEqual([
      {
        rowNumber: food3.number,
        title: `${FOOD} — 3 kg`,
        messages: [`Este producto no se importa: corrige la fila ${food15.number}.`],
      },
      { rowNumber: food15.number, title: `${FOOD} — 3 KG`, messages: [DUPLICATE_NAME_MESSAGE] },
      { rowNumber: collarS!.number, title: `${COLLAR} — Talla S`, messages: [foreignVariantMessage(foreignId)] },
      { rowNumber: collarM!.number, title: `${COLLAR} — Talla M`, messages: [mismatchMessage("Descripción")] },
      { rowNumber: collarL!.number, title: `${COLLAR} — Talla L`, messages: [DUPLICATE_SKU_MESSAGE] },
    ]);

    // Confirmed all the same, it writes nothing.
    expect(await confirmPreview(previewed)).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(await storedCatalogue()).toEqual(before);
  });

  test("adds a size, renames one, reprices one and removes two: archived when ordered, else deleted", async () => {
    const { db } = handle();
    const collar = await productByTitle(COLLAR);
    const food = await productByTitle(FOOD);
    const [sizeS, sizeM, sizeL] = await variantsOf(collar.id);
    const [food3, food15] = await variantsOf(food.id);
    // Talla M appears in an order and has a shopper waiting for it; 15 kg in none.
    const [order] = await db
      .insert(orders)
      .values({ code: "EXCEL-PRES-1", paymentMethodName: "Yape", totalCents: 2800 })
      .returning({ id: orders.id });
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: collar.id,
      variantId: sizeM!.id,
      title: COLLAR,
      variantName: "Talla M",
      unitPriceCents: 2800,
      quantity: 1,
      lineTotalCents: 2800,
    });
    await db
      .insert(stockAlerts)
      .values({ variantId: sizeM!.id, email: "espera@example.com", mailbox: "espera@example.com", token: "t-espera" });

    const { workbook, sheet, cell, rowOf } = await exportedSheet();
    cell(rowOf(COLLAR, "Talla S"), "Presentación").value = "Talla Chica";
    cell(rowOf(COLLAR, "Talla L"), "Precio (S/)").value = 34.5;
    const xl = sheet.insertRow(rowOf(COLLAR, "Talla L").number + 1, rowOf(COLLAR, "Talla L").values);
    for (const [header, value] of [
      ["Presentación", "Talla XL"],
      ["SKU", "COL-REF-XL"],
      ["Precio (S/)", 36],
      ["Stock", 4],
      ["Stock al exportar", null],
      ["ID presentación", null],
    ] as const) {
      cell(xl, header).value = value;
    }
    // Orders take a unit of Talla L after the export: the sheet left its stock as exported.
    await db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, sizeL!.id));
    sheet.spliceRows(rowOf(COLLAR, "Talla M").number, 1);
    sheet.spliceRows(rowOf(FOOD, "15 kg").number, 1);

    const previewed = await previewOf(workbook);
    expect(previewed.counts).toEqual({ create: 0, update: 2, unchanged: 4, errors: 0 });
    expect(previewed.variants).toEqual({
      counts: { create: 1, update: 2, archive: 1, delete: 1 },
      removed: [
        { productId: food.id, productTitle: FOOD, id: food15!.id, name: "15 kg", action: "delete" },
        { productId: collar.id, productTitle: COLLAR, id: sizeM!.id, name: "Talla M", action: "archive" },
      ],
    });
    expect(previewed.updates.map((update) => [update.title, update.changes])).toEqual([
      [FOOD, ["Se elimina la presentación 15 kg"]],
      [
        COLLAR,
        [
          "Talla S: Presentación (Talla S → Talla Chica)",
          "Talla L: Precio (S/\u00a032.00 → S/\u00a034.50)",
          "Nueva presentación: Talla XL",
          "Se archiva la presentación Talla M (aparece en pedidos)",
        ],
      ],
    ]);

    expect(await confirmPreview(previewed)).toMatchObject({ created: 0, updated: 2, unchanged: 4 });
    const pick = ({ id, name, priceCents, stock, sku }: typeof productVariants.$inferSelect) => ({
      id,
      name,
      priceCents,
      stock,
      sku,
    });
    const collarNow = await variantsOf(collar.id);
    expect(collarNow.map(pick)).toEqual([
      { id: sizeS!.id, name: "Talla Chica", priceCents: 2500, stock: 8, sku: "COL-REF-S" },
      { id: sizeL!.id, name: "Talla L", priceCents: 3450, stock: 4, sku: "COL-REF-L" },
      { id: expect.any(Number), name: "Talla XL", priceCents: 3600, stock: 4, sku: "COL-REF-XL" },
    ]);
    const archived = (await variantsOf(collar.id, true)).find((row) => row.id === sizeM!.id);
    expect(archived).toMatchObject({ isArchived: true, name: "Talla M", sku: null });
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.variantId, sizeM!.id))).toEqual([]);
    expect(await productByTitle(COLLAR)).toMatchObject({ stock: 8 + 4 + 4, priceCents: 2500, priceVaries: true });

    expect((await variantsOf(food.id, true)).map(pick)).toEqual([pick(food3!)]);
    expect(await productByTitle(FOOD)).toMatchObject({ stock: food3!.stock, priceVaries: false, hasAnyOffer: true });
  });

  test("a presentación's stock edited in the sheet after orders changed it is refused", async () => {
    const food = await productByTitle(FOOD);
    const [food3] = await variantsOf(food.id);
    const { workbook, cell, rowOf } = await exportedSheet();
    cell(rowOf(FOOD, "3 kg"), "Stock").value = 20;
    await handle()
      .db.update(productVariants)
      .set({ stock: food3!.stock - 2 })
      .where(eq(productVariants.id, food3!.id));

    const previewed = await previewOf(workbook);
    expect(previewed.errors).toEqual([
      {
        rowNumber: rowOf(FOOD, "3 kg").number,
        title: `${FOOD} — 3 kg`,
        messages: [exportedStockChangedMessage(food3!.stock, food3!.stock - 2)],
      },
    ]);
  });

  test("a new row may take the name and SKU that the product's only other presentación gives up", async () => {
    const { db } = handle();
    const { familyId, categoryId } = await productByTitle(COLLAR);
    const [product] = await db
      .insert(products)
      .values({ title: "Rascador Torre", familyId, categoryId, priceCents: 9900, stock: 3 })
      .returning({ id: products.id });
    const [kept] = await variantsOf(product!.id);
    await db.update(productVariants).set({ name: "Grande", sku: "RASC-G" }).where(eq(productVariants.id, kept!.id));
    const { workbook, sheet, cell, rowOf } = await exportedSheet();
    // The new row above the kept one (exceljs's rows are positions: the kept one moves down).
    const at = rowOf("Rascador Torre", "Grande").number;
    sheet.insertRow(at, sheet.getRow(at).values);
    const [added, renamed] = [sheet.getRow(at), sheet.getRow(at + 1)];
    cell(renamed, "Presentación").value = "Grande Doble";
    cell(renamed, "SKU").value = "RASC-GD";
    for (const [header, value] of [
      ["Precio (S/)", 85],
      ["Stock", 5],
      ["Stock al exportar", null],
      ["ID presentación", null],
    ] as const) {
      cell(added, header).value = value;
    }
    const previewed = await previewOf(workbook);
    expect(previewed.updates.map((update) => update.changes)).toEqual([
      ["Nueva presentación: Grande", "Grande: Presentación (Grande → Grande Doble), SKU"],
    ]);

    await confirmPreview(previewed);
    const rows = await variantsOf(product!.id);
    expect(rows.map((row) => [row.id, row.name, row.sku, row.priceCents, row.stock])).toEqual([
      [expect.any(Number), "Grande", "RASC-G", 8500, 5],
      [kept!.id, "Grande Doble", "RASC-GD", 9900, 3],
    ]);
  });

  test("the rows of a new product, grouped by title, become its presentaciones", async () => {
    const headers = ["Título", "Familia", "Categoría", "Presentación", "SKU", "Peso (kg)", "Precio (S/)", "Stock"];
    const title = "Arena Aglomerante Premium";
    const bytes = await buildSheet(headers, [
      [title, "Gatos", "Arena y Limpieza", "5 kg", "ARENA-5", 5, 32.9, 10],
      ["arena aglomerante PREMIUM", "Gatos", "Arena y Limpieza", "10 kg", "ARENA-10", "10", "59,90", 3],
      [title, "Gatos", "Arena y Limpieza", "20 kg", "", 20, 99, 0],
    ]);
    const previewed = await previewOf(bytes);
    expect(previewed.counts).toEqual({ create: 1, update: 0, unchanged: 0, errors: 0 });
    expect(previewed.creates).toEqual([
      {
        rowNumber: 2,
        title,
        familyName: "Gatos",
        categoryName: "Arena y Limpieza",
        priceCents: 3290,
        variants: ["5 kg", "10 kg", "20 kg"],
      },
    ]);
    expect(previewed.variants?.counts).toEqual({ ...NO_VARIANT_CHANGES, create: 3 });

    await confirmPreview(previewed);
    const created = await productByTitle(title);
    expect(created).toMatchObject({ stock: 13, priceCents: 3290, priceVaries: true });
    const rows = await variantsOf(created.id, true);
    expect(rows.map((row) => [row.name, row.sku, row.netWeightGrams, row.priceCents, row.stock])).toEqual([
      ["5 kg", "ARENA-5", 5000, 3290, 10],
      ["10 kg", "ARENA-10", 10000, 5990, 3],
      ["20 kg", null, 20000, 9900, 0],
    ]);
  });

  test("an old sheet without the presentación columns still imports products without sizes", async () => {
    const headers = ["ID", "Título", "Familia", "Categoría", "Precio (S/)", "Stock"];
    const dental = await productByTitle("Snack Dental para Perro x 7 unidades");
    const collar = await productByTitle(COLLAR);
    const collarBefore = await variantsOf(collar.id, true);
    const bytes = await buildSheet(headers, [
      [dental.id, dental.title, "Perros", "Alimentos", 22.5, dental.stock],
      [collar.id, COLLAR, "Perros", "Accesorios", 30, 10],
      [null, "Comedero Antideslizante", "Perros", "Accesorios", 19.9, 6],
    ]);
    const previewed = await previewOf(bytes);
    expect(previewed.counts).toEqual({ create: 1, update: 1, unchanged: 0, errors: 1 });
    expect(previewed.updates[0]?.changes).toEqual([`Precio (S/\u00a024.50 → S/\u00a022.50)`]);
    expect(previewed.errors).toEqual([{ rowNumber: 3, title: COLLAR, messages: [singleRowMessage(3)] }]);

    await confirmPreview(previewed);
    expect((await variantsOf(dental.id)).map((row) => [row.name, row.priceCents, row.stock])).toEqual([
      ["", 2250, dental.stock],
    ]);
    const comedero = await productByTitle("Comedero Antideslizante");
    expect((await variantsOf(comedero.id)).map((row) => [row.name, row.priceCents, row.stock])).toEqual([
      ["", 1990, 6],
    ]);
    expect(await variantsOf(collar.id, true)).toEqual(collarBefore);
  });
});
