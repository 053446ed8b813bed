import { expect, test } from "@playwright/test";

import { screenshot } from "./support";

// Issue 27: the header's box on every storefront page leads to /buscar, one search over
// products and services that forgives typos and missing accents.

test("the header's box finds products despite a typo, and offers the shop's own word", async ({ page }) => {
  await page.goto("/nosotros");
  const box = page
    .getByRole("search", { name: "Buscar en la tienda" })
    .getByPlaceholder("¿Qué buscas para tu mascota?");
  await box.fill("croketas");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=croketas$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Resultados para "croketas"');
  await expect(page.getByRole("heading", { name: "Productos", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Croquetas Ricocan Adulto Razas Medianas 15 kg" })).toBeVisible();
  await screenshot(page, "search-results");

  await page.getByRole("link", { name: "croquetas", exact: true }).click();
  await expect(page).toHaveURL(/\/buscar\?q=croquetas$/);
  await expect(page.getByRole("heading", { name: "Croquetas Ricocan Adulto Razas Medianas 15 kg" })).toBeVisible();
});

test("services show in their own section; nothing found says so and leads to the catalogues", async ({ page }) => {
  await page.goto("/buscar?q=bano");
  await expect(page.getByRole("heading", { name: "Servicios", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Baño y Corte para Perro" })).toBeVisible();

  await page.goto("/buscar?q=zzqxw");
  await expect(page.getByText('No encontramos resultados para "zzqxw".')).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Ver productos" }).click();
  await expect(page).toHaveURL(/\/productos$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box is a plain form that still searches", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search", { name: "Buscar en la tienda" });
    await form.getByPlaceholder("¿Qué buscas para tu mascota?").fill("raton");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/buscar\?q=raton$/);
    await expect(page.getByRole("heading", { name: "Ratón de Juguete con Catnip" })).toBeVisible();
  });
});
