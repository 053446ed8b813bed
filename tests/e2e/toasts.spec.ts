import { expect, test } from "@playwright/test";

import { signInAsAdmin, toast } from "./support";

test("a toast carried across a redirect disappears after 5 seconds", async ({ page }) => {
  // The page's clock is the test's: the toast's 5 s pass when the test says so.
  await page.clock.install();
  await signInAsAdmin(page);
  const welcome = toast(page, "Inicio de Sesión Exitoso");
  await expect(welcome).toBeVisible();
  await page.clock.runFor(3_500);
  await expect(welcome).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(welcome).toBeHidden();
  // The flash cookie is consumed: reloading does not show it again.
  await page.reload();
  await expect(page.getByText("Inicio de Sesión Exitoso")).toHaveCount(0);
});

test("swiping a toast to the right dismisses it; one toast at a time", async ({ page }) => {
  await page.goto("/admin");
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByLabel("Usuario").fill("admin");
    await page.getByLabel("Contraseña").fill(`equivocada-${attempt}`);
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Ingresar" }).click(),
    ]);
    await expect(toast(page, "Error de Inicio de Sesión")).toHaveCount(1);
  }
  const error = toast(page, "Error de Inicio de Sesión");
  await expect(error).toHaveCount(1);
  const box = (await error.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 20 + step * 15, y);
  await page.mouse.up();
  await expect(error).toBeHidden({ timeout: 2_000 });
});

test("the toast loads with the shopper's first touch, and shows even when its code cannot be fetched", async ({
  page,
}) => {
  const toastCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/toast-view-[\w-]+\.js$/.test(request.url())) toastCode.push(request.url());
  });
  await page.goto("/producto/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A page that is only read does not download the toast.
  await page.waitForTimeout(500);
  expect(toastCode).toEqual([]);

  // The connection drops just as the shopper adds to the cart: the message still shows.
  await page.route(/\/assets\/toast-view-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole("button", { name: "Agregar al Carrito" }).click();
  const added = toast(page, "¡Producto Agregado!");
  await expect(added).toBeVisible();
  await expect(added).toContainText("se ha añadido al carrito");
  expect(toastCode.length).toBeGreaterThan(0);
  // The page itself is intact (no error page), and the message goes after 5 seconds.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(added).toBeHidden({ timeout: 7_000 });
});
