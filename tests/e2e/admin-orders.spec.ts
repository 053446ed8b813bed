import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";

import { addToCart, gotoCart, interceptWhatsApp, PRODUCTS, readStock, soles } from "./cart-support";
import { registerCustomer, screenshot, signInAsAdmin, toast, uniqueEmail } from "./support";

// A shared machine and the dev server can be slow to answer a POST and its revalidation.
const expect = baseExpect.configure({ timeout: 15_000 });

const { raton, snack } = PRODUCTS;

/** Places the cart's order from the cart page and answers its code (WhatsApp is intercepted). */
async function placeOrderFromCart(page: Page, contact: { name?: string; phone: string }): Promise<string> {
  await gotoCart(page);
  if (contact.name) await page.getByLabel("Nombre completo").fill(contact.name);
  await page.getByLabel("Celular (WhatsApp)").fill(contact.phone);
  await page.getByRole("radio", { name: /Yape/ }).check();
  const whatsapp = await interceptWhatsApp(page);
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  const code = (await whatsapp.text).text.match(/PED-\d{6}/)?.[0];
  expect(code).toBeDefined();
  return code!;
}

async function openAdmin(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "es-PE", timezoneId: "America/Lima" });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  return admin;
}

/** Finds the order with the list's search box and opens its detail. */
async function openOrder(admin: Page, code: string): Promise<void> {
  await admin.goto("/admin/pedidos");
  await admin.getByLabel("Buscar").fill(code);
  await admin.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${code}`));
  const rows = admin.getByRole("table", { name: "Pedidos" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: code, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
}

test("an admin moves a customer's order to 'En Proceso' and the customer sees it in 'Mis Pedidos'", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail("pedido-admin");
  await registerCustomer(page, email, "secreto123", "Marta Salinas Vega");
  await addToCart(page, raton.id, 2);
  const code = await placeOrderFromCart(page, { phone: "934 567 812" });

  const admin = await openAdmin(browser, baseURL);
  await admin.goto("/admin/pedidos");
  const row = admin.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Marta Salinas Vega");
  await expect(row).toContainText("Yape");
  await expect(row).toContainText("Pendiente");
  await screenshot(admin, "admin-orders-list-desktop");

  await openOrder(admin, code);
  const status = admin.getByRole("region", { name: "Estado" });
  await expect(status).toContainText("Estado actual:Pendiente");
  const line = admin.getByRole("region", { name: "Productos" }).getByRole("row").filter({ hasText: raton.title });
  await expect(line.getByRole("cell")).toHaveText([
    new RegExp(raton.title),
    "2",
    soles(raton.unitCents),
    soles(2 * raton.unitCents),
  ]);
  const customer = admin.getByRole("region", { name: "Cliente" });
  await expect(customer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  const reply = customer.getByRole("link", { name: "Responder por WhatsApp" });
  await expect(reply).toHaveAttribute("target", "_blank");
  const replyUrl = new URL((await reply.getAttribute("href"))!);
  expect(replyUrl.origin + replyUrl.pathname).toBe("https://wa.me/51934567812");
  expect(replyUrl.searchParams.get("text")).toMatch(
    new RegExp(`^Hola Marta Salinas Vega, te escribimos de .+ sobre tu pedido ${code}\\.$`),
  );
  // Pendiente can only go forward to En Proceso or be cancelled.
  await expect(status.getByRole("button", { name: "Marcar como Entregado" })).toHaveCount(0);

  await status.getByRole("button", { name: "Pasar a En Proceso" }).click();
  await expect(toast(admin, "Pedido Actualizado")).toContainText(
    `El pedido ${code} ahora está en estado "En Proceso".`,
  );
  await expect(status).toContainText("Estado actual:En Proceso");
  await expect(status.getByRole("button", { name: "Pasar a En Proceso" })).toHaveCount(0);
  await expect(status.getByRole("button", { name: "Marcar como Entregado" })).toBeVisible();
  const history = status.getByRole("list", { name: "Historial de estados" }).getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(1)).toContainText("PendienteEn Proceso");
  await expect(history.nth(1)).toContainText("por admin");
  await screenshot(admin, "admin-orders-detail-desktop");

  await page.goto("/perfil?tab=pedidos");
  const order = page.getByRole("listitem").filter({ hasText: `Pedido ${code}` });
  await expect(order).toContainText("En Proceso");
  await expect(order).not.toContainText("Pendiente");

  // The same screens on a phone.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(status).toContainText("Estado actual:En Proceso");
  await screenshot(admin, "admin-orders-detail-390");
  // 'Marcar como Entregado' is final: it asks first, naming the order; 'Cancelar' changes nothing.
  await status.getByRole("button", { name: "Marcar como Entregado" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "¿Marcar como entregado?" });
  await expect(confirm).toContainText(code);
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(status).toContainText("Estado actual:En Proceso");
  await status.getByRole("button", { name: "Marcar como Entregado" }).click();
  await admin.getByRole("button", { name: "Sí, marcar como entregado" }).click();
  await expect(status).toContainText("Estado actual:Entregado");
  await admin.goto("/admin/pedidos");
  await expect(admin.getByRole("row").filter({ hasText: code })).toBeVisible();
  await screenshot(admin, "admin-orders-list-390");
  await admin.context().close();
});

test("cancelling an order gives its units back to the stock, and the export lists it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await addToCart(page, snack.id, 3);
  await gotoCart(page);
  const stockBefore = await readStock(page, snack.title);
  const code = await placeOrderFromCart(page, { name: "Pedro Cancela", phone: "945 222 333" });

  await addToCart(page, snack.id);
  await gotoCart(page);
  expect(await readStock(page, snack.title)).toBe(stockBefore - 3);

  const admin = await openAdmin(browser, baseURL);
  await openOrder(admin, code);
  const status = admin.getByRole("region", { name: "Estado" });
  await status.getByRole("button", { name: "Cancelar pedido" }).click();
  const dialog = admin.getByRole("alertdialog", { name: "¿Cancelar el pedido?" });
  await expect(dialog).toContainText(`El pedido ${code} pasará a Cancelado`);
  await dialog.getByRole("button", { name: "Sí, cancelar pedido" }).click();
  await expect(toast(admin, "Pedido Actualizado")).toContainText(`El pedido ${code} ahora está en estado "Cancelado".`);
  await expect(status).toContainText("Estado actual:Cancelado");
  await expect(status).toContainText("su estado ya no puede cambiar");
  await expect(status.getByRole("button")).toHaveCount(0);

  await gotoCart(page);
  expect(await readStock(page, snack.title)).toBe(stockBefore);

  // The status filter finds it among the cancelled ones only.
  await admin.goto(`/admin/pedidos?estado=pendiente&q=${code}`);
  await expect(admin.getByText("No hay pedidos para mostrar.")).toBeVisible();
  await admin.goto(`/admin/pedidos?estado=cancelado&q=${code}`);
  await expect(admin.getByRole("row").filter({ hasText: code })).toContainText("Cancelado");

  // Exporting today's cancelled orders: a workbook with this order's line.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date());
  await admin.goto(`/admin/pedidos?estado=cancelado&desde=${today}&hasta=${today}`);
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Exportar (Excel)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`pedidos-${today}-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet("Pedidos")!;
  const lines: unknown[][] = [];
  // The 12 columns as the owner sees them: no e-mail is an empty cell (read back as "").
  sheet.eachRow((sheetRow) => lines.push(Array.from({ length: 12 }, (_, n) => sheetRow.getCell(n + 1).value ?? "")));
  const line = lines.find((values) => values[0] === code);
  expect(line).toBeDefined();
  expect(line!.slice(2, 9)).toEqual(["Pedro Cancela", "945 222 333", "", "Cancelado", "Yape", snack.title, 3]);
  expect(lines.slice(1).every((values) => values[5] === "Cancelado")).toBe(true);
  await admin.context().close();
});
