// The shopper's order page (/pedido/{code}, issue 24): checkout lands there, it tells how and
// until when to pay, takes the payment receipt (a picture larger than any form, through the
// server's front door), and is a 404 for anyone else; the link in the WhatsApp message opens
// it on another device.
//
// It places its order through the cart's checkout, written for the new checkout of issue 24
// ('Finalizar Pedido' redirects to /pedido/{code}, '?abrir=1' for the WhatsApp button).
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { addToCart, gotoCart, interceptWhatsApp, PRODUCTS } from "./cart-support";
import { e2eDataDir } from "./support";

const { raton } = PRODUCTS;
const ORDER_PAGE = /\/pedido\/(PED-\d{6,})$/;

/** Places a pickup order paid with Yape through the checkout; answers its code. */
async function placeOrder(page: Page): Promise<string> {
  await addToCart(page, raton.id);
  await gotoCart(page);
  const pickup = page.getByRole("radio", { name: /Recojo en tienda/ });
  if ((await pickup.count()) > 0) await pickup.check();
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByLabel("Nombre completo").fill("Lucía Ramos");
  await page.getByLabel(/Celular/).fill("987 654 321");
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  await page.waitForURL(ORDER_PAGE);
  return ORDER_PAGE.exec(new URL(page.url()).pathname)![1]!;
}

/** A PNG of random pixels: some 400 KB, far over the 64 KB a shopper's form may send. */
async function noisyPng(): Promise<Buffer> {
  const size = 360;
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

function receiptFiles(): string[] {
  try {
    return readdirSync(path.join(e2eDataDir(), "receipts"));
  } catch {
    return [];
  }
}

test("the order page shows how to pay, takes the receipt, and is closed to others", async ({ page, browser }) => {
  test.slow();
  const code = await placeOrder(page);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Pendiente de pago");
  await expect(page.getByText(/Reservamos tus productos hasta el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByTestId("payment-details")).toContainText("Yapea al 924 810 866");
  await expect(page.getByText(raton.title)).toBeVisible();
  const whatsappLink = page.getByRole("link", { name: "Enviar Pedido por WhatsApp" });
  await expect(whatsappLink).toHaveAttribute("href", /^https:\/\/wa\.me\/51924810866\?text=/);

  // Nothing sent: the message beside the picture. A text file named .jpg: refused, the number kept.
  const receiptForm = page.getByRole("form", { name: "Subir comprobante de pago" });
  await page.getByRole("button", { name: "Enviar comprobante" }).click();
  await expect(
    receiptForm.getByText("Sube la imagen de tu comprobante o escribe el número de operación."),
  ).toBeVisible();
  await page.getByLabel("Número de operación").fill("OP 556677");
  await page.getByLabel("Imagen del comprobante").setInputFiles({
    name: "pago.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("esto no es una imagen"),
  });
  await page.getByRole("button", { name: "Enviar comprobante" }).click();
  await expect(receiptForm.getByText("El archivo no es una imagen válida.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Número de operación")).toHaveValue("OP 556677");

  // A real picture of some 400 KB goes through and is kept privately.
  const before = receiptFiles();
  await page
    .getByLabel("Imagen del comprobante")
    .setInputFiles({ name: "yape.png", mimeType: "image/png", buffer: await noisyPng() });
  await page.getByRole("button", { name: "Enviar comprobante" }).click();
  const sent = page.getByTestId("sent-receipt");
  await expect(sent.getByRole("status")).toHaveText(
    "Recibimos tu comprobante. Te avisaremos cuando confirmemos el pago.",
  );
  await expect(sent.getByText("Número de operación: OP 556677")).toBeVisible();
  expect(receiptFiles().filter((file) => !before.includes(file))).toHaveLength(1);
  const imageHref = await page.getByRole("link", { name: "Ver la imagen enviada" }).getAttribute("href");
  const image = await page.request.get(imageHref!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toBe("private, no-store");

  // Another browser: 404 for the page and the picture; a picture-sized post is refused unread.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const response = await other.goto(`/pedido/${code}`);
  expect(response?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  expect((await other.request.get(imageHref!)).status()).toBe(404);
  const post = await other.request.post(`/pedido/${code}`, {
    multipart: { operation: "1", receipt: { name: "x.png", mimeType: "image/png", buffer: await noisyPng() } },
  });
  expect(post.status()).toBe(413);
  const small = await other.request.post(`/pedido/${code}`, { multipart: { operation: "123" } });
  expect(small.status()).toBe(404);

  // The link in the WhatsApp message opens the page anywhere, and sends its receipts too.
  const message = new URL((await whatsappLink.getAttribute("href"))!).searchParams.get("text") ?? "";
  const link = /https?:\/\/\S+\/pedido\/PED-\d+\?t=[\w-]+/.exec(message)?.[0];
  expect(link).toBeDefined();
  const byLink = new URL(link!);
  await other.goto(`${byLink.pathname}${byLink.search}`);
  await expect(other.getByRole("heading", { level: 1, name: `Pedido ${code}` })).toBeVisible();
  await other.getByLabel("Número de operación").fill("OP 998877");
  await other.getByRole("button", { name: "Enviar comprobante" }).click();
  await expect(other.getByTestId("sent-receipt").getByText("Número de operación: OP 998877")).toBeVisible();
  expect(new URL(other.url()).search).toBe(byLink.search);
  await stranger.close();
});

test("'?abrir=1' opens WhatsApp once with the order's message", async ({ page }) => {
  const code = await placeOrder(page);
  const whatsapp = await interceptWhatsApp(page);
  await page.goto(`/pedido/${code}?abrir=1`);
  await expect(page.getByText("Abriendo WhatsApp con el detalle de tu pedido…")).toBeVisible();
  const { text } = await whatsapp.text;
  expect(text).toContain(code);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/pedido/${code}$`));
  await expect(page.getByText("Envíanos el detalle por WhatsApp para coordinar el pago y la entrega.")).toBeVisible();
});
