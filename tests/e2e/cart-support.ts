import { expect, type Locator, type Page, type Route } from "@playwright/test";

import { screenshot } from "./support";

/** The demo shop's products, in seed order (ids of a fresh database). */
export const PRODUCTS = {
  croquetas: { id: 1, title: "Croquetas Ricocan Adulto Razas Medianas 15 kg", unitCents: 11490 },
  snack: { id: 2, title: "Snack Dental para Perro x 7 unidades", unitCents: 2450 },
  raton: { id: 3, title: "Ratón de Juguete con Catnip", unitCents: 1490 },
  cama: { id: 4, title: "Cama Acolchada Redonda para Gato", unitCents: 8990 },
} as const;

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

/**
 * Opens the cart and waits for React to take over: the no-JavaScript 'Actualizar'
 * buttons of the quantity fields disappear once the page is hydrated.
 */
export async function gotoCart(page: Page, path = "/carrito"): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Actualizar" })).toHaveCount(0);
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
 * A screenshot of the order's confirmation, which shows for 1.5 s before WhatsApp opens in the
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
