import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

// Issue 25 item 8: the chatbot reads a shopper's words the way search does (accents, plurals,
// typos, the owner's synonyms) and answers with the shop's live facts. On a desktop viewport:
// the floating buttons on phones are another change's business.

// A production server on a busy machine can take a few seconds per answer.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ viewport: { width: 1366, height: 900 } });

/** The storefront's chat, opened on the home page with a fresh history. */
async function openChat(page: Page) {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => localStorage.clear());
  await page.getByRole("button", { name: "Abrir asistente virtual" }).click();
  const panel = page.getByRole("dialog", { name: "Asistente Virtual" });
  await expect(panel.getByRole("log").locator('[data-sender="bot"]').first()).toContainText("¡Hola!");
  const input = panel.getByPlaceholder("Escribe tu mensaje...");
  return {
    panel,
    /** Sends `message` and returns the bot's reply to it. */
    async ask(message: string) {
      const replies = panel.getByRole("log").locator('[data-sender="bot"]');
      const count = await replies.count();
      await input.fill(message);
      await input.press("Enter");
      await expect(replies).toHaveCount(count + 1);
      return replies.last();
    },
  };
}

test("the demo shop's chatbot understands everyday questions and answers with live facts", async ({ page }) => {
  const chat = await openChat(page);
  await expect(await chat.ask("donde estan ubicados")).toContainText(
    "Estamos en Av. Primavera 1234, Santiago de Surco, Lima.",
  );
  await expect(await chat.ask("aceptan yape")).toContainText("Aceptamos Yape, Plin y Transferencia Bancaria.");
  await expect(await chat.ask("quiero agendar un baño")).toContainText(
    "Para agendar una cita escríbenos por WhatsApp al +51 924 810 866.",
  );
  await expect(await chat.ask("precio de croquetas")).toContainText("los precios y presentaciones");
  await page.screenshot({ path: "e2e-screens/chatbot-understands-four-questions.png" });
  // A typo, a greeting first, and the fees of the delivery settings.
  await expect(await chat.ask("Hola, ¿a qué ora abren?")).toContainText("Lunes a Sábado: 9:00 AM - 7:00 PM");
  const delivery = await chat.ask("¿cuánto cobran por el delibery?");
  await expect(delivery).toContainText("Miraflores: S/ 7.00 (gratis desde S/ 100.00)");
  await expect(delivery).toContainText("Recojo en tienda: gratis");
  await expect(await chat.ask("xyzzy plugh")).toContainText("Lo siento, no entendí tu pregunta.");
  await expect(chat.panel.getByRole("log").locator("[data-sender]").last()).toBeInViewport();
  await page.screenshot({ path: "e2e-screens/chatbot-understands-desktop.png" });
});

/** A new visitor (its own browser context, so no cached answers) asks one question. */
async function askAsVisitor(browser: Browser, message: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const chat = await openChat(await context.newPage());
  const reply = (await chat.ask(message)).textContent();
  return { reply: await reply, close: () => context.close() };
}

test("a synonym group added in /admin/busqueda is understood by the chatbot", async ({ browser, page }) => {
  test.slow();
  const question = "¿venden ropita para perros?";
  const before = await askAsVisitor(browser, question);
  expect(before.reply).toContain("Lo siento, no entendí tu pregunta.");
  await before.close();

  await signInAsAdmin(page);
  await page.goto("/admin/busqueda");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Búsqueda");
  await expect(page.getByRole("heading", { name: "Sinónimos", exact: true })).toBeVisible();
  const form = page.getByRole("region", { name: "Añadir grupo de sinónimos" });
  const field = form.getByLabel("Palabras que significan lo mismo, separadas por comas");
  await field.fill("Ropita");
  await form.getByRole("button", { name: "Añadir Grupo" }).click();
  await expect(form.getByText("Escribe al menos dos palabras distintas, separadas por comas.")).toBeVisible();
  await expect(field).toHaveValue("Ropita");

  await field.fill("Productos, ropita, ropa para mascotas");
  await form.getByRole("button", { name: "Añadir Grupo" }).click();
  await expect(toast(page, "Sinónimos Guardados")).toBeVisible();
  await expect(field).toHaveValue("");
  const group = page.getByRole("listitem").filter({ has: page.locator('input[value^="productos, ropita"]') });
  await expect(group).toHaveCount(1);
  await screenshot(page, "admin-search-synonyms");

  const after = await askAsVisitor(browser, question);
  expect(after.reply).toContain("Encuentra los precios y presentaciones en la sección Productos.");
  await after.close();

  // Deleted again, so the other specs meet the seeded shop.
  await group.getByRole("button", { name: /^Eliminar el grupo/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Sinónimos Eliminados")).toBeVisible();
  await expect(group).toHaveCount(0);
});
