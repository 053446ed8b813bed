import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";

import { screenshot, signInAsAdmin, toast } from "./support";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("the products list's 'Exportar (Excel)' downloads the catalogue as a real workbook", async ({ page }) => {
  await page.goto("/admin/productos");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar (Excel)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as never);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(2).value).toBe("Título");
  const titles: string[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber > 1) titles.push(String(row.getCell(2).value));
  });
  expect(titles.filter((title) => title.includes("Croquetas")).length).toBeGreaterThan(0);
});

test("import: preview with a new product and a refused row, confirm, and find the product", async ({ page }) => {
  // Five page loads and two server round trips with a workbook: more than the default budget.
  test.slow();
  const stamp = Date.now();
  const title = `Snack para gato's con atún ${stamp}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Productos");
  sheet.addRow([
    "ID",
    "Título",
    "Familia",
    "Categoría",
    "Subcategoría",
    "Marca",
    "Precio (S/)",
    "Stock",
    "Oferta activa",
    "Precio oferta (S/)",
  ]);
  sheet.addRow([null, title, "Gatos", "Alimentos", "Snacks", "Pro Plan", "12,50", 20, "Sí", "10.90"]);
  sheet.addRow([null, `Pecera ${stamp}`, "Peces", "Acuarios", "", "", 45, 3, "No", ""]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.goto("/admin/productos");
  await page.getByRole("link", { name: "Importar (Excel)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Importar Productos (Excel)" })).toBeVisible();
  await page
    .getByLabel("Archivo Excel (.xlsx)")
    .setInputFiles({ name: "nuevos.xlsx", mimeType: XLSX_TYPE, buffer: bytes });
  await page.getByRole("button", { name: "Vista previa" }).click();

  const preview = page.getByRole("region", { name: "Vista previa de «nuevos.xlsx»" });
  // Reading and checking the workbook happens on the server: allow a busy machine some time.
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByRole("definition").nth(0)).toHaveText("1");
  await expect(preview.getByRole("definition").nth(3)).toHaveText("1");
  const created = preview.getByRole("region", { name: "Filas a crear" });
  await expect(created.getByRole("row", { name: new RegExp(`2 ${title} Gatos Alimentos S/\\s12\\.50`) })).toBeVisible();
  const refused = preview.getByRole("region", { name: "Filas con errores" });
  await expect(refused.getByRole("row").filter({ hasText: `Pecera ${stamp}` })).toContainText("3");
  await expect(refused).toContainText('Familia desconocida: "Peces".');
  await screenshot(page, "admin-excel-preview");

  await page.getByRole("button", { name: "Confirmar importación" }).click();
  await expect(page).toHaveURL(/\/admin\/productos$/, { timeout: 20_000 });
  await expect(toast(page, "Importación Completada")).toContainText("1 creado, 0 actualizados.");
  await expect(toast(page, "Importación Completada")).toContainText("1 fila con errores omitida.");

  // The list's search ignores accents: 'atun' finds 'atún'.
  await page.goto(`/admin/productos?q=${encodeURIComponent(`gato's con atun ${stamp}`)}`);
  await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();
  await expect(page.getByText(`Pecera ${stamp}`)).toHaveCount(0);
});

test("import refuses a text file renamed .xlsx with a message next to the field", async ({ page }) => {
  await page.goto("/admin/productos/importar");
  await page.getByLabel("Archivo Excel (.xlsx)").setInputFiles({
    name: "catalogo.xlsx",
    mimeType: XLSX_TYPE,
    buffer: Buffer.from("Título;Precio\nCroquetas;12.50\n"),
  });
  await page.getByRole("button", { name: "Vista previa" }).click();
  const field = page.getByLabel("Archivo Excel (.xlsx)");
  await expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 20_000 });
  await expect(page.locator("#import-file-error")).toHaveText("El archivo no es un Excel (.xlsx) válido.");
  await screenshot(page, "admin-excel-refused");
});

test("services: the exported workbook re-imports without errors, and the screen has no brand option", async ({
  page,
}) => {
  test.slow();
  await page.goto("/admin/servicios");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar (Excel)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^servicios-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.getByRole("link", { name: "Importar (Excel)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Importar Servicios (Excel)" })).toBeVisible();
  await expect(page.getByLabel("Crear las marcas que no existan")).toHaveCount(0);
  await page.getByLabel("Archivo Excel (.xlsx)").setInputFiles({
    name: download.suggestedFilename(),
    mimeType: XLSX_TYPE,
    buffer: await readFile((await download.path())!),
  });
  await page.getByRole("button", { name: "Vista previa" }).click();
  const preview = page.getByRole("region", { name: /^Vista previa de/ });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  // Other specs may edit services meanwhile; the seeded ones are there and none is refused.
  await expect(preview.getByRole("definition").nth(3)).toHaveText("0");
  expect(Number(await preview.getByRole("definition").nth(2).textContent())).toBeGreaterThanOrEqual(3);
  await screenshot(page, "admin-excel-services-preview");
});
