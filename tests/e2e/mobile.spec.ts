import { expect, test } from "@playwright/test";
import { screenshot } from "./support";

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
