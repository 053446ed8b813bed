import { expect, type Page, test } from "@playwright/test";

import {
  addToCart,
  checkoutForm,
  districtSelect,
  expectSummary,
  finishButton,
  PRODUCTS,
  soles,
  uniquePhone,
  waitForOrderPage,
} from "./cart-support";
import { signInAsAdmin, toast } from "./support";

// Issue 40: on a slow phone the shopper chooses before the scripts arrive. Every choice made
// then (radio, select, checkbox, stepper, text) must still be there once React takes the page
// over, and be what the form sends. The scripts are held back until the choices are made.

/** Holds every script of the page back until `release` is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Waits until React runs the page: the cart's no-JavaScript 'Actualizar' buttons are gone. */
async function waitForHydratedCart(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "Actualizar" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

test("the checkout keeps pickup, Yape and the name chosen before the scripts, and places that order", async ({
  page,
}) => {
  await addToCart(page, PRODUCTS.snack.id);
  const release = await holdScripts(page);
  await page.goto("/carrito", { waitUntil: "domcontentloaded" });
  await page.getByRole("radio", { name: /^Recojo en tienda/ }).check();
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByLabel("Nombre completo").fill("Ana Torres");
  await page.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
  release();
  await waitForHydratedCart(page);

  await expect(page.getByRole("radio", { name: /^Recojo en tienda/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Yape/ })).toBeChecked();
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Ana Torres");
  // React drew the summary from those choices, and the buttons no longer ask for a method.
  await expectSummary(page, [
    ["Productos (1 producto)", soles(PRODUCTS.snack.unitCents)],
    ["Recojo en tienda", "Sin costo"],
    ["Total", soles(PRODUCTS.snack.unitCents)],
  ]);
  await page.getByRole("button", finishButton).click();
  await waitForOrderPage(page);
  await expect(page.getByRole("region", { name: "Entrega y comprobante" })).toContainText("Recojo en tienda");
});

test("the checkout keeps delivery, the district, factura with its RUC and the district's fee", async ({ page }) => {
  await addToCart(page, PRODUCTS.croquetas.id);
  const release = await holdScripts(page);
  await page.goto("/carrito", { waitUntil: "domcontentloaded" });
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await districtSelect(page).selectOption({ label: "Miraflores — S/\u00a07.00" });
  await page.getByLabel("Dirección", { exact: true }).fill("Calle Schell 120");
  await page.getByRole("radio", { name: "Factura", exact: true }).check();
  await page.getByLabel("RUC", { exact: true }).fill("20123456786");
  await page.getByLabel("Razón social").fill("Mascotas del Sur S.A.C.");
  release();
  await waitForHydratedCart(page);

  await expect(page.getByRole("radio", { name: "Delivery", exact: true })).toBeChecked();
  await expect(districtSelect(page).locator("option:checked")).toHaveText("Miraflores — S/\u00a07.00");
  await expect(page.getByLabel("Dirección", { exact: true })).toHaveValue("Calle Schell 120");
  await expect(page.getByRole("radio", { name: "Factura", exact: true })).toBeChecked();
  await expect(page.getByLabel("RUC", { exact: true })).toHaveValue("20123456786");
  await expect(checkoutForm(page).getByText("Costo de envío (Miraflores)")).toBeVisible();
});

test("below a district's minimum the checkout says what is missing as soon as it is chosen", async ({ page }) => {
  await addToCart(page, PRODUCTS.snack.id);
  await page.goto("/carrito");
  await expect(page.getByRole("button", { name: "Actualizar" })).toHaveCount(0);
  await page.getByRole("radio", { name: "Delivery", exact: true }).check();
  await districtSelect(page).selectOption({ label: "Santiago de Surco — S/\u00a010.00" });
  const missing = `Te faltan ${soles(4000 - PRODUCTS.snack.unitCents)} para el pedido mínimo en Santiago de Surco`;
  await expect(checkoutForm(page).getByRole("status").filter({ hasText: missing })).toBeVisible();
  const buttons = checkoutForm(page).getByRole("button", { name: /Finalizar Pedido|WhatsApp|Elige un método de pago/ });
  await expect(buttons).toHaveCount(2);
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
});

test("the product page keeps the size and quantity chosen before the scripts, shows its price, and adds that", async ({
  page,
}) => {
  const food = "Alimento Pro Plan Cachorro Razas Pequeñas";
  await page.goto(`/productos?q=${encodeURIComponent(food)}`);
  const link = await page.getByRole("link", { name: `Ver Detalles: ${food}` }).getAttribute("href");
  const release = await holdScripts(page);
  await page.goto(link!, { waitUntil: "domcontentloaded" });
  const sizes = page.getByRole("group", { name: "Presentación" });
  // Open on the 15 kg bag, then tap the 3 kg one: its price shows at once (CSS), before any script.
  await sizes.getByText("15 kg", { exact: true }).click();
  await expect(page.getByText("S/ 21.99 por kg")).toBeVisible();
  await expect(page.getByText("S/ 26.63 por kg")).toBeHidden();
  await sizes.getByText("3 kg", { exact: true }).click();
  await expect(page.getByText("S/ 26.63 por kg")).toBeVisible();
  await expect(page.getByText("S/ 21.99 por kg")).toBeHidden();
  await page.getByLabel("Cantidad").fill("3");
  release();
  await expect(page.getByRole("button", { name: "Agregar una unidad de " + food })).toBeEnabled();
  await page.waitForLoadState("networkidle");

  await expect(sizes.getByRole("radio", { name: /3 kg/ })).toBeChecked();
  await expect(page.getByLabel("Cantidad")).toHaveValue("3");
  await expect(page.getByText("S/ 26.63 por kg")).toBeVisible();
  await expect(page.getByText("S/ 21.99 por kg")).toBeHidden();
  // The stepper counts from what was typed.
  await page.getByRole("button", { name: `Agregar una unidad de ${food}` }).click();
  await expect(page.getByLabel("Cantidad")).toHaveValue("4");
  await page.getByRole("button", { name: "Agregar al Carrito" }).click();
  await expect(toast(page, `${food} — 3 kg se ha añadido al carrito.`)).toBeVisible();
  await page.goto("/carrito");
  await expect(page.getByRole("spinbutton", { name: `Cantidad de ${food} — 3 kg` })).toHaveValue("4");
});

test("the booking form keeps the species, size, name and time chosen before the scripts", async ({ page }) => {
  await page.goto("/servicios/salud/consultas");
  const link = await page.getByRole("link", { name: "Reservar cita" }).first().getAttribute("href");
  // A day with free times, chosen without scripts (it is a link-like GET step).
  await page.goto(link!);
  const day = await page.locator('button[name="fecha"]').nth(9).getAttribute("value");
  const release = await holdScripts(page);
  await page.goto(`${link}?fecha=${day}`, { waitUntil: "domcontentloaded" });
  await page.getByLabel("Nombre de tu mascota").fill("Michi");
  await page.getByText("Gato", { exact: true }).click();
  const time = page.locator('input[name="time"]').nth(2);
  const timeValue = await time.getAttribute("value");
  await time.check({ force: true });
  await page.getByLabel("Notas (opcional)").fill("Tímida");
  release();
  await expect(page.getByRole("button", { name: "Ver días para este tamaño" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");

  await expect(page.getByLabel("Nombre de tu mascota")).toHaveValue("Michi");
  await expect(page.getByRole("radio", { name: "Gato" })).toBeChecked();
  await expect(page.locator(`input[name="time"][value="${timeValue}"]`)).toBeChecked();
  await expect(page.getByLabel("Notas (opcional)")).toHaveValue("Tímida");
});

test("the booking form keeps a size chosen before the scripts and asks for that size's days", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/reservar/1", { waitUntil: "domcontentloaded" });
  await page.locator('input[name="size"][value="large"]').check();
  await page.getByLabel("Nombre de tu mascota").fill("Rocky");
  release();
  // React asks for the large size's days: the address says so, and the choice and the name stay.
  await expect(page).toHaveURL(/tamano=large/);
  await expect(page.getByRole("button", { name: "Ver días para este tamaño" })).toHaveCount(0);
  await expect(page.locator('input[name="size"][value="large"]')).toBeChecked();
  await expect(page.getByLabel("Nombre de tu mascota")).toHaveValue("Rocky");
});

test("the complaints book keeps the kind, the document type and the minor's box chosen before the scripts", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/libro-reclamaciones", { waitUntil: "domcontentloaded" });
  await page.locator("#reclamo-documentType").selectOption("CE");
  await page.locator("#reclamo-isMinor").check();
  await page.locator('input[name="complaintType"][value="queja"]').check();
  await page.locator("#reclamo-fullName").fill("Carla Núñez");
  await page.locator("#reclamo-guardianFullName").fill("Rosa Núñez");
  release();
  await page.waitForLoadState("networkidle");

  await expect(page.locator("#reclamo-documentType")).toHaveValue("CE");
  await expect(page.locator("#reclamo-isMinor")).toBeChecked();
  await expect(page.locator('input[name="complaintType"][value="queja"]')).toBeChecked();
  await expect(page.locator("#reclamo-fullName")).toHaveValue("Carla Núñez");
  await expect(page.locator("#reclamo-guardianFullName")).toBeVisible();
  await expect(page.locator("#reclamo-guardianFullName")).toHaveValue("Rosa Núñez");
});

test("the back office keeps a family and an offer box chosen before the scripts", async ({ page }) => {
  await signInAsAdmin(page);
  const release = await holdScripts(page);
  await page.goto("/admin/productos/nuevo", { waitUntil: "domcontentloaded" });
  await page.getByLabel(/^Familia/).selectOption({ label: "Gatos" });
  await page
    .getByRole("checkbox", { name: /oferta/i })
    .first()
    .check();
  release();
  await page.waitForLoadState("networkidle");
  // React runs the editor: the category select now lists Gatos' categories.
  await expect(page.getByLabel(/^Categoría/)).toBeEnabled();
  await expect(page.getByLabel(/^Familia/).locator("option:checked")).toHaveText("Gatos");
  await expect(page.getByRole("checkbox", { name: /oferta/i }).first()).toBeChecked();
});
