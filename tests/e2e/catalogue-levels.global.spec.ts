import { expect, test } from "@playwright/test";

import { signInAsAdmin, toast } from "./support";

// Global: while it exists, the product made here shows on /productos/perros/alimentos,
// which the other specs expect as seeded. It is deleted at the end.

test("a product saved without a subcategory shows under its category's subcategory cards", async ({ page }) => {
  test.slow();
  const title = `Galletas de Avena ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/productos/nuevo");
  await page.getByLabel("Título *").fill(title);
  await page.getByLabel("Familia *").selectOption({ label: "Perros" });
  await page.getByLabel("Categoría *").selectOption({ label: "Alimentos" });
  await page.getByLabel("Precio Regular (S/)").fill("12.00");
  await page.getByLabel("Stock").fill("5");
  await page.getByRole("button", { name: "Crear Producto" }).click();
  await expect(toast(page, "Producto Añadido")).toBeVisible();

  await page.goto("/productos/perros/alimentos");
  await expect(page.getByRole("link", { name: "Alimento Seco" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Snacks" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Otros productos" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto("/productos/perros/alimentos/snacks");
  await expect(page.getByRole("heading", { name: "Snack Dental para Perro x 7 unidades" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeHidden();

  await page.goto(`/admin/productos?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Eliminar ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Producto Eliminado")).toBeVisible();
  await page.goto("/productos/perros/alimentos");
  await expect(page.getByRole("link", { name: "Snacks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Otros productos" })).toBeHidden();
});

test("a page number past the last page goes to the last page, keeping the search", async ({ page }) => {
  await page.goto("/productos/gatos/juguetes?pagina=9");
  await expect(page).toHaveURL(/\/productos\/gatos\/juguetes$/);
  await expect(page.getByRole("heading", { name: "Ratón de Juguete con Catnip" })).toBeVisible();

  await page.goto("/productos?q=raton&pagina=9");
  await expect(page).toHaveURL(/\/productos\?q=raton$/);
  await expect(page.getByRole("status").filter({ hasText: "1 producto encontrado" })).toBeVisible();
  await expect(page.getByText("No hay productos que coincidan con tu búsqueda o filtro")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Paginación" })).toBeHidden();
});
