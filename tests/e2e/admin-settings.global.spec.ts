import { expect as baseExpect, type Page, test } from "@playwright/test";

import { openHydrated } from "./admin-forms-support";
import {
  addToCart,
  chooseFulfillment,
  gotoCart,
  interceptWhatsApp,
  PRODUCTS,
  uniquePhone,
  waitForOrderPage,
  whatsappButton,
} from "./cart-support";
import { readLatestMail, screenshot, signInAsAdmin, toast } from "./support";

// Changes the shop's contact details, colours and font; each test puts the seeded values back.

// The dev server under load can take a few seconds to answer a form.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ mode: "serial", timeout: 120_000 });

const SEEDED_CONTACT = {
  email: "contacto@patitasfelices.pe",
  phone: "51924810866",
  address: "Av. Primavera 1234, Santiago de Surco, Lima",
  hours: "Lunes a Sábado: 9:00 AM - 7:00 PM\nDomingo: Cerrado",
};

async function fillContact(page: Page, contact: { email: string; phone: string; address: string; hours: string }) {
  await openHydrated(page, "/admin/configuracion/contacto");
  await page.getByLabel("Correo electrónico").fill(contact.email);
  await page.getByLabel("Teléfono / WhatsApp").fill(contact.phone);
  await page.getByLabel("Dirección").fill(contact.address);
  await page.getByLabel("Horario de atención").fill(contact.hours);
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
}

function waNumber(href: string | null): string {
  const url = new URL(href ?? "");
  expect(url.origin).toBe("https://wa.me");
  return url.pathname.slice(1);
}

test("contact information: validated, shown on /contacto and used by every WhatsApp link", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion/contacto");
  await expect(page.getByLabel("Teléfono / WhatsApp")).toHaveValue(/^\d+$/);
  await screenshot(page, "admin-settings-contact");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-settings-contact-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  // One empty field: the spec's message, and the rest of what was typed stays.
  await page.getByLabel("Correo electrónico").fill("");
  await page.getByLabel("Dirección").fill("Jr. Las Flores 456, Miraflores");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(toast(page, "Todos los campos son obligatorios.")).toBeVisible();
  await expect(page.locator("#contactEmail-error")).toHaveText("Todos los campos son obligatorios.");
  await expect(page.getByLabel("Dirección")).toHaveValue("Jr. Las Flores 456, Miraflores");

  try {
    await fillContact(page, {
      email: "hola@patitas-e2e.pe",
      phone: "987 654 321",
      address: "Jr. Las Flores 456, Miraflores",
      hours: "Lunes a Viernes: 10:00 - 18:00\nSábado: 10:00 - 14:00",
    });
    await expect(toast(page, "Información de Contacto Actualizada")).toBeVisible();
    await expect(page.getByLabel("Teléfono / WhatsApp")).toHaveValue("51987654321");

    await page.goto("/contacto");
    const details = page.getByRole("region", { name: "Información de Contacto" });
    await expect(details.getByRole("link", { name: "hola@patitas-e2e.pe" })).toBeVisible();
    await expect(details.getByText("Jr. Las Flores 456, Miraflores")).toBeVisible();
    await expect(details.getByText("Lunes a Viernes:")).toBeVisible();
    await expect(details.getByText("Sábado:")).toBeVisible();
    const contactLink = details.getByRole("link", { name: /\+51 987 654 321/ });
    expect(waNumber(await contactLink.getAttribute("href"))).toBe("51987654321");
    const floating = page.getByRole("link", { name: "Escríbenos por WhatsApp" });
    expect(waNumber(await floating.getAttribute("href"))).toBe("51987654321");
    expect(new URL((await floating.getAttribute("href"))!).searchParams.get("text")).toBe(
      "Hola, quisiera hacer una consulta",
    );
    await screenshot(page, "storefront-contact-after-settings");

    // A service inquiry uses the same number.
    await page.goto("/servicios");
    await page.getByRole("link", { name: /Salud/ }).click();
    await page.getByRole("link", { name: /Prevención/ }).click();
    await page.getByRole("link", { name: /Desparasitación/ }).click();
    const inquiry = page.getByRole("link", { name: "Consultar por WhatsApp" });
    expect(waNumber(await inquiry.getAttribute("href"))).toBe("51987654321");

    // So does the order a shopper sends from the cart (another browser: not the owner's
    // session), and its pickup shows the new address and hours.
    const shopper = await browser.newPage();
    try {
      await addToCart(shopper, PRODUCTS.raton.id);
      await gotoCart(shopper);
      await chooseFulfillment(shopper, { kind: "pickup" });
      const pickup = shopper.getByRole("group", { name: "¿Cómo quieres recibir tu pedido?" });
      await expect(pickup.getByText("Jr. Las Flores 456, Miraflores")).toBeVisible();
      await expect(pickup.getByText("Lunes a Viernes: 10:00 - 18:00", { exact: false })).toBeVisible();
      await shopper.getByRole("radio", { name: /^Plin/ }).check();
      await shopper.getByLabel("Nombre completo").fill("Ana Torres");
      await shopper.getByLabel("Celular (WhatsApp)").fill(uniquePhone());
      const whatsapp = await interceptWhatsApp(shopper);
      await shopper.getByRole("button", whatsappButton).click();
      const code = await waitForOrderPage(shopper);
      const sent = await whatsapp.text;
      expect(sent.phone).toBe("51987654321");
      expect(sent.text).toContain(`Pedido: ${code}`);
      expect(sent.text).toContain("Entrega: Recojo en tienda");
    } finally {
      await shopper.close();
    }
    await page.goto("/");
  } finally {
    await fillContact(page, SEEDED_CONTACT);
    await expect(toast(page, "Información de Contacto Actualizada")).toBeVisible();
  }
  await page.goto("/");
  expect(waNumber(await page.getByRole("link", { name: "Escríbenos por WhatsApp" }).getAttribute("href"))).toBe(
    "51924810866",
  );
});

