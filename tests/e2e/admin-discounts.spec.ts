import { expect, test } from "@playwright/test";

import { signInAsAdmin } from "./support";

test("the owner creates a coupon, is told what is wrong, and sees it in the list", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/descuentos");
  await expect(page.getByRole("heading", { name: "Descuentos" })).toBeVisible();
  await expect(page.getByText("Cupón BIENVENIDA20")).toBeVisible();
  await page.screenshot({ path: "e2e-screens/admin-discounts-list.png", fullPage: true });
  await page.getByRole("link", { name: "Nuevo descuento" }).click();
  await page.getByLabel("Nombre").fill("Aniversario");
  await page.getByLabel("Código del cupón").fill("BIENVENIDA20");
  await page.getByLabel("Porcentaje (%)").fill("150");
  await page.getByRole("button", { name: "Crear descuento" }).click();
  await expect(page.getByText("El porcentaje debe estar entre 1 y 100.")).toBeVisible();
  await page.getByLabel("Porcentaje (%)").fill("15");
  await page.getByRole("button", { name: "Crear descuento" }).click();
  await expect(page.getByText("El código ya existe.").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "e2e-screens/admin-discount-editor-390.png", fullPage: true });
  await page.getByLabel("Código del cupón").fill("ANIVERSARIO15");
  await page.getByRole("button", { name: "Crear descuento" }).click();
  await expect(page.getByText("Cupón ANIVERSARIO15")).toBeVisible();
});
