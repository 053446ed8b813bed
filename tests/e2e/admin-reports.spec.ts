import { readFile } from "node:fs/promises";

import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";

import { addToCart, gotoCart, PRODUCTS } from "./cart-support";
import { screenshot, signInAsAdmin, toast } from "./support";

// Issue 49: a shopper's order marked paid shows in the owner's reports (a customer with a
// name of their own, so other specs' orders on the same server never change what is checked),
// the range changes by its links and by the custom form (typed dates kept beside their error),
// and a table downloads as a workbook holding the same figures.

const CUSTOMER = "Rita Reportes";
// formatMoney writes a no-break space after "S/".
const soles = (cents: number) => `S/\u00a0${(cents / 100).toFixed(2)}`;

function todayInLima(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date());
}

async function placePaidOrder(page: Page): Promise<string> {
  await addToCart(page, PRODUCTS.raton.id, 2);
  await gotoCart(page);
  await page.getByLabel("Nombre completo").fill(CUSTOMER);
  await page.getByLabel("Celular (WhatsApp)").fill("944 049 049");
  await page.getByRole("radio", { name: /Recojo en tienda/ }).check();
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/PED-\d{6}/);
  return /PED-\d{6}/.exec(page.url())![0];
}

function topCustomerRow(page: Page) {
  return page
    .getByRole("table", { name: "Mejores clientes" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: CUSTOMER }) });
}

test("the owner opens the reports, changes the range and downloads a table as .xlsx", async ({ page, browser }) => {
  test.slow();
  const totalCents = PRODUCTS.raton.unitCents * 2;
  const shopper = await browser.newContext({ locale: "es-PE", timezoneId: "America/Lima" });
  const code = await placePaidOrder(await shopper.newPage());
  await shopper.close();

  await signInAsAdmin(page);
  await page.goto(`/admin/pedidos?q=${code}`);
  await page.getByRole("link", { name: code, exact: true }).first().click();
  const paymentForm = page.getByRole("form", { name: "Marcar como pagado" });
  await paymentForm.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(toast(page, "Pago Registrado")).toBeVisible();

  // From the dashboard's sales card to this month's report.
  await page.goto("/admin/dashboard", { waitUntil: "networkidle" });
  const sales = page.getByRole("region", { name: "Ventas pagadas" });
  await expect(sales).toContainText("Este mes");
  await expect(sales.locator("canvas").first()).toBeVisible();
  await sales.getByRole("link", { name: "Ver reportes" }).click();
  await expect(page).toHaveURL(/\/admin\/reportes\?rango=mes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reportes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Este mes" })).toHaveAttribute("aria-current", "page");
  await expect(topCustomerRow(page)).toContainText("944 049 049");
  await expect(topCustomerRow(page)).toContainText(soles(totalCents));
  await expect(page.getByRole("region", { name: "Ventas", exact: true }).locator("canvas").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Por método de pago" })).toContainText("Yape");

  await page.getByRole("link", { name: "Hoy" }).click();
  await expect(page).toHaveURL(/rango=hoy$/);
  await expect(topCustomerRow(page)).toContainText(soles(totalCents));
  await screenshot(page, "admin-reports");

  // A custom range the wrong way round: its error beside the boxes, what was typed kept.
  const custom = page.getByRole("form", { name: "Rango personalizado" });
  await custom.getByLabel("Desde").fill("31/12/2026");
  await custom.getByLabel("Hasta").fill("01/12/2026");
  await custom.getByRole("button", { name: "Ver rango" }).click();
  await expect(page.getByText("La fecha 'Desde' debe ser anterior o igual a 'Hasta'.")).toBeVisible();
  await expect(custom.getByLabel("Desde")).toHaveValue("31/12/2026");
  const [year, month, day] = todayInLima().split("-");
  await custom.getByLabel("Desde").fill(`01/${month}/${year}`);
  await custom.getByLabel("Hasta").fill(`${day}/${month}/${year}`);
  await custom.getByRole("button", { name: "Ver rango" }).click();
  await expect(page).toHaveURL(/rango=personalizado/);
  await expect(page.getByText(/debe ser anterior/)).toHaveCount(0);
  await expect(topCustomerRow(page)).toContainText(soles(totalCents));

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar Excel: Mejores clientes" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reporte-clientes-top-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as never);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, "Cliente", "Teléfono", "Pedidos", "Ingresos"]);
  const rows = sheet.getSheetValues().filter((row) => Array.isArray(row) && row[1] === CUSTOMER);
  expect(rows).toEqual([[undefined, CUSTOMER, "944 049 049", 1, totalCents / 100]]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByRole("region", { name: "Ventas", exact: true }).locator("canvas").first()).toBeVisible();
  await screenshot(page, "admin-reports-390");
  await page.goto("/admin/dashboard", { waitUntil: "networkidle" });
  await screenshot(page, "admin-dashboard-sales-390");
});
