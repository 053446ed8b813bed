import { expect, test } from "@playwright/test";

import { screenshot, signInAsAdmin } from "./support";

test("on a phone the cart is always in reach and the menu closes on a choice, on Escape and on a tap outside", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The cart beside the menu button, with its count, without opening anything.
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Carrito (0)" })).toBeVisible();
  await page.request.post("/carrito", { form: { intent: "add", productId: "3", quantity: "2" } });
  await page.reload();
  const phoneCart = header.getByRole("link", { name: "Carrito (2)" }).filter({ visible: true });
  await expect(phoneCart).toHaveCount(1);
  await expect(phoneCart).toContainText("2");
  await screenshot(page, "home-mobile");

  const menuButton = page.getByLabel("Abrir menú");
  const menu = page.getByRole("navigation", { name: "Principal (móvil)" });
  await menuButton.click();
  for (const label of ["Inicio", "Nosotros", "Productos", "Servicios", "Contacto"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: /Carrito/ })).toBeVisible();
  await screenshot(page, "menu-mobile");
  // A choice: the new page shows, not the menu over it.
  await menu.getByRole("link", { name: "Productos" }).click();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(menu).toBeHidden();

  // Escape closes it and gives the focus back to its button.
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A tap outside closes it too.
  await menuButton.click();
  await expect(menu).toBeVisible();
  // (a spot of the page the open menu does not cover: its left side, low down)
  await page.mouse.click(10, 600);
  await expect(menu).toBeHidden();

  // The cart link goes to the cart.
  await phoneCart.click();
  await expect(page).toHaveURL(/\/carrito$/);
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
