import path from "node:path";

import { expect as baseExpect, type Page, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

// Global: it changes the home carousel every visitor sees.

// A development server on a busy machine can take a few seconds per answer.
const expect = baseExpect.configure({ timeout: 15_000 });
const IMAGE = path.join(process.cwd(), "public/images/promotions/gran-inauguracion.webp");

/** Opens a page and waits for its scripts, so a click is handled by the app, not lost before hydration. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

function slides(page: Page) {
  return page.getByRole("region", { name: "Promociones" }).locator('[aria-roledescription="diapositiva"]');
}

test("an active promotion appears in the carousel, first once moved up, and leaves it when made inactive", async ({
  page,
}) => {
  test.slow();
  const title = `Semana del Gato ${Date.now() % 100_000}`;
  await signInAsAdmin(page);
  await open(page, "/admin/promociones");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promociones del Carrusel");
  const form = page.getByRole("region", { name: "Añadir Nueva Promoción" });

  // Refused input keeps what was typed.
  await form.getByLabel("Descripción (opcional)").fill("Juguetes y snacks con 15% de descuento.");
  await form.getByLabel("Enlace (URL)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Añadir Promoción" }).click();
  await expect(form.getByText("El título es obligatorio.")).toBeVisible();
  // The spec titles the promotion's messages 'Error' (section 8), not 'Error de Validación'.
  await expect(toast(page, "El título es obligatorio.")).toContainText(/^Error/);
  await expect(toast(page, "El título es obligatorio.")).not.toContainText("Validación");
  await expect(form.getByLabel("Descripción (opcional)")).toHaveValue("Juguetes y snacks con 15% de descuento.");
  await form.getByLabel("Título").fill(title);
  await form.getByRole("button", { name: "Añadir Promoción" }).click();
  await expect(form.getByText("El título es obligatorio.")).toHaveCount(0);
  await expect(
    form.getByText(
      "El enlace debe ser una ruta de la tienda (por ejemplo /productos) o una dirección que empiece con https://.",
    ),
  ).toBeVisible();

  await form.getByLabel("Enlace (URL)").fill("/productos/gatos");
  await form.locator('input[type="file"]').setInputFiles(IMAGE);
  await expect(form.getByRole("img", { name: "Vista previa" })).toBeVisible();
  await form.getByLabel("Texto alternativo de la imagen").fill("Gato jugando con un ratón de juguete");
  await form.getByLabel("Texto del botón").fill("Ver Gatos");
  await expect(form.getByLabel("Activa (Mostrar en el carrusel)")).toBeChecked();
  await form.getByRole("button", { name: "Añadir Promoción" }).click();
  await expect(toast(page, "Promoción Añadida")).toContainText(`La promoción "${title}" ha sido añadida.`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Activa");
  await expect(form.getByLabel("Título")).toHaveValue("");

  await open(page, "/");
  await expect(slides(page).filter({ hasText: title })).toHaveCount(1);
  await expect(slides(page).first()).not.toContainText(title);

  // Step by step up (row 0 is the header): it becomes the first slide.
  await open(page, "/admin/promociones");
  const rows = page.getByRole("row");
  const start = (await rows.allTextContents()).findIndex((text) => text.includes(title));
  expect(start).toBeGreaterThan(1);
  for (let position = start; position > 1; position--) {
    await row.getByRole("button", { name: "Subir" }).click();
    await expect(rows.nth(position - 1)).toContainText(title);
  }
  await expect(row.getByRole("button", { name: "Subir" })).toBeDisabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-promotions-desktop");

  await open(page, "/");
  const first = slides(page).first();
  await expect(first.getByRole("heading")).toHaveText(title);
  await expect(first.getByRole("link", { name: "Ver Gatos" })).toHaveAttribute("href", "/productos/gatos");
  await expect(first.locator("img")).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}-\d+\.webp$/);

  // Edit: the form loads it; cancel leaves edit mode; saving it inactive dims the row.
  await open(page, "/admin/promociones");
  await row.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page).toHaveURL(/\?editar=\d+$/);
  const editForm = page.getByRole("region", { name: "Editar Promoción" });
  await expect(editForm.getByLabel("Título")).toHaveValue(title);
  await editForm.getByRole("link", { name: "Cancelar Edición" }).click();
  await expect(page.getByRole("region", { name: "Añadir Nueva Promoción" })).toBeVisible();
  await row.getByRole("link", { name: `Editar ${title}` }).click();
  await editForm.getByLabel("Activa (Mostrar en el carrusel)").uncheck();
  await editForm.getByRole("button", { name: "Actualizar Promoción" }).click();
  await expect(toast(page, "Promoción Actualizada")).toContainText(`La promoción "${title}" ha sido actualizada.`);
  await expect(page).toHaveURL(/\/admin\/promociones$/);
  await expect(row).toContainText("Inactiva");
  await expect(row).toHaveClass(/opacity-60/);

  await open(page, "/");
  await expect(slides(page).filter({ hasText: title })).toHaveCount(0);
  await expect(slides(page).first().getByRole("heading")).toHaveText("¡Gran Inauguración!");

  // Delete, asking first.
  await open(page, "/admin/promociones");
  await row.getByRole("button", { name: `Eliminar ${title}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading")).toHaveText("¿Confirmar Eliminación?");
  await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Promoción Eliminada")).toContainText("La promoción ha sido eliminada.");
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});

test("the promotions screen on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await open(page, "/admin/promociones");
  await expect(page.getByRole("row").filter({ hasText: "Delivery Gratis" })).toContainText("Inactiva");
  await expect(page.getByRole("row").filter({ hasText: "Delivery Gratis" })).toHaveClass(/opacity-60/);
  // Only the table scrolls sideways, inside its own box; the page itself does not.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-promotions-mobile");
});
