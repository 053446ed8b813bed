import { expect as baseExpect, type Page, test } from "@playwright/test";

import { openHydrated } from "./admin-forms-support";
import { addToCart, gotoCart, PRODUCTS } from "./cart-support";
import { screenshot, signInAsAdmin, toast } from "./support";

// Issue 46: the owner points the shop at Nubefact (here the local fake the end-to-end server
// starts on E2E_PORT + 2, tests/support/fake-nubefact.js), a shopper orders, the owner marks the
// order paid, and its boleta is issued by itself: accepted on the order's detail, listed in
// 'Comprobantes emitidos', and 'Descargar comprobante (PDF)' on the shopper's order page; then
// cancelled, the order's boleta is annulled by a nota de crédito.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const ROUTE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 2}/api/v1/ruta-de-prueba`;
const ORDER_PAGE = /\/pedido\/(PED-\d{6,})/;

async function placeYapeOrder(page: Page): Promise<string> {
  await addToCart(page, PRODUCTS.croquetas.id);
  await gotoCart(page);
  const pickup = page.getByRole("radio", { name: /Recojo en tienda/ });
  if ((await pickup.count()) > 0) await pickup.check();
  await page.getByRole("radio", { name: /^Yape/ }).check();
  await page.getByLabel("Nombre completo").fill("Carmen Boleta");
  await page.getByLabel(/Celular/).fill("955 321 654");
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  await page.waitForURL(ORDER_PAGE);
  return ORDER_PAGE.exec(page.url())![1]!;
}

test("comprobantes: Nubefact configured, an order marked paid gets its boleta, the shopper downloads it", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion/comprobantes");
  await expect(page.getByText("Sin configurar: la tienda funciona como hoy, sin emitir comprobantes.")).toBeVisible();
  await page.getByLabel("Ruta (RUTA)").fill(ROUTE);
  await page.getByLabel(/^Token/).fill("token-e2e-1234");
  await page.getByRole("button", { name: "Probar conexión" }).click();
  await expect(toast(page, "Conexión Correcta")).toBeVisible();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(toast(page, "Comprobantes Electrónicos Actualizados")).toBeVisible();
  await expect(page.getByText("Configurado", { exact: true })).toBeVisible();
  // The token never comes back to the page: only its last four characters.
  expect(await page.content()).not.toContain("token-e2e-1234");
  await screenshot(page, "admin-invoicing-settings");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-invoicing-settings-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  const shopper = await browser.newContext({ locale: "es-PE", timezoneId: "America/Lima" });
  try {
    const buyer = await shopper.newPage();
    const code = await placeYapeOrder(buyer);

    await page.goto(`/admin/pedidos?q=${code}`);
    await page.getByRole("link", { name: code, exact: true }).first().click();
    const documents = page.getByTestId("order-documents");
    await expect(documents).toContainText("Se emite cuando el pedido esté pagado.");
    const paymentForm = page.getByRole("form", { name: "Marcar como pagado" });
    await paymentForm.getByLabel("Número de operación (opcional)").fill("OP-7788");
    await paymentForm.getByRole("button", { name: "Marcar como pagado" }).click();
    await expect(toast(page, "Pago Registrado")).toBeVisible();
    // Issued in the background right after: the detail shows it once SUNAT (the fake) answered.
    await expect(async () => {
      await page.reload();
      await expect(documents).toContainText(/Boleta electrónica B001-\d+/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(documents).toContainText("Aceptado por SUNAT");
    await expect(documents.getByRole("link", { name: "PDF" })).toHaveAttribute("href", /\/cpe\/2-B001-\d+\.pdf$/);
    await screenshot(page, "admin-order-comprobante");

    await page.goto("/admin/comprobantes");
    await expect(page.getByRole("heading", { name: "Comprobantes Electrónicos", level: 1 })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Aceptado por SUNAT");
    await screenshot(page, "admin-comprobantes-list");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "admin-comprobantes-list-390");
    await page.setViewportSize({ width: 1280, height: 720 });

    await buyer.reload();
    const download = buyer.getByRole("link", { name: "Descargar comprobante (PDF)" });
    await expect(download).toHaveAttribute("href", /\/cpe\/2-B001-\d+\.pdf$/);
    await expect(buyer.getByTestId("order-documents")).toContainText(/Boleta electrónica B001-\d+/);
    await buyer.setViewportSize({ width: 390, height: 844 });
    await screenshot(buyer, "order-page-comprobante-390");
    await buyer.setViewportSize({ width: 1280, height: 720 });
    await screenshot(buyer, "order-page-comprobante");

    // Cancelled after all: its boleta is annulled by a nota de crédito linked to it.
    await page.goto(`/admin/pedidos?q=${code}`);
    await page.getByRole("link", { name: code, exact: true }).first().click();
    await page.getByRole("button", { name: "Cancelar pedido" }).click();
    await page.getByRole("alertdialog").getByLabel("Motivo de la cancelación").fill("El cliente ya no lo quiere");
    await page.getByRole("alertdialog").getByRole("button", { name: "Sí, cancelar pedido" }).click();
    await expect(toast(page, "Pedido Actualizado")).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(documents).toContainText(
        /Nota de crédito electrónica BC01-\d+\s*Anulación de la operación\s*Aceptado por SUNAT/,
        {
          timeout: 1000,
        },
      );
    }).toPass({ timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "admin-order-credit-note-390");
    await page.setViewportSize({ width: 1280, height: 720 });
  } finally {
    await shopper.close();
    // The other specs expect the shop without a PSE: the route cleared, nothing is issued.
    await openHydrated(page, "/admin/configuracion/comprobantes");
    await page.getByLabel("Ruta (RUTA)").fill("");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(toast(page, "Comprobantes Electrónicos Actualizados")).toBeVisible();
  }
});
