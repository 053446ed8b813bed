import { expect, test } from "@playwright/test";

import {
  addToCart,
  checkoutForm,
  chooseFulfillment,
  finishButton,
  gotoCart,
  PRODUCTS,
  screenshotFromTop,
  soles,
  uniquePhone,
  waitForOrderPage,
} from "./cart-support";
import { toast } from "./support";

// Issue 44: the demo shop's BIENVENIDA20 (20 % on food, first purchase only) typed at the
// checkout, on a slow phone without JavaScript and with it; the order keeps the discount.

const { croquetas, raton } = PRODUCTS;
const FOOD_OFF = Math.floor((croquetas.unitCents * 20 + 50) / 100);

async function applyCoupon(page: import("@playwright/test").Page, code: string) {
  await page.getByLabel("¿Tienes un cupón?").fill(code);
  await page.getByRole("button", { name: "Aplicar", exact: true }).click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home carousel's 'Usar cupón' keeps BIENVENIDA20 on a new cart, which takes it off the food", async ({
    page,
  }) => {
    await page.goto("/");
    const slide = page.locator('[aria-roledescription="diapositiva"]:not([aria-hidden])');
    await expect(slide.getByRole("heading")).toHaveText("¡Gran Inauguración!");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "e2e-screens/home-coupon-slide-390.png" });
    await slide.getByRole("button", { name: "Usar cupón" }).click();
    await expect(page).toHaveURL(/\/carrito$/);
    await expect(page.getByRole("status")).toContainText(
      "Cupón guardadoEl cupón BIENVENIDA20 quedó en tu carrito: se aplica al hacer tu pedido.",
    );
    await screenshotFromTop(page, "coupon-kept-empty-cart-390");
    await addToCart(page, croquetas.id);
    await page.goto("/carrito");
    await expect(page.getByLabel("¿Tienes un cupón?")).toHaveValue("BIENVENIDA20");
    await expect(checkoutForm(page).locator("dl").first()).toContainText(`Cupón BIENVENIDA20−${soles(FOOD_OFF)}`);
    await expect(page.getByTestId("cart-total")).toHaveText(soles(croquetas.unitCents - FOOD_OFF));
  });

  test("a first purchase gets BIENVENIDA20 on its food, keeps what was typed, and the order carries it", async ({
    page,
  }) => {
    test.slow();
    await addToCart(page, croquetas.id);
    await addToCart(page, raton.id);
    await page.goto("/carrito");
    const phone = uniquePhone();
    await page.getByLabel("Nombre completo").fill("Lucía Paredes");
    await page.getByLabel("Celular (WhatsApp)").fill(phone);
    await applyCoupon(page, "bienvenida20");

    await expect(page.getByText("El cupón BIENVENIDA20 se aplicó a tu pedido.")).toBeVisible();
    await expect(checkoutForm(page).locator("dl").first()).toContainText(`Cupón BIENVENIDA20−${soles(FOOD_OFF)}`);
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Lucía Paredes");
    await expect(page.getByLabel("¿Tienes un cupón?")).toHaveValue("BIENVENIDA20");
    const productsCents = croquetas.unitCents + raton.unitCents;
    await expect(page.getByTestId("cart-total")).toHaveText(soles(productsCents - FOOD_OFF));
    await screenshotFromTop(page, "coupon-applied-no-js");

    await chooseFulfillment(page, { kind: "pickup" });
    await page.getByRole("radio", { name: /Yape/ }).check();
    await page.getByRole("button", finishButton).click();
    await waitForOrderPage(page);
    await expect(page.getByText("Cupón BIENVENIDA20")).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText(soles(productsCents - FOOD_OFF));

    // The same phone again: no longer a first purchase, said beside the box.
    await addToCart(page, croquetas.id);
    await page.goto("/carrito");
    await page.getByLabel("Nombre completo").fill("Lucía Paredes");
    await page.getByLabel("Celular (WhatsApp)").fill(phone);
    await applyCoupon(page, "BIENVENIDA20");
    await expect(page.locator("#checkout-couponCode-message")).toHaveText("Este cupón es solo para tu primera compra.");
    await expect(page.getByTestId("cart-total")).toHaveText(soles(croquetas.unitCents));
    await expect(page.getByLabel("Celular (WhatsApp)")).toHaveValue(phone);
  });
});

test("with JavaScript, the home carousel's 'Usar cupón' keeps BIENVENIDA20 on the cart", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const slide = page.locator('[aria-roledescription="diapositiva"]:not([aria-hidden])');
  await expect(slide).toContainText("Usa el código BIENVENIDA20: 20 % en alimentos en tu primera compra.");
  await page.screenshot({ path: "e2e-screens/home-coupon-slide.png" });
  await slide.getByRole("button", { name: "Usar cupón" }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(toast(page, "El cupón BIENVENIDA20 quedó en tu carrito: se aplica al hacer tu pedido.")).toBeVisible();
  await addToCart(page, croquetas.id);
  await gotoCart(page);
  await expect(page.getByLabel("¿Tienes un cupón?")).toHaveValue("BIENVENIDA20");
  await expect(page.getByTestId("cart-total")).toHaveText(soles(croquetas.unitCents - FOOD_OFF));
});

test("with JavaScript, an unknown code is refused beside the box and a good one updates the total", async ({
  page,
}) => {
  await addToCart(page, croquetas.id);
  await gotoCart(page);
  await page.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
  await applyCoupon(page, "NOEXISTE");
  await expect(page.locator("#checkout-couponCode-message")).toHaveText(
    "No encontramos ese cupón. Revisa que esté bien escrito.",
  );
  await applyCoupon(page, "bienvenida20");
  await expect(page.getByTestId("cart-total")).toHaveText(soles(croquetas.unitCents - FOOD_OFF));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotFromTop(page, "coupon-applied-390");
  await page.getByRole("button", { name: "Quitar", exact: true }).click();
  await expect(page.getByTestId("cart-total")).toHaveText(soles(croquetas.unitCents));
});
