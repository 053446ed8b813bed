import { expect, type Page, test } from "@playwright/test";

import { toast } from "./support";

// Issue 23 as a shopper meets it: a product in several sizes, the size kept in the link, the
// cart line naming it, and 'Avísame cuando haya stock' for a sold-out size.

const FOOD = "Alimento Pro Plan Cachorro Razas Pequeñas";
const COLLAR = "Collar Reflectivo Ajustable";

async function openProduct(page: Page, title: string) {
  await page.goto(`/productos?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Ver Detalles: ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test("choosing a size changes the price, the stock note and the link; the cart line names it", async ({ page }) => {
  await openProduct(page, FOOD);
  const sizes = page.getByRole("group", { name: "Presentación" });
  await expect(sizes.getByRole("radio")).toHaveCount(2);
  await expect(sizes.getByRole("radio", { name: /3 kg/ })).toBeChecked();
  await expect(page.getByText("S/ 26.63 por kg")).toBeVisible();

  await sizes.getByText("15 kg", { exact: true }).click();
  await expect(page).toHaveURL(/\?presentacion=\d+$/);
  await expect(page.getByText("S/ 21.99 por kg")).toBeVisible();
  await expect(page.getByText("Últimas 2 unidades disponibles")).toBeVisible();
  // A shared link opens the same size.
  await page.reload();
  await expect(page.getByRole("group", { name: "Presentación" }).getByRole("radio", { name: /15 kg/ })).toBeChecked();

  await page.getByRole("button", { name: "Agregar al Carrito" }).click();
  await expect(toast(page, `${FOOD} — 15 kg se ha añadido al carrito.`)).toBeVisible();
  await page.goto("/carrito");
  await expect(page.getByRole("main")).toContainText(`${FOOD} — 15 kg`);
});

test("without JavaScript, the radios are part of the add-to-cart form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openProduct(page, FOOD);
  await page.getByRole("group", { name: "Presentación" }).getByText("15 kg", { exact: true }).click();
  await page.getByRole("button", { name: "Agregar al Carrito" }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole("main")).toContainText(`${FOOD} — 15 kg`);
  await context.close();
});

test("a sold-out size offers 'Avísame cuando haya stock' and confirms the subscription", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProduct(page, COLLAR);
  await page.getByRole("group", { name: "Presentación" }).getByText("Talla M", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Agotado" })).toBeDisabled();
  await page.getByRole("button", { name: "Avísame cuando haya stock" }).click();
  // Nothing typed: the e-mail is required, said in Spanish beside the field.
  await expect(page.getByText("Escribe un correo electrónico válido.")).toBeVisible();
  await page.getByLabel("Tu correo electrónico").fill("vecina@example.com");
  await page.getByRole("button", { name: "Avísame cuando haya stock" }).click();
  await expect(page.getByText("Te enviamos un correo para confirmar el aviso.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("avisame-390.png"), fullPage: true });
});
