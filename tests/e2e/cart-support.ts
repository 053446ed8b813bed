import { createHash } from "node:crypto";

import { expect, type Locator, type Page, type Route, type TestInfo } from "@playwright/test";

import { screenshot, toast } from "./support";

/** The demo shop's products, in seed order (ids of a fresh database). */
export const PRODUCTS = {
  croquetas: { id: 1, title: "Croquetas Ricocan Adulto Razas Medianas 15 kg", unitCents: 11490 },
  snack: { id: 2, title: "Snack Dental para Perro x 7 unidades", unitCents: 2450 },
  raton: { id: 3, title: "Ratón de Juguete con Catnip", unitCents: 1490 },
  cama: { id: 4, title: "Cama Acolchada Redonda para Gato", unitCents: 8990 },
} as const;

/**
 * An address of its own for one test (and each repeat and retry of it), in the benchmarking
 * range 198.18.0.0/15, sent as X-Forwarded-For (the server trusts its loopback proxy). The
 * order limits count a guest's unpaid units by address within the hour (order-holdings.server.ts):
 * every test on this machine's one address would share that count, and one test's orders
 * could refuse another's, depending on which ran first.
 */
export function addressOfTest(testInfo: TestInfo): string {
  const key = `${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`;
  const [high = 0, low = 0] = createHash("sha256").update(key).digest();
  return `198.${18 + (high & 1)}.${low}.${(high >> 1) + 1}`;
}

/**
 * Adds to the cart the way the product page does (`POST /carrito`, intent=add). The page's
 * request context shares the browser's cookies, so the cart is this page's cart.
 */
