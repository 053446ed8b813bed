import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";

import { addToCart, gotoCart, PRODUCTS, readStock, soles } from "./cart-support";
import { registerCustomer, screenshot, signInAsAdmin, toast, uniqueEmail } from "./support";

// A shared machine and the dev server can be slow to answer a POST and its revalidation.
const expect = baseExpect.configure({ timeout: 15_000 });

const { raton, snack } = PRODUCTS;

type Checkout = { name?: string; phone: string; delivery?: { district: string; feeCents: number; address: string } };

/** Places the cart's order with 'Finalizar Pedido' and answers its code (from the order page it opens). */
async function placeOrderFromCart(page: Page, contact: Checkout): Promise<string> {
  await gotoCart(page);
  if (contact.name) await page.getByLabel("Nombre completo").fill(contact.name);
  await page.getByLabel("Celular (WhatsApp)").fill(contact.phone);
  if (contact.delivery) {
    await page.getByRole("radio", { name: "Delivery" }).check();
    await page.getByLabel("Distrito").selectOption({
      label: `${contact.delivery.district} — ${soles(contact.delivery.feeCents)}`,
    });
    await page.getByLabel("Dirección", { exact: true }).fill(contact.delivery.address);
    await page.getByLabel("Referencia (opcional)").fill("Portón verde");
  } else {
    await page.getByRole("radio", { name: /Recojo en tienda/ }).check();
  }
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/PED-\d{6}/);
  return /PED-\d{6}/.exec(page.url())![0];
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

function todayInLima(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date());
}