test("'Correo para avisos': the dashboard names it and the shop's alerts go there instead of the contact e-mail", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard");
  await expect(
    page.getByText(/llegarán a contacto@patitasfelices\.pe cuando el servidor de correo esté configurado/),
  ).toBeVisible();

  await openHydrated(page, "/admin/configuracion/contacto");
  const alertEmail = page.getByLabel("Correo para avisos (opcional)");
  await alertEmail.fill("avisos@");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page.locator("#alertEmail-error")).toHaveText("Escribe un correo electrónico válido.");
  await expect(alertEmail).toHaveValue("avisos@");
  try {
    await alertEmail.fill("avisos@patitas-e2e.pe");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Información de Contacto Actualizada")).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page.getByText(/llegarán a avisos@patitas-e2e\.pe/)).toBeVisible();
    await screenshot(page, "admin-dashboard-alerts");

    const visitor = await browser.newPage();
    try {
      const name = `Avisos ${Date.now()}`;
      await visitor.goto("/contacto");
      const form = visitor.getByRole("form", { name: "Formulario de contacto" });
      await form.getByLabel("Nombre completo").fill(name);
      await form.getByLabel("Correo electrónico").fill("visita@example.pe");
      await form.getByLabel("Asunto").fill("Consulta");
      await form.getByLabel("Mensaje").fill("¿Hacen delivery a Chorrillos?");
      await form.getByRole("button", { name: "Enviar Mensaje" }).click();
      await expect(toast(visitor, "Mensaje Enviado")).toBeVisible();
      const mail = await readLatestMail("avisos@patitas-e2e.pe", `Nuevo mensaje de ${name}`);
      expect(mail).toContain("¿Hacen delivery a Chorrillos?");
    } finally {
      await visitor.close();
    }
  } finally {
    await openHydrated(page, "/admin/configuracion/contacto");
    await page.getByLabel("Correo para avisos (opcional)").fill("");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Información de Contacto Actualizada")).toBeVisible();
  }
});

async function readTheme(page: Page) {
  return page.evaluate(() => ({
    primary: document.documentElement.style.getPropertyValue("--color-primary"),
    font: getComputedStyle(document.body).fontFamily,
  }));
}

test("general settings: only what changed is saved, the colour and font reach the storefront", async ({ page }) => {
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion");
  await expect(page.getByRole("heading", { name: "Configuración General" })).toBeVisible();
  await screenshot(page, "admin-settings-general");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-settings-general-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Nothing changed.
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(toast(page, "Sin cambios")).toBeVisible();
  await expect(toast(page, "No se detectaron cambios para guardar.")).toBeVisible();

  // A bad RUC is refused under its field, and the other typed values stay.
  await page.getByLabel("Color primario", { exact: true }).fill("#aa3366");
  await page.getByLabel("RUC").fill("2060312847");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page.locator("#providerRuc-error")).toHaveText(
    "El RUC debe tener 11 dígitos y empezar con 10, 15, 17 o 20.",
  );
  await expect(page.getByLabel("Color primario", { exact: true })).toHaveValue("#aa3366");
  await screenshot(page, "admin-settings-general-error");

  const before = await (async () => {
    await page.goto("/");
    return readTheme(page);
  })();
  expect(before.primary).toBe("#2ea8a8");
  expect(before.font).toContain("Fredoka");

  try {
    await openHydrated(page, "/admin/configuracion");
    await page.getByLabel("Color primario", { exact: true }).fill("#aa3366");
    await page.getByLabel("Fuente principal").selectOption("Verdana");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Diseño Actualizado")).toBeVisible();

    await page.goto("/");
    const after = await readTheme(page);
    expect(after.primary).toBe("#aa3366");
    expect(after.font).toMatch(/^Verdana/);
    // The brand colour really paints: the hero's button uses it.
    await screenshot(page, "storefront-home-after-design");
  } finally {
    await openHydrated(page, "/admin/configuracion");
    await page.getByLabel("Color primario", { exact: true }).fill("#2ea8a8");
    await page.getByLabel("Fuente principal").selectOption("Fredoka");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Diseño Actualizado")).toBeVisible();
  }
  await page.goto("/");
  expect((await readTheme(page)).primary).toBe("#2ea8a8");
});
