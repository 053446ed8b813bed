import { expect, test } from "@playwright/test";

import { screenshot } from "./support";

test("drill down from /productos to a category's products with breadcrumbs", async ({ page }) => {
  await page.goto("/productos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestros Productos");
  await page.getByRole("link", { name: "Gatos" }).click();
  await expect(page).toHaveURL(/\/productos\/gatos$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gatos");
  await page.getByRole("link", { name: "Juguetes" }).click();
  await expect(page).toHaveURL(/\/productos\/gatos\/juguetes$/);
  const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
  await expect(crumbs).toContainText("Productos");
  await expect(crumbs).toContainText("Gatos");
  await expect(page.getByRole("heading", { name: "Ratón de Juguete con Catnip" })).toBeVisible();
  await crumbs.getByRole("link", { name: "Productos" }).click();
  await expect(page).toHaveURL(/\/productos$/);
});

test("search ignores accents and lives in the URL; the brand filter narrows it", async ({ page }) => {
  await page.goto("/productos");
  await page.getByPlaceholder("Buscar productos...").fill("raton");
  // The page's own search (the header's box searches the whole shop).
  await page.getByRole("main").getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\?q=raton/);
  await expect(page.getByRole("heading", { name: "Ratón de Juguete con Catnip" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 producto encontrado" })).toBeVisible();

  await page.getByLabel("Filtrar por Marca").selectOption({ label: "Ricocan" });
  await expect(page).toHaveURL(/marca=ricocan/);
  await expect(page.getByText("No hay productos que coincidan con tu búsqueda o filtro")).toBeVisible();

  // The shared link gives the same results to someone else.
  await page.goto("/productos?marca=ricocan");
  await expect(page.getByRole("heading", { name: /Croquetas Ricocan/ })).toBeVisible();
  await expect(page.getByLabel("Filtrar por Marca")).toHaveValue("ricocan");
  await screenshot(page, "catalogue-brand-filter");
});

test("product detail shows the offer, the category link and the shipping bullets", async ({ page }) => {
  await page.goto("/productos/perros/alimentos/alimento-seco");
  await page.getByRole("link", { name: "Ver Detalles: Croquetas Ricocan Adulto Razas Medianas 15 kg" }).click();
  await expect(page).toHaveURL(/\/producto\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Croquetas Ricocan Adulto Razas Medianas 15 kg");
  await expect(page.getByText("OFERTA", { exact: true })).toBeVisible();
  await expect(page.locator("s")).toHaveText(/S\/\s129\.90/);
  await expect(page.getByText(/Precio de oferta: S\/\s114\.90/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar al Carrito" })).toBeEnabled();
  await expect(page.getByText(/Delivery a domicilio/)).toBeVisible();
  await page.getByRole("link", { name: /Perros › Alimentos/ }).click();
  await expect(page).toHaveURL(/\/productos\/perros\/alimentos$/);
  await page.goBack();
  await screenshot(page, "product-detail");

  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(/\/producto\/\d+\/imagen\.jpg$/);
  const image = await page.request.get(ogImage!);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
});

test("unknown products and catalogue levels are Spanish 404 pages", async ({ page }) => {
  const product = await page.goto("/producto/987654");
  expect(product?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Producto no Encontrado" })).toBeVisible();
  await page.getByRole("link", { name: "Volver a Productos" }).click();
  await expect(page).toHaveURL(/\/productos$/);

  const level = await page.goto("/productos/perros/no-existe");
  expect(level?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
});

test("services drill down with counts, hidden prices read 'Consultar', each asks on WhatsApp", async ({ page }) => {
  await page.goto("/servicios");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestros Servicios");
  await expect(page.getByRole("link", { name: /Salud\s*2 servicios/ })).toBeVisible();
  await page.getByRole("link", { name: /Salud/ }).click();
  await page.getByRole("link", { name: /Prevención/ }).click();
  await page.getByRole("link", { name: /Desparasitación/ }).click();
  await expect(page.getByRole("heading", { name: "Desparasitación", level: 3 })).toBeVisible();
  await expect(page.getByText("Consultar", { exact: true })).toBeVisible();
  const inquiry = page.getByRole("link", { name: "Consultar por WhatsApp" });
  const href = new URL((await inquiry.getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe("https://wa.me/51924810866");
  expect(href.searchParams.get("text")).toContain("Desparasitación");

  await page.goto("/servicios?q=veterinaria");
  await expect(page.getByRole("heading", { name: "Consulta Veterinaria General" })).toBeVisible();
  await page.goto("/servicios?q=zzz");
  await expect(page.getByText("No se encontraron elementos que coincidan con tu búsqueda.")).toBeVisible();
});
