import { expect, test } from "@playwright/test";

import {
  addToCart,
  chooseFulfillment,
  finishButton,
  gotoCart,
  PRODUCTS,
  soles,
  uniquePhone,
  waitForOrderPage,
} from "./cart-support";
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
  // The message is the field's own (its aria-describedby), whatever toast or live region repeats it.
  await expect(page.getByLabel("Porcentaje (%)")).toHaveAccessibleDescription(
    /El porcentaje debe estar entre 1 y 100\./,
  );
  await expect(page.getByLabel("Porcentaje (%)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("El porcentaje debe estar entre 1 y 100.").first()).toBeVisible();
  await page.getByLabel("Porcentaje (%)").fill("15");
  await page.getByRole("button", { name: "Crear descuento" }).click();
  await expect(page.getByLabel("Código del cupón")).toHaveAccessibleDescription(/El código ya existe\./);
  await expect(page.getByText("El código ya existe.").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "e2e-screens/admin-discount-editor-390.png", fullPage: true });
  await page.getByLabel("Código del cupón").fill("ANIVERSARIO15");
  await page.getByRole("button", { name: "Crear descuento" }).click();
  await expect(page.getByText("Cupón ANIVERSARIO15")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor shows the field of the type chosen, and single products by SKU or name", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/descuentos/nuevo");
    const percent = page.getByLabel("Porcentaje (%)");
    const amount = page.getByLabel("Monto (S/)");
    const code = page.getByLabel("Código del cupón");
    await expect(percent).toBeVisible();
    await expect(amount).toBeHidden();
    await page.getByRole("radio", { name: "Monto fijo" }).check();
    await expect(amount).toBeVisible();
    await expect(percent).toBeHidden();
    await page.getByRole("radio", { name: "Delivery gratis" }).check();
    await expect(amount).toBeHidden();
    await expect(percent).toBeHidden();
    await page.getByRole("radio", { name: /^Automático/ }).check();
    await expect(code).toBeHidden();
    await page.getByRole("radio", { name: /^Con un código/ }).check();
    await expect(code).toBeVisible();

    await page.getByRole("radio", { name: "Monto fijo" }).check();
    await page.getByLabel("Nombre").fill("Juguetes para gatos");
    await code.fill("GATOS5");
    await amount.fill("5");
    const productsBox = page.getByLabel("Productos", { exact: true });
    await productsBox.fill(`${PRODUCTS.raton.title}\nJUGUETE-INVENTADO`);
    await page.getByRole("button", { name: "Crear descuento" }).click();
    await expect(page.getByText("No encontramos este producto: «JUGUETE-INVENTADO».")).toBeVisible();
    // Everything typed is still there, and the type chosen still shows its field.
    await expect(productsBox).toHaveValue(`${PRODUCTS.raton.title}\nJUGUETE-INVENTADO`);
    await expect(amount).toHaveValue("5");
    await expect(percent).toBeHidden();
    await page.screenshot({ path: "e2e-screens/admin-discount-editor-products.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e-screens/admin-discount-editor-products-390.png", fullPage: true });

    await productsBox.fill(`${PRODUCTS.raton.title}\npp-cach-3`);
    await page.getByRole("button", { name: "Crear descuento" }).click();
    await expect(page.getByText("Cupón GATOS5")).toBeVisible();
    await page.getByRole("link", { name: "Editar Juguetes para gatos" }).click();
    await expect(productsBox).toHaveValue(/Ratón de Juguete con Catnip/);
    await expect(productsBox).toHaveValue(/Alimento Pro Plan Cachorro Razas Pequeñas/);
    await expect(amount).toBeVisible();
  });
});

test("a discount's page lists the orders that used it, each linked to the order", async ({ page }) => {
  const { croquetas } = PRODUCTS;
  const off = Math.floor((croquetas.unitCents * 20 + 50) / 100);
  await addToCart(page, croquetas.id);
  await gotoCart(page);
  await page.getByLabel("Nombre completo").fill("Marta Ríos");
  await page.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
  await page.getByLabel("¿Tienes un cupón?").fill("BIENVENIDA20");
  await page.getByRole("button", { name: "Aplicar", exact: true }).click();
  await expect(page.getByTestId("cart-total")).toHaveText(soles(croquetas.unitCents - off));
  await chooseFulfillment(page, { kind: "pickup" });
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByRole("button", finishButton).click();
  const code = await waitForOrderPage(page);

  await signInAsAdmin(page);
  await page.goto("/admin/descuentos");
  await page.getByRole("link", { name: "Bienvenida: 20 % en alimentos", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bienvenida: 20 % en alimentos" })).toBeVisible();
  await expect(page.getByText("Cupón BIENVENIDA20 · 20 %")).toBeVisible();
  await expect(page.getByText("Pedidos que lo usaron")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Marta Ríos");
  await expect(row).toContainText(soles(off));
  await expect(row).toContainText(soles(croquetas.unitCents - off));
  await expect(row).toContainText("Pendiente de pago");
  await page.screenshot({ path: "e2e-screens/admin-discount-detail.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "e2e-screens/admin-discount-detail-390.png", fullPage: true });
  await row.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { name: `Pedido ${code}` })).toBeVisible();
  await expect(page.getByText("Cupón BIENVENIDA20").first()).toBeVisible();
});
