import { tmpdir } from "node:os";
import path from "node:path";

import { expect as baseExpect, test } from "@playwright/test";
import sharp from "sharp";

import { FAKE_MP_WEBHOOK_SECRET } from "../support/fake-payments.js";
import { openHydrated } from "./admin-forms-support";
import {
  addToCart,
  chooseFulfillment,
  finishButton,
  gotoCart,
  PRODUCTS,
  soles,
  uniquePhone,
  whatsappButton,
} from "./cart-support";
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

test("payment methods: the card's provider keys, by provider and mode, before and after the scripts", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion/pagos");
  const cardMethod = page.locator('[data-payment-method="stripe"]');
  await expect(cardMethod.getByText("Modo prueba")).toBeVisible();
  await expect(cardMethod.getByText("Proveedor", { exact: true })).toBeHidden();

  // Active: the provider's own fields, switched by its radio.
  await cardMethod.getByLabel(/activo$/).check();
  await cardMethod.getByLabel("Tarjeta / Yape (Mercado Pago)").check();
  await expect(cardMethod.getByLabel("Access Token")).toBeVisible();
  await expect(cardMethod.getByLabel("Access Token")).toHaveAttribute("type", "password");
  await expect(cardMethod.getByLabel("Clave secreta (Secret key)")).toBeHidden();
  await expect(cardMethod.locator("#stripe-mercadopago-notification-url")).toHaveText(/\/api\/pagos\/mercadopago$/);

  // 'Probar conexión' without a token asks for one, and saves nothing.
  await cardMethod.getByRole("button", { name: "Probar conexión" }).click();
  await expect(cardMethod.locator("#stripe-mercadopago-secretKey-error")).toHaveText(
    "Para probar la conexión, escribe el access token.",
  );

  // A refused save: each error beside its field; the typed token never comes back from the server.
  await cardMethod.getByLabel("Producción (cobros reales)").check();
  await cardMethod.getByLabel("Public Key").fill("pk_test_equivocada");
  await cardMethod.getByLabel("Access Token").fill("TEST-123-token-de-prueba");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(cardMethod.locator("#stripe-mode-error")).toHaveText(
    /^Para cobrar en modo producción la tienda necesita una dirección https \(APP_URL\)\. Hoy es http:\/\/localhost:\d+\.$/,
  );
  await expect(cardMethod.locator("#stripe-mercadopago-publicKey-error")).toHaveText(
    "La clave pública de Mercado Pago empieza con APP_USR- o TEST-.",
  );
  await expect(cardMethod.getByLabel("Public Key")).toHaveValue("pk_test_equivocada");
  await screenshot(page, "admin-payments-online");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-payments-online-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  await cardMethod.getByLabel("Tarjeta (Stripe)").check();
  await expect(cardMethod.getByLabel("Clave secreta (Secret key)")).toBeVisible();
  await expect(cardMethod.getByLabel("Access Token")).toBeHidden();
  await expect(cardMethod.getByLabel("ID de precio (opcional)")).toBeVisible();

  // Before any script: the same choices shown by CSS alone, and a refused save asks for the token again.
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const bare = await noScripts.newPage();
    await bare.goto("/admin/configuracion/pagos");
    const bareCard = bare.locator('[data-payment-method="stripe"]');
    await bareCard.getByLabel(/activo$/).check();
    await bareCard.getByLabel("Tarjeta / Yape (Mercado Pago)").check();
    await expect(bareCard.getByLabel("Access Token")).toBeVisible();
    await bareCard.getByLabel("Access Token").fill("TEST-123-token-de-prueba");
    await bare.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(bareCard.locator("#stripe-mercadopago-publicKey-error")).toHaveText(
      "Para activar el pago en línea, escribe la clave pública.",
    );
    await expect(bareCard.getByLabel("Access Token")).toHaveValue("");
    await expect(bareCard.getByText("No se guardó: por seguridad, escríbela de nuevo.")).toBeVisible();
    expect(await bare.content()).not.toContain("TEST-123-token-de-prueba");
  } finally {
    await noScripts.close();
  }
});

