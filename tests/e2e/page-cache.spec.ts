import { type Browser, expect, type Page, test } from "@playwright/test";

import { addToCart, cartBadge, PRODUCTS } from "./cart-support";
import { registerCustomer, signOut, uniqueEmail } from "./support";

// Issue 26: public pages come from the page cache, the same bytes for everyone; the visitor's
// own parts (name, 'Salir', cart count) are filled in after load from /api/sesion.

const PRODUCT_PATH = `/producto/${PRODUCTS.raton.id}`;

async function openCached(page: Page, path: string): Promise<string> {
  const response = (await page.goto(path))!;
  expect(response.status()).toBe(200);
  expect(["HIT", "MISS", "STALE"]).toContain(response.headers()["x-cache"]);
  return response.text();
}

/** Layout shifts since the page started, as the browser scores them (CLS without the 5 s windows: an upper bound). */
async function layoutShiftSum(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );
}

async function signedInShopperWithCart(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await registerCustomer(page, uniqueEmail("cache"), "secreto123", "Valeria Quispe Huamán");
  await addToCart(page, PRODUCTS.raton.id, 2);
  return { context, page };
}

test("a signed-in shopper with a cart and a stranger get the same stored page; only the shopper sees her name and count", async ({
  browser,
}) => {
  const shopper = await signedInShopperWithCart(browser, 1366);
  const html = await openCached(shopper.page, PRODUCT_PATH);
  // The stored bytes are everyone's: no name, no count in them.
  expect(html).not.toContain("Valeria");
  expect(html).not.toContain('data-testid="cart-badge"');
  const header = shopper.page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Valeria" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Salir" })).toBeVisible();
  await expect(cartBadge(shopper.page)).toHaveText("2");
  expect(await layoutShiftSum(shopper.page)).toBeLessThanOrEqual(0.05);

  const stranger = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const strangerPage = await stranger.newPage();
  const strangerHtml = await openCached(strangerPage, PRODUCT_PATH);
  expect(strangerHtml).toBe(html);
  await expect(strangerPage.getByRole("banner").getByRole("link", { name: "Ingresar/Registrarse" })).toBeVisible();
  // Until the page asks nothing more: a late answer would have arrived by then, had one been asked for.
  await strangerPage.waitForLoadState("networkidle");
  await expect(strangerPage.getByText("Valeria")).toHaveCount(0);
  await expect(cartBadge(strangerPage)).toHaveCount(0);

  // A toast flashed by an action still shows: 'Salir' lands on the home with 'Sesión Cerrada'.
  await signOut(shopper.page);
  await shopper.page.reload();
  await expect(shopper.page.getByRole("banner").getByRole("link", { name: "Ingresar/Registrarse" })).toBeVisible();
  await shopper.context.close();
  await stranger.close();
});

test("on a phone the name and count come after load without moving the page", async ({ browser }) => {
  const shopper = await signedInShopperWithCart(browser, 390);
  await openCached(shopper.page, PRODUCT_PATH);
  await expect(cartBadge(shopper.page).first()).toHaveText("2");
  expect(await layoutShiftSum(shopper.page)).toBeLessThanOrEqual(0.05);
  await shopper.page.getByRole("banner").getByLabel("Abrir menú").click();
  await expect(shopper.page.getByRole("banner").getByRole("link", { name: "Valeria" })).toBeVisible();
  await shopper.context.close();
});

test("without JavaScript a stored page shows 'Ingresar/Registrarse' and 'Carrito', which lead to the shopper's own pages", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await addToCart(page, PRODUCTS.snack.id);
  await openCached(page, PRODUCT_PATH);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Ingresar/Registrarse" }).first()).toBeAttached();
  await header
    .getByRole("link", { name: /Carrito/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByText(PRODUCTS.snack.title).first()).toBeVisible();
  await context.close();
});
