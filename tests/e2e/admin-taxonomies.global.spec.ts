import path from "node:path";

import { expect as baseExpect, type Page, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

// Only creates (and removes) its own category under 'Perros': the seeded taxonomy the
// storefront specs rely on is left as it was, so this is not a global spec.

// A development server on a busy machine can take a few seconds per answer.
const expect = baseExpect.configure({ timeout: 15_000 });

const ICON = path.join(process.cwd(), "public/images/products/cama-gato.webp");

/** Opens a page and waits for its scripts, so a click is handled by the app, not lost before hydration. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

function block(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

test("a category added under Perros with an icon becomes a level card of the catalogue, and is offered to products", async ({
  page,
}) => {
  test.slow();
  const name = `Ropa Invernal ${Date.now() % 100_000}`;
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  await signInAsAdmin(page);
  await open(page, "/admin/taxonomia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Taxonomías");
  const categories = block(page, "Categorías de Productos");

  // The error shows in the block that sent the form, not in the other six.
  await categories.getByLabel("Familia padre").selectOption({ label: "Perros" });
  await categories.getByRole("button", { name: "Añadir" }).click();
  await expect(categories.getByText("El nombre es obligatorio.")).toBeVisible();
  // The spec titles the taxonomy's messages 'Error' (section 8), not 'Error de Validación'.
  await expect(toast(page, "El nombre es obligatorio.")).toContainText(/^Error/);
  await expect(toast(page, "El nombre es obligatorio.")).not.toContainText("Validación");
  await expect(page.getByText("El nombre es obligatorio.")).toHaveCount(1);
  await expect(categories.getByLabel("Familia padre")).toHaveValue(/\d+/);

  await categories.getByLabel("Nombre").fill(name);
  await categories.getByLabel("Familia padre").selectOption({ label: "Perros" });
  await categories.locator('input[type="file"]').first().setInputFiles(ICON);
  await expect(categories.getByRole("img", { name: "Vista previa" })).toBeVisible();
  await categories.getByRole("button", { name: "Añadir" }).click();
  await expect(toast(page, "Elemento Añadido")).toBeVisible();
  const item = categories.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Perros");
  await expect(item.locator("img")).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}-1280\.webp$/);
  // The add form starts empty again.
  await expect(categories.getByLabel("Nombre")).toHaveValue("");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-taxonomies-desktop");

  // The storefront's drill-down shows it as a card with its icon.
  await page.goto("/productos/perros");
  const card = page.getByRole("link", { name });
  await expect(card).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}-\d+\.webp$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/productos/perros/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Perros - ${name}`);

  // The product editor offers it once 'Perros' is chosen, and not under 'Gatos'.
  await open(page, "/admin/productos/nuevo");
  const family = page.getByLabel(/^Familia/);
  await family.selectOption({ label: "Gatos" });
  await expect(page.locator("#categoryId option", { hasText: name })).toHaveCount(0);
  await family.selectOption({ label: "Perros" });
  await page.getByLabel(/^Categoría/).selectOption({ label: name });
  await expect(page.getByLabel(/^Categoría/)).not.toHaveValue("");

  // Inline edit: rename it; its address stays the same.
  await open(page, "/admin/taxonomia");
  await categories.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page).toHaveURL(/editar=product-categories/);
  const editForm = categories.getByRole("form", { name: `Editar ${name}` });
  await editForm.getByLabel("Nombre").fill("");
  await editForm.getByRole("button", { name: "Guardar" }).click();
  await expect(editForm.getByText("El nombre es obligatorio.")).toBeVisible();
  await editForm.getByLabel("Nombre").fill(`${name} Plus`);
  await editForm.getByRole("button", { name: "Guardar" }).click();
  await expect(toast(page, "Elemento Actualizado")).toBeVisible();
  await expect(categories.getByRole("button", { name: "Guardar" })).toHaveCount(0);
  await expect(categories.getByText(`${name} Plus`)).toBeVisible();
  await page.goto(`/productos/perros/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Perros - ${name} Plus`);

  // A family its categories and products depend on cannot be deleted.
  await open(page, "/admin/taxonomia");
  const families = block(page, "Familias de Productos");
  await families.getByRole("button", { name: "Eliminar Perros" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(families.getByRole("alert")).toHaveText(
    /^No se puede eliminar: \d+ categorías dependen de esta familia y \d+ productos usan esta familia\.$/,
  );
  await expect(families.getByRole("listitem").filter({ hasText: "Perros" })).toBeVisible();

  // The new category is unused: it goes.
  await categories.getByRole("button", { name: `Eliminar ${name} Plus` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("¿Estás seguro?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Elemento Eliminado")).toBeVisible();
  await expect(categories.getByText(`${name} Plus`)).toHaveCount(0);
  expect((await page.goto(`/productos/perros/${slug}`))?.status()).toBe(404);
});

test("the taxonomy screen on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await open(page, "/admin/taxonomia");
  await expect(block(page, "Subcategorías de Servicios")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "admin-taxonomies-mobile");
});
