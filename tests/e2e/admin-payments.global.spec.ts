import { tmpdir } from "node:os";
import path from "node:path";

import { expect as baseExpect, test } from "@playwright/test";
import sharp from "sharp";

import { openHydrated } from "./admin-forms-support";
import { addToCart, gotoCart, PRODUCTS } from "./cart-support";
import { screenshot, signInAsAdmin, toast } from "./support";

// Adds a payment method and a QR code for Yape, checks the cart offers them, then removes both.

// The dev server under load can take a few seconds to answer a form.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ mode: "serial", timeout: 150_000 });

const qrPath = path.join(tmpdir(), `patitas-e2e-qr-${process.pid}.png`);

test.beforeAll(async () => {
  // A QR-like black and white square, through the real image pipeline.
  const cells = Array.from({ length: 64 }, (_, i) =>
    (i * 7) % 3 === 0 ? `<rect x="${(i % 8) * 40}" y="${Math.floor(i / 8) * 40}" width="40" height="40"/>` : "",
  ).join("");
  await sharp({ create: { width: 320, height: 320, channels: 3, background: "#ffffff" } })
    .composite([{ input: Buffer.from(`<svg width="320" height="320">${cells}</svg>`) }])
    .png()
    .toFile(qrPath);
});

test("payment methods: add one, give Yape a QR, see both in the cart, delete the new one", async ({ page }) => {
  const name = `Contra Entrega ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion/pagos");
  await expect(page.getByRole("heading", { name: "Métodos de Pago", level: 1 })).toBeVisible();
  // Default methods have no delete button.
  await expect(page.getByRole("button", { name: /Eliminar el método de pago «Yape»/ })).toHaveCount(0);
  await screenshot(page, "admin-payments");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-payments-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The add form's rules.
  const addButton = page.getByRole("button", { name: "Añadir Método de Pago" });
  await page.getByLabel("Detalles (opcional)").fill("Se conserva");
  await addButton.click();
  await expect(page.locator("#new-method-name-error")).toHaveText("El nombre del nuevo método de pago es obligatorio.");
  await expect(page.getByLabel("Detalles (opcional)")).toHaveValue("Se conserva");
  await page.getByLabel("Nombre", { exact: true }).fill(" YAPE ");
  await addButton.click();
  await expect(page.locator("#new-method-name-error")).toHaveText("Ya existe un método de pago con un nombre similar.");

  await page.getByLabel("Nombre", { exact: true }).fill(name);
  await page.getByLabel("Detalles (opcional)").fill("Pagas en efectivo al recibir tu pedido.");
  await addButton.click();
  await expect(toast(page, "Método de Pago Añadido")).toBeVisible();

  try {
    // A QR for Yape.
    await openHydrated(page, "/admin/configuracion/pagos");
    const yape = page.locator('[data-payment-method="yape"]');
    await yape.locator('input[type="file"]').setInputFiles(qrPath);
    await expect(yape.getByRole("img", { name: "Vista previa" })).toHaveAttribute(
      "src",
      /^\/uploads\/[a-f0-9]{32}-1280\.webp$/,
    );
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(toast(page, "Métodos de Pago Actualizados")).toBeVisible();

    // The cart offers the new method with its details, and shows Yape's QR once Yape is picked.
    await addToCart(page, PRODUCTS.snack.id);
    await gotoCart(page);
    await expect(page.getByRole("radio", { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText("Pagas en efectivo al recibir tu pedido.")).toBeVisible();
    const qr = page.getByRole("img", { name: "Código QR de Yape" });
    await expect(qr).toBeHidden();
    await page.getByRole("radio", { name: /^Yape/ }).check();
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}-1280\.webp$/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, "cart-payment-qr");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "cart-payment-qr-390");
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("radio", { name: /^Plin/ }).check();
    await expect(qr).toBeHidden();
  } finally {
    // Delete the added method; take Yape's QR away again; empty the cart.
    await openHydrated(page, "/admin/configuracion/pagos");
    await page.getByRole("button", { name: `Eliminar el método de pago «${name}»` }).click();
    await expect(page.getByRole("alertdialog")).toContainText(name);
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(toast(page, "Método de Pago Eliminado")).toBeVisible();
    await expect(page.getByRole("heading", { name, level: 3 })).toHaveCount(0);

    await openHydrated(page, "/admin/configuracion/pagos");
    const yape = page.locator('[data-payment-method="yape"]');
    if ((await yape.getByRole("button", { name: "Quitar imagen" }).count()) > 0) {
      await yape.getByRole("button", { name: "Quitar imagen" }).click();
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(toast(page, "Métodos de Pago Actualizados")).toBeVisible();
    }
    await page.request.post("/carrito", { form: { intent: "clear" } });
  }

  await gotoCart(page);
  await addToCart(page, PRODUCTS.snack.id);
  await gotoCart(page);
  await expect(page.getByRole("radio", { name: new RegExp(name) })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Código QR de Yape" })).toHaveCount(0);
  await page.request.post("/carrito", { form: { intent: "clear" } });
});