// Issue 45: the owner turns on Mercado Pago (test mode) and a shopper pays by card on its page
// (the local fake the end-to-end server starts, tests/support/fake-payments.js): refused once,
// tried again, approved; the order page says so and the order is paid, by the shop itself.
// Then the owner cancels it with its refund, and the shopper's page tells the money came back.
test("card payment through Mercado Pago: configured by the owner, refused once, paid on the second try", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion/pagos");
  const cardMethod = page.locator('[data-payment-method="stripe"]');
  await cardMethod.getByLabel(/activo$/).check();
  await cardMethod.getByLabel("Tarjeta / Yape (Mercado Pago)").check();
  await cardMethod.getByLabel("Prueba (sandbox)").check();
  await cardMethod.getByLabel("Public Key").fill("TEST-e2e-public-key");
  await cardMethod.getByLabel("Access Token").fill("TEST-e2e-access-token");
  await cardMethod.getByLabel("Clave secreta de notificaciones").fill(FAKE_MP_WEBHOOK_SECRET);
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(toast(page, "Métodos de Pago Actualizados")).toBeVisible();

  const shopper = await browser.newContext({ locale: "es-PE", timezoneId: "America/Lima" });
  try {
    const buyer = await shopper.newPage();
    await addToCart(buyer, PRODUCTS.croquetas.id);
    await gotoCart(buyer);
    await buyer.getByLabel("Nombre completo").fill("Rosa Quispe");
    await buyer.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
    await chooseFulfillment(buyer, { kind: "pickup" });
    await buyer.getByRole("radio", { name: "Tarjeta / Yape (Mercado Pago)" }).check();
    // Paid online, the order is not sent by WhatsApp before it is paid.
    await expect(buyer.getByRole("button", whatsappButton)).toBeHidden();
    await buyer.getByRole("button", finishButton).click();

    // The provider's page, with the order's total.
    await buyer.waitForURL(/\/mp\/checkout\?pref=/);
    await expect(buyer.getByTestId("fake-total")).toHaveText(
      `Total: ${soles(PRODUCTS.croquetas.unitCents).replace(/\u00a0/g, " ")}`,
    );
    await buyer.getByRole("button", { name: "Rechazar" }).click();

    await buyer.waitForURL(/\/pedido\/PED-\d{6,}\?t=.*pago=mercadopago/);
    const state = buyer.getByTestId("online-payment-state");
    await expect(state).toContainText("El pago no se completó");
    await expect(buyer.getByTestId("order-status")).toHaveText("Pendiente de pago");
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.screenshot({ path: "e2e-screens/online-payment-failed-390.png", fullPage: true });
    await buyer.setViewportSize({ width: 1280, height: 720 });
    await buyer.screenshot({ path: "e2e-screens/online-payment-failed.png", fullPage: true });

    await buyer.getByRole("button", { name: "Intentar de nuevo" }).click();
    await buyer.waitForURL(/\/mp\/checkout\?pref=/);
    await buyer.getByRole("button", { name: "Pagar" }).click();
    await buyer.waitForURL(/\/pedido\/PED-\d{6,}/);
    await expect(state).toContainText(/^Pago aprobado el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2} · Visa ••••4242$/);
    await expect(buyer.getByTestId("order-status")).toHaveText("Pagado");
    await expect(buyer.getByRole("button", { name: "Intentar de nuevo" })).toHaveCount(0);
    await buyer.screenshot({ path: "e2e-screens/online-payment-approved.png", fullPage: true });
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.screenshot({ path: "e2e-screens/online-payment-approved-390.png", fullPage: true });

    // The owner's order detail: what the provider reported, and a link to its panel.
    const code = /\/pedido\/(PED-\d{6,})/.exec(buyer.url())![1]!;
    await page.goto(`/admin/pedidos?q=${code}`);
    await page.getByRole("link", { name: code, exact: true }).first().click();
    await expect(page.getByText("automático: pago en línea confirmado")).toBeVisible();
    const online = page.getByTestId("online-payments");
    await expect(online).toContainText(/Mercado Pago · Visa ••••4242 · S\/\u00a0\d+\.\d{2} · Op\. \d+/);
    await expect(online.getByRole("link", { name: "Ver en el panel de Mercado Pago" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.mercadopago\.com\.pe\/activities\?q=\d+$/,
    );
    await page.screenshot({ path: "e2e-screens/admin-order-online-payment.png", fullPage: true });

    // Cancelled by the owner with 'Reembolsar S/ …' (checked): the money goes back through the
    // provider, the detail and the shopper's page say so.
    await page.getByRole("button", { name: "Cancelar pedido" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Motivo de la cancelación").fill("Se agotó el sabor pedido");
    const refundBox = dialog.getByLabel(
      /^Reembolsar S\/\u00a0\d+\.\d{2} al cliente por Mercado Pago \(Visa ••••4242\)$/,
    );
    await expect(refundBox).toBeChecked();
    await expect(dialog.getByLabel("Monto a reembolsar (S/)")).toHaveValue(
      (PRODUCTS.croquetas.unitCents / 100).toFixed(2),
    );
    await page.screenshot({ path: "e2e-screens/admin-order-cancel-refund.png" });
    await dialog.getByRole("button", { name: "Sí, cancelar pedido" }).click();
    await expect(toast(page, "Pedido Actualizado")).toContainText("Se devolvieron");
    await expect(page.getByTestId("payment-refunds")).toContainText(/Reembolsado S\/\u00a0\d+\.\d{2} el /);
    await buyer.reload();
    await expect(buyer.getByTestId("order-status")).toHaveText("Cancelado");
    await expect(buyer.getByTestId("order-refunds")).toContainText(
      /Te devolvimos S\/\u00a0\d+\.\d{2} a tu Visa ••••4242 por Mercado Pago\./,
    );
    await buyer.screenshot({ path: "e2e-screens/online-payment-refunded-390.png", fullPage: true });
    await buyer.setViewportSize({ width: 1280, height: 720 });
    await buyer.screenshot({ path: "e2e-screens/online-payment-refunded.png", fullPage: true });
  } finally {
    await shopper.close();
    // The other specs expect the card method as the seeded shop has it: off.
    await openHydrated(page, "/admin/configuracion/pagos");
    await cardMethod.getByLabel(/activo$/).uncheck();
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(toast(page, "Métodos de Pago Actualizados")).toBeVisible();
  }
});
