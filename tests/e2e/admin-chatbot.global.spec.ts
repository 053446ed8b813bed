import { expect as baseExpect, type Page, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

// Global: it changes the answers of the chatbot every visitor talks to.

// A development server on a busy machine can take a few seconds per answer.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Opens a page and waits for its scripts, so a click is handled by the app, not lost before hydration. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

/** Opens the storefront's chat on the home page, asks `message` and returns the bot's reply. */
async function ask(page: Page, message: string) {
  await open(page, "/");
  await page.evaluate(() => localStorage.clear());
  await page.getByRole("button", { name: "Abrir asistente virtual" }).click();
  const panel = page.getByRole("dialog", { name: "Asistente Virtual" });
  const input = panel.getByPlaceholder("Escribe tu mensaje...");
  await input.fill(message);
  await input.press("Enter");
  return panel.getByRole("log").locator('[data-sender="bot"]').last();
}

test("a keyword added in the back office is answered by the storefront's chatbot; the order decides", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 100_000;
  const keyword = `hotel canino ${stamp}`;
  const answer = `Cuidamos a tu perro en nuestro hotel canino (${stamp}).`;
  await signInAsAdmin(page);
  await open(page, "/admin/chatbot");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Respuestas del Chatbot");
  await expect(page.getByText("en el orden de esta lista")).toBeVisible();
  const form = page.getByRole("region", { name: "Añadir Nueva Respuesta" });

  await form.getByLabel("Palabras clave (separadas por comas)").fill("   ");
  await form.getByLabel("Respuesta del bot").fill(answer);
  await form.getByRole("button", { name: "Añadir Respuesta" }).click();
  await expect(form.getByText("La palabra clave y la respuesta no pueden estar vacías.")).toBeVisible();
  await expect(form.getByLabel("Respuesta del bot")).toHaveValue(answer);

  await form.getByLabel("Palabras clave (separadas por comas)").fill("HOLA");
  await form.getByRole("button", { name: "Añadir Respuesta" }).click();
  await expect(form.getByText('La palabra clave "hola" ya existe. Edítala o usa otra.')).toBeVisible();

  await form.getByLabel("Palabras clave (separadas por comas)").fill(`  ${keyword.toUpperCase()}  `);
  await form.getByRole("button", { name: "Añadir Respuesta" }).click();
  await expect(toast(page, "Respuesta Añadida")).toBeVisible();
  // Stored trimmed and lower-cased.
  const card = page.locator("li", { has: page.locator(`input[value="${keyword}"]`) });
  await expect(card).toHaveCount(1);
  await expect(form.getByLabel("Respuesta del bot")).toHaveValue("");

  // The fallback is labelled and cannot be deleted.
  const fallback = page.getByRole("region", { name: "Respuesta por defecto" });
  await expect(fallback.getByLabel("Respuesta cuando no se encuentra ninguna palabra clave")).toContainText(
    "Lo siento",
  );
  await expect(fallback.getByRole("button", { name: /Eliminar/ })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-chatbot-desktop");

  // A visitor (another browser) asks, with other case and without the accent.
  const visitor = await browser.newPage();
  await expect(await ask(visitor, `Hola, ¿tienen HOTEL CANINO ${stamp}?`)).toContainText(
    "¡Hola! Soy el asistente virtual",
  );
  await expect(await ask(visitor, `¿tienen hotel canino ${stamp}?`)).toContainText(answer);

  const keywordsInOrder = page
    .getByRole("region", { name: "Palabras clave, en el orden en que se buscan" })
    .getByRole("listitem");
  // 'gracias' one place up, above 'hola': a message with both now gets the thanks.
  await open(page, "/admin/chatbot");
  const keywordField = (index: number) =>
    keywordsInOrder.nth(index).getByRole("textbox", { name: "Palabras clave", exact: true });
  await expect(keywordField(7)).toHaveValue(/^hola,/);
  await expect(keywordField(8)).toHaveValue("gracias");
  const gracias = page.locator("li", { has: page.locator('input[value="gracias"]') });
  await gracias.getByRole("button", { name: "Subir" }).click();
  await expect(keywordField(7)).toHaveValue("gracias");
  // The widget reads the answers through a cache of up to a minute: a new visitor reads them fresh.
  const later = await browser.newPage();
  await expect(await ask(later, "hola, muchas gracias")).toContainText("¡Con gusto!");

  // Editing an answer alone, then putting the order back and deleting the new keyword.
  const edited = `${answer} Reserva tu cita.`;
  await card.getByRole("textbox", { name: "Respuesta", exact: true }).fill(edited);
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page, "Respuesta Actualizada")).toBeVisible();
  await expect(card.getByRole("textbox", { name: "Respuesta", exact: true })).toHaveValue(edited);
  await gracias.getByRole("button", { name: "Bajar" }).click();
  await expect(keywordField(7)).toHaveValue(/^hola,/);

  await card.getByRole("button", { name: `Eliminar la respuesta para "${keyword}"` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Respuesta Eliminada")).toBeVisible();
  await expect(card).toHaveCount(0);
  await visitor.close();
  await later.close();
});

test("the chatbot screen on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await open(page, "/admin/chatbot");
  await expect(page.getByRole("region", { name: "Respuesta por defecto" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-chatbot-mobile");
});