export async function addToCart(page: Page, productId: number, quantity = 1): Promise<string> {
  const response = await page.request.post("/carrito", {
    form: { intent: "add", productId: String(productId), quantity: String(quantity) },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

/** The checkout's buttons: both say this until a payment method is chosen (with JavaScript). */
export const CHOOSE_METHOD_LABEL = "Elige un método de pago";
export const finishButton = { name: "Finalizar Pedido" } as const;
export const whatsappButton = { name: "Enviar Pedido por WhatsApp (Coordinar Pago)" } as const;

/** The order page checkout lands on: /pedido/PED-000123, '?abrir=1' while WhatsApp is about to open. */
export const ORDER_PAGE_URL = /\/pedido\/(PED-\d{6,})(?:\?abrir=1)?$/;

/**
 * Opens the cart and waits for React to take over: the no-JavaScript 'Actualizar'
 * buttons of the quantity fields disappear once the page is hydrated, and the checkout
 * (its own chunk, hydrated when that arrives) marks itself `data-hydrated`.
 */
export async function gotoCart(page: Page, path = "/carrito"): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Actualizar" })).toHaveCount(0);
  if ((await checkoutForm(page).count()) > 0) {
    await expect(checkoutForm(page)).toHaveAttribute("data-hydrated", "");
  }
}

/** The cart's order form ('Resumen del Pedido'). */
export function checkoutForm(page: Page): Locator {
  return page.getByRole("form", { name: "Resumen del Pedido" });
}

/**
 * The checkout's summary: products, the delivery line and the total. Its terms and amounts
 * are checked together, e.g. `["Productos (2 productos)", "Costo de envío (Miraflores)", "Total"]`.
 */
export function checkoutSummary(page: Page): { terms: Locator; amounts: Locator } {
  const list = checkoutForm(page).locator("dl").first();
  return { terms: list.locator("dt"), amounts: list.locator("dd") };
}

export async function expectSummary(page: Page, rows: [term: string, amount: string][]): Promise<void> {
  const summary = checkoutSummary(page);
  await expect(summary.terms).toHaveText(rows.map(([term]) => term));
  await expect(summary.amounts).toHaveText(rows.map(([, amount]) => amount));
}

export type Fulfillment =
  { kind: "pickup" } | { kind: "delivery"; district: string; address?: string; reference?: string };

/**
 * '¿Cómo quieres recibir tu pedido?': store pickup, or delivery to a district (by its name, or
 * 'Otro distrito') with the address and reference when given. Works without JavaScript too:
 * the delivery fields are shown by CSS once 'Delivery' is checked.
 */
export async function chooseFulfillment(page: Page, choice: Fulfillment): Promise<void> {
  if (choice.kind === "pickup") {
    await page.getByRole("radio", { name: /^Recojo en tienda/ }).check();
    return;
  }
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await chooseDistrict(page, choice.district);
  if (choice.address !== undefined) await page.getByLabel("Dirección", { exact: true }).fill(choice.address);
  if (choice.reference !== undefined) await page.getByLabel("Referencia (opcional)").fill(choice.reference);
}

/** The 'Distrito' select's option for a district ('Miraflores — S/ 7.00'), or 'Otro distrito'. */
export async function chooseDistrict(page: Page, district: string): Promise<void> {
  const select = districtSelect(page);
  const labels = await select.locator("option").allTextContents();
  const label = labels.find((text) => text === district || text.startsWith(`${district} — `));
  expect(label, `'${district}' in ${labels.join(", ")}`).toBeDefined();
  await select.selectOption({ label: label! });
}

export function districtSelect(page: Page): Locator {
  return page.getByLabel("Distrito", { exact: true });
}

/** 'Factura' with its three fields (each left as it is when not given). */
export async function chooseFactura(
  page: Page,
  fields: { ruc?: string; razonSocial?: string; direccionFiscal?: string },
): Promise<void> {
  await page.getByRole("radio", { name: "Factura", exact: true }).check();
  if (fields.ruc !== undefined) await page.getByLabel("RUC", { exact: true }).fill(fields.ruc);
  if (fields.razonSocial !== undefined) await page.getByLabel("Razón social").fill(fields.razonSocial);
  if (fields.direccionFiscal !== undefined) await page.getByLabel("Dirección fiscal").fill(fields.direccionFiscal);
}

/**
 * A mobile number no other test uses: a guest phone may hold only three unpaid orders a day,
 * and the specs share one server.
 */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return `9${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

/** Waits for the order page checkout redirects to and answers the order's code. */
export async function waitForOrderPage(page: Page): Promise<string> {
  await page.waitForURL(ORDER_PAGE_URL);
  return ORDER_PAGE_URL.exec(page.url())![1]!;
}

/** The header's item count (the header draws it in the desktop and the phone menu). */
export function cartBadge(page: Page): Locator {
  return page.getByRole("banner").getByTestId("cart-badge").first();
}

export function cartLine(page: Page, title: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
}

export function quantityInput(page: Page, title: string): Locator {
  return page.getByRole("spinbutton", { name: `Cantidad de ${title}`, exact: true });
}

/** The stock as the cart page knows it: the quantity field's maximum. */
export async function readStock(page: Page, title: string): Promise<number> {
  return Number(await quantityInput(page, title).getAttribute("max"));
}

/** 'S/ 60.00' as formatMoney writes it (U+00A0 after 'S/'). */
export function soles(cents: number): string {
  return new Intl.NumberFormat("es-PE", {
    style: "currency",
    currency: "PEN",
    minimumFractionDigits: 2,
  }).format(cents / 100);
}

/** Answers wa.me in place of WhatsApp and hands back the decoded prefilled text of the first visit. */
export async function interceptWhatsApp(page: Page): Promise<{ text: Promise<{ phone: string; text: string }> }> {
  let resolve: (value: { phone: string; text: string }) => void;
  const captured = new Promise<{ phone: string; text: string }>((done) => {
    resolve = done;
  });
  // Resolved once the simulated WhatsApp page has loaded: a test that navigates next would
  // otherwise race the navigation to wa.me still in flight ("interrupted by another navigation").
  const text = captured.then(async (value) => {
    await page.waitForURL(/^https:\/\/wa\.me\//, { waitUntil: "load" });
    return value;
  });
  await page.context().route("https://wa.me/**", async (route: Route) => {
    const url = new URL(route.request().url());
    resolve({ phone: url.pathname.slice(1), text: url.searchParams.get("text") ?? "" });
    await route.fulfill({
      status: 200,
      contentType: "text/html; charset=utf-8",
      body: "<!doctype html><title>WhatsApp</title><h1>WhatsApp (simulado)</h1>",
    });
  });
  return { text };
}

/** Back from the (intercepted) WhatsApp page to the shop, as the phone's Back button does. */
export async function goBackFromWhatsApp(page: Page): Promise<void> {
  await page.waitForURL(/^https:\/\/wa\.me\//, { waitUntil: "load" });
  await page.goBack();
}

/**
 * A screenshot of the order page ('?abrir=1'), which shows for 1.5 s before WhatsApp opens in the
 * same tab. A screenshot that the navigation interrupts never returns: on a busy machine that
 * hung the test until its timeout. This one gives up after a second instead; the test's own
 * assertions are what check the page.
 */
export async function screenshotBeforeWhatsApp(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e-screens/${name}.png`, timeout: 1_000 }).catch(() => {});
}

/** A full-page screenshot taken from the top, so the sticky header is drawn where it belongs. */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Closes a toast, so that a full-page screenshot shows the fields it would cover. */
export async function closeToast(page: Page, text: string): Promise<void> {
  await toast(page, text).getByRole("button", { name: "Cerrar" }).click();
  await expect(toast(page, text)).toBeHidden();
}