test("an admin prepares and delivers a customer's order, and the customer sees it in 'Mis Pedidos'", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail("pedido-admin");
  await registerCustomer(page, email, "secreto123", "Marta Salinas Vega");
  await addToCart(page, raton.id, 2);
  const code = await placeOrderFromCart(page, {
    phone: "934 567 812",
    delivery: { district: "Miraflores", feeCents: 700, address: "Av. Larco 345" },
  });

  const admin = await openAdmin(browser, baseURL);
  await admin.goto("/admin/pedidos");
  const row = admin.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Marta Salinas Vega");
  await expect(row).toContainText("Yape");
  await expect(row).toContainText("Pendiente de pago");
  await expect(row).toContainText("Sin pagar");
  await expect(row).toContainText("DeliveryMiraflores");
  await screenshot(admin, "admin-orders-list-desktop");

  await openOrder(admin, code);
  const status = admin.getByRole("region", { name: "Estado" });
  await expect(status).toContainText("Estado actual:Pendiente de pago");
  const products = admin.getByRole("region", { name: "Productos" });
  await expect(products.getByRole("row").filter({ hasText: raton.title }).getByRole("cell")).toHaveText([
    new RegExp(raton.title),
    "2",
    soles(raton.unitCents),
    soles(2 * raton.unitCents),
  ]);
  await expect(products.getByTestId("order-fee")).toHaveText(soles(700));
  await expect(products.getByTestId("order-total")).toHaveText(soles(2 * raton.unitCents + 700));
  const delivery = admin.getByRole("region", { name: "Entrega y comprobante" });
  await expect(delivery).toContainText("Delivery a Miraflores");
  await expect(delivery).toContainText("Av. Larco 345");
  await expect(delivery).toContainText("Portón verde");
  const customer = admin.getByRole("region", { name: "Cliente" });
  await expect(customer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  const reply = customer.getByRole("link", { name: "Responder por WhatsApp" });
  await expect(reply).toHaveAttribute("target", "_blank");
  expect(new URL((await reply.getAttribute("href"))!).pathname).toBe("/51934567812");
  // Pendiente de pago goes to Pagado only with the payment, to En preparación, or is cancelled.
  await expect(status.getByRole("button", { name: "Marcar como Entregado" })).toHaveCount(0);
  await expect(status.getByRole("button", { name: "Marcar En camino" })).toHaveCount(0);

  await status.getByRole("button", { name: "Pasar a En preparación" }).click();
  await expect(toast(admin, "Pedido Actualizado")).toContainText(
    `El pedido ${code} ahora está en estado "En preparación".`,
  );
  await expect(status).toContainText("Estado actual:En preparación");
  // A delivery goes out 'En camino'; 'Listo para recoger' is for pickups.
  await expect(status.getByRole("button", { name: "Marcar Listo para recoger" })).toHaveCount(0);
  const notice = status.getByRole("link", { name: "Avisar por WhatsApp" });
  const noticeText = new URL((await notice.getAttribute("href"))!).searchParams.get("text")!;
  expect(noticeText).toMatch(
    new RegExp(
      `^Hola Marta Salinas Vega, tu pedido ${code} de .+ está en preparación\\. Puedes verlo aquí: https?://\\S+/pedido/${code}\\?t=[\\w-]{32}$`,
    ),
  );
  const history = status.getByRole("list", { name: "Historial de estados" }).getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(1)).toContainText("Pendiente de pagoEn preparación");
  await expect(history.nth(1)).toContainText("por admin");
  await screenshot(admin, "admin-orders-detail-desktop");

  await page.goto("/perfil?tab=pedidos");
  const order = page.getByRole("listitem").filter({ hasText: `Pedido ${code}` });
  await expect(order).toContainText("En preparación");

  // The same screens on a phone.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await status.getByRole("button", { name: "Marcar En camino" }).click();
  await expect(status).toContainText("Estado actual:En camino");
  await screenshot(admin, "admin-orders-detail-390");
  // 'Marcar como Entregado' is final: it asks first, naming the order; 'Volver' changes nothing.
  await status.getByRole("button", { name: "Marcar como Entregado" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "¿Marcar como entregado?" });
  await expect(confirm).toContainText(code);
  await expect(confirm).toContainText("Aún no está marcado como pagado");
  await confirm.getByRole("button", { name: "Volver" }).click();
  await expect(status).toContainText("Estado actual:En camino");
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
  // Unpaid: the reason is optional.
  await expect(dialog.getByLabel("Motivo de la cancelación (opcional)")).not.toHaveAttribute("required");
  await dialog.getByRole("button", { name: "Sí, cancelar pedido" }).click();
  await expect(toast(admin, "Pedido Actualizado")).toContainText(`El pedido ${code} ahora está en estado "Cancelado".`);
  await expect(status).toContainText("Estado actual:Cancelado");
  await expect(status).toContainText("su estado ya no puede cambiar");
  await expect(status.getByRole("button")).toHaveCount(0);
  await expect(admin.getByRole("form", { name: "Marcar como pagado" })).toHaveCount(0);

  await gotoCart(page);
  expect(await readStock(page, snack.title)).toBe(stockBefore);

  // The status filter finds it among the cancelled ones only.
  await admin.goto(`/admin/pedidos?estado=pendiente&q=${code}`);
  await expect(admin.getByText("No hay pedidos para mostrar.")).toBeVisible();
  await admin.goto(`/admin/pedidos?estado=cancelado&q=${code}`);
  await expect(admin.getByRole("row").filter({ hasText: code })).toContainText("Cancelado");

  // Exporting today's cancelled pickups: a workbook with this order's line.
  const today = todayInLima();
  await admin.goto(`/admin/pedidos?estado=cancelado&entrega=recojo&desde=${today}&hasta=${today}`);
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Exportar (Excel)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`pedidos-${today}-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet("Pedidos")!;
  const lines: unknown[][] = [];
  // The 28 columns as the owner sees them: an empty cell is read back as "".
  sheet.eachRow((sheetRow) => lines.push(Array.from({ length: 28 }, (_, n) => sheetRow.getCell(n + 1).value ?? "")));
  expect(lines[0]!.slice(11)).toEqual([
    "Subtotal de productos",
    "Descuentos",
    "Descuentos aplicados",
    "Total del pedido",
    "Entrega",
    "Distrito",
    "Dirección",
    "Referencia",
    "Costo de envío",
    "Comprobante",
    "Documento",
    "Razón social",
    "Dirección fiscal",
    "Pago",
    "Pagado el",
    "Monto pagado",
    "Operación",
  ]);
  const line = lines.find((values) => values[0] === code);
  expect(line).toBeDefined();
  expect(line!.slice(2, 9)).toEqual(["Pedro Cancela", "945 222 333", "", "Cancelado", "Yape", snack.title, 3]);
  expect(line![15]).toBe("Recojo en tienda");
  expect(line![24]).toBe("Sin pagar");
  expect(lines.slice(1).every((values) => values[5] === "Cancelado" && values[15] === "Recojo en tienda")).toBe(true);
  await admin.context().close();
});

test("an admin marks a delivery paid, finds it on the Hoja de reparto, then cancels it with a reason", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await addToCart(page, raton.id, 1);
  const code = await placeOrderFromCart(page, {
    name: "Paula Pagadora",
    phone: "956 777 888",
    delivery: { district: "Miraflores", feeCents: 700, address: "Calle Los Pinos 12" },
  });
  const totalCents = raton.unitCents + 700;

  const admin = await openAdmin(browser, baseURL);
  await openOrder(admin, code);
  const paymentForm = admin.getByRole("form", { name: "Marcar como pagado" });
  await expect(paymentForm.getByLabel("Método de pago")).toHaveValue("Yape");
  await expect(paymentForm.getByLabel("Monto recibido (S/)")).toHaveValue((totalCents / 100).toFixed(2));
  // S/ 5.00 short of the total: recorded, and the difference shown.
  await paymentForm.getByLabel("Número de operación (opcional)").fill("OP-4455");
  await paymentForm.getByLabel("Monto recibido (S/)").fill(((totalCents - 500) / 100).toFixed(2));
  await paymentForm.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(toast(admin, "Pago Registrado")).toContainText(`El pago del pedido ${code} quedó registrado`);

  const status = admin.getByRole("region", { name: "Estado" });
  await expect(status).toContainText("Estado actual:Pagado");
  const payment = admin.getByRole("region", { name: "Pago" });
  await expect(payment.getByTestId("order-payment")).toContainText(
    new RegExp(
      `Pagado el \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d · Yape · S/\\s${((totalCents - 500) / 100).toFixed(2)} · Op\\. OP-4455`,
    ),
  );
  await expect(payment.getByTestId("payment-difference")).toContainText(`Falta ${soles(500)}`);
  await expect(paymentForm).toHaveCount(0);
  await status.getByRole("button", { name: "Pasar a En preparación" }).click();
  await expect(status).toContainText("Estado actual:En preparación");
  await screenshot(admin, "admin-orders-paid-desktop");

  // The list's payment filter and the day's delivery sheet.
  await admin.goto(`/admin/pedidos?pago=pagado&entrega=delivery&q=${code}`);
  await expect(admin.getByRole("row").filter({ hasText: code })).toContainText("Pagado");
  await admin.goto(`/admin/pedidos?pago=sin-pagar&q=${code}`);
  await expect(admin.getByText("No hay pedidos para mostrar.")).toBeVisible();
  await admin.goto("/admin/pedidos");
  await admin.getByRole("link", { name: "Hoja de reparto" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Hoja de reparto" })).toBeVisible();
  await expect(admin.getByLabel("Día", { exact: true })).toHaveValue(todayInLima().split("-").reverse().join("/"));
  await expect(admin.getByRole("button", { name: "Imprimir" })).toBeVisible();
  const sheetRow = admin.getByRole("table", { name: "Deliveries del día" }).getByRole("row").filter({ hasText: code });
  await expect(sheetRow.getByRole("cell")).toHaveText([
    "Miraflores",
    code,
    "Paula Pagadora",
    "956 777 888",
    "Calle Los Pinos 12",
    "Portón verde",
    "Pagado",
  ]);
  await screenshot(admin, "admin-orders-delivery-sheet");
  await admin.getByRole("link", { name: "Volver a pedidos" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();

  // A paid order is cancelled only with a reason, which the detail then shows.
  await openOrder(admin, code);
  await status.getByRole("button", { name: "Cancelar pedido" }).click();
  const dialog = admin.getByRole("alertdialog", { name: "¿Cancelar el pedido?" });
  const reason = dialog.getByLabel("Motivo de la cancelación", { exact: true });
  await expect(reason).toHaveAttribute("required", "");
  await reason.fill("Se nos acabó el stock; devolvimos el Yape.");
  await dialog.getByRole("button", { name: "Sí, cancelar pedido" }).click();
  await expect(status).toContainText("Estado actual:Cancelado");
  await expect(status.getByTestId("cancel-reason")).toHaveText(
    "Motivo de la cancelación: Se nos acabó el stock; devolvimos el Yape.",
  );
  // Cancelled: off the delivery sheet.
  await admin.goto("/admin/pedidos/reparto");
  await expect(admin.getByRole("heading", { level: 1, name: "Hoja de reparto" })).toBeVisible();
  await expect(admin.getByText(code)).toHaveCount(0);
  await admin.context().close();
});
