// Issue 25 item 7: the shop is told by e-mail of every new order, complaint and contact message,
// with a link to it in the back office. The test server has no SMTP_URL, so the alerts land in
// the outbox, addressed to the shop's contact e-mail (no 'Correo para avisos' is set).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, type Page, test } from "@playwright/test";

import { addToCart, gotoCart, PRODUCTS } from "./cart-support";
import { e2eDataDir, readLatestMail, signInAsAdmin, toast } from "./support";

const SHOP_EMAIL = "contacto@patitasfelices.pe";

/** How many e-mails in the test server's outbox go to `to` and contain `text` (in their body). */
function countMails(to: string, text: string): number {
  const outbox = path.join(e2eDataDir(), "outbox");
  return readdirSync(outbox)
    .map((file) => readFileSync(path.join(outbox, file), "utf8"))
    .filter((raw) => raw.includes(`To: ${to}`) && raw.replace(/=\r?\n/g, "").includes(text)).length;
}

/** The back-office link of an alert, as a path of the test server. */
function adminLink(mail: string): string {
  const url = /http:\/\/\S+?\/admin\/\S+/.exec(mail)?.[0];
  if (!url) throw new Error(`No back-office link in:\n${mail}`);
  return new URL(url).pathname;
}

async function placePickupOrder(page: Page, name: string): Promise<string> {
  await addToCart(page, PRODUCTS.raton.id);
  await gotoCart(page);
  const pickup = page.getByRole("radio", { name: /Recojo en tienda/ });
  if ((await pickup.count()) > 0) await pickup.check();
  await page.getByRole("radio", { name: /Yape/ }).check();
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel(/Celular/).fill("987 654 321");
  await page.getByRole("button", { name: "Finalizar Pedido" }).click();
  await page.waitForURL(/\/pedido\/PED-\d{6,}$/);
  return /PED-\d{6,}/.exec(page.url())![0];
}

test("a new order e-mails the shop once, with a link that opens it in the back office", async ({ page, browser }) => {
  const name = `Alerta Pedido ${Date.now()}`;
  const code = await placePickupOrder(page, name);
  const mail = await readLatestMail(SHOP_EMAIL, `Nuevo pedido ${code}`);
  expect(mail).toContain(`${name} (987 654 321) hizo un pedido por S/`);
  expect(mail).toContain("Pago: Yape");
  expect(mail).toContain("Ratón de Juguete con Catnip");
  // Once: the minute's loop and the send after the response never both mail it.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(countMails(SHOP_EMAIL, `Nuevo pedido ${code}`)).toBe(1);

  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto(adminLink(mail));
  await expect(admin.getByRole("heading", { level: 1, name: new RegExp(code) })).toBeVisible();
  await admin.close();
});

test("a contact message e-mails the shop with the sender and the message", async ({ page }) => {
  const name = `Rosa Alerta ${Date.now()}`;
  await page.goto("/contacto");
  const form = page.getByRole("form", { name: "Formulario de contacto" });
  await form.getByLabel("Nombre completo").fill(name);
  await form.getByLabel("Correo electrónico").fill("rosa.alerta@example.pe");
  await form.getByLabel("Asunto").fill("Arena para gatos");
  await form.getByLabel("Mensaje").fill("¿Tienen arena aglomerante de 10 kg?");
  await form.getByRole("button", { name: "Enviar Mensaje" }).click();
  await expect(toast(page, "Mensaje Enviado")).toBeVisible();

  const mail = await readLatestMail(SHOP_EMAIL, `Nuevo mensaje de ${name}: Arena para gatos`);
  expect(mail).toContain("De: " + name + " <rosa.alerta@example.pe>");
  expect(mail).toContain("¿Tienen arena aglomerante de 10 kg?");
  expect(adminLink(mail)).toBe("/admin/mensajes");
});

test("a complaint e-mails the shop its code and legal deadline, with a link to answer it", async ({
  page,
  browser,
}) => {
  test.slow();
  const name = `Lucía Alerta ${Date.now()}`;
  await page.goto("/libro-reclamaciones");
  await page.getByLabel("Nombre completo", { exact: true }).fill(name);
  await page.getByLabel("Número de documento").fill("71234567");
  await page.getByLabel("Teléfono").fill("987 654 321");
  await page.getByLabel("Correo electrónico").fill("lucia@example.pe");
  await page.getByLabel("Dirección").fill("Calle Las Flores 123, Surco");
  await page.getByLabel("Detalle de la reclamación").fill("Me atendieron con mucha demora.");
  await page.getByLabel("Pedido del consumidor").fill("Que mejoren la atención.");
  await page.getByLabel(/Acepto los términos y condiciones/).check();
  await page.getByRole("button", { name: "Enviar Reclamación" }).click();
  const code = (await page.getByTestId("complaint-code").textContent())!.trim();
  expect(code).toMatch(/^\d{4}-\d{6}$/);

  const mail = await readLatestMail(SHOP_EMAIL, `Libro de Reclamaciones: ${code}`);
  expect(mail).toContain(`${name} registró un reclamo.`);
  expect(mail).toMatch(/Plazo legal: respóndela hasta el \S+, \d+ de \S+ de \d{4} \(15 días hábiles\)\./);

  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto(adminLink(mail));
  await expect(admin.getByText(code).first()).toBeVisible();
  await expect(admin.getByText(name).first()).toBeVisible();
  await admin.close();
});
