import { expect, test } from "@playwright/test";

import { screenshot, signInAsAdmin } from "./support";

test("on a phone the header's menu opens with every link and the cart", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await screenshot(page, "home-mobile");
  await page.getByLabel("Abrir menú").click();
  const menu = page.getByRole("navigation", { name: "Principal (móvil)" });
  for (const label of ["Inicio", "Nosotros", "Productos", "Servicios", "Contacto"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: /Carrito/ })).toBeVisible();
  await screenshot(page, "menu-mobile");
  await menu.getByRole("link", { name: "Productos" }).click();
  await expect(page).toHaveURL(/\/productos$/);
});

test("on a phone the back office's sections fold into a menu that closes after a choice", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/productos");
  const menu = page.locator("details", { hasText: "Secciones de gestión" });
  await expect(page.getByRole("navigation", { name: "Gestión" })).toBeHidden();
  await page.getByText("Secciones de gestión").click();
  await page.getByRole("navigation", { name: "Gestión" }).getByRole("link", { name: "Promociones" }).click();
  await expect(page).toHaveURL(/\/admin\/promociones$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Promociones");
  await expect(menu).not.toHaveAttribute("open");
  await page.getByRole("link", { name: "Panel de Gestión" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("on a phone the logos come as WebP copies sized for its screen, never the 512 px PNG", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/");
  const homeLogo = page.locator("section", { has: page.getByRole("heading", { level: 1 }) }).locator("img");
  const headerLogo = page.getByRole("banner").locator("img").first();
  await expect(homeLogo).toHaveJSProperty("complete", true);
  await expect(headerLogo).toHaveJSProperty("complete", true);
  // A Pixel 7 has 2.625 device pixels per CSS pixel: 96 px on home needs 252, 44 in the header 116.
  expect(await homeLogo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
    "/images/logos/logo_defecto-384w.webp",
  );
  expect(await headerLogo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
    "/images/logos/logo_defecto-192w.webp",
  );
  expect(requested).not.toContain("/images/logos/logo_defecto.png");
});
