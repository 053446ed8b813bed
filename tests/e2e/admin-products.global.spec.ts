import { tmpdir } from "node:os";
import path from "node:path";

import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { screenshot, signInAsAdmin, toast } from "./support";

// Each test makes its own products with a unique title, so the seeded shop is untouched.

const imagePath = path.join(tmpdir(), `patitas-e2e-product-${process.pid}.png`);

test.beforeAll(async () => {
  // A real picture (a striped ball), so the upload goes through the real image pipeline.
  await sharp({ create: { width: 640, height: 480, channels: 3, background: "#f8a78b" } })
    .composite([
      {
        input: Buffer.from('<svg width="640" height="480"><circle cx="320" cy="240" r="160" fill="#2ea8a8"/></svg>'),
      },
    ])
    .png()
    .toFile(imagePath);
});

function uniqueTitle(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function searchAdminList(page: Page, text: string) {
  await page.goto("/admin/productos");
  await page.getByRole("searchbox", { name: "Buscar productos por nombre" }).fill(text);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\?q=/);
}

test("create a product with an uploaded image and an offer, see it in the shop, edit it, delete it", async ({
  page,
}) => {
  test.slow();
  const title = uniqueTitle("Pelota Saltarina");
  await signInAsAdmin(page);
  await page.goto("/admin/productos");
  await page.getByRole("link", { name: "Nuevo producto" }).click();
  await expect(page).toHaveURL(/\/admin\/productos\/nuevo$/);
  await expect(page.getByRole("heading", { name: "Nuevo Producto" })).toBeVisible();

  await page.getByLabel("Título *").fill(title);
  await page.getByLabel("Descripción").fill("Pelota de caucho que rebota sin parar.");
  await page.getByLabel("Familia *").selectOption({ label: "Perros" });
  await page.getByLabel("Categoría *").selectOption({ label: "Juguetes" });
  await page.getByLabel("Marca (opcional)").selectOption({ label: "Kong" });
  await page.getByLabel("Precio Regular (S/)").fill("80.00");
  await page.getByLabel("Stock").fill("15");
  await expect(page.getByLabel("Precio de Oferta (S/)")).toBeHidden();
  await page.getByLabel("Oferta activa").check();
  // A 90% discount: home lists the deepest discounts first (the newest on a tie), so it
  // makes the top 4 whatever offers the seed or other tests have.
  await page.getByLabel("Precio de Oferta (S/)").fill("8.00");
  await page.locator('[data-image-upload="image"] input[type="file"]').setInputFiles(imagePath);
  await expect(page.getByRole("img", { name: "Vista previa" })).toHaveAttribute(
    "src",
    /^\/uploads\/[a-f0-9]{32}-1280\.webp$/,
  );
  const alt = `Pelota turquesa sobre fondo salmón (${title})`;
  await page.getByLabel(/Texto alternativo/).fill(alt);
  await screenshot(page, "admin-product-form");
  await page.getByRole("button", { name: "Crear Producto" }).click();

  await expect(page).toHaveURL(/\/admin\/productos$/);
  await expect(toast(page, "Producto Añadido")).toBeVisible();
  await searchAdminList(page, title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Perros");
  await expect(row).toContainText("Juguetes");
  await expect(row).toContainText("Sí");
  await expect(row.locator("s")).toContainText("S/ 80.00");
  await expect(row).toContainText("S/ 8.00");
  await expect(row.locator("img")).toHaveAttribute("src", /^\/uploads\//);

  // Home's 'Productos Destacados' and the catalogue show it with its uploaded image.
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Productos Destacados" });
  await expect(featured.getByText(title)).toBeVisible();
  await expect(featured.getByRole("img", { name: alt })).toHaveAttribute("srcset", /-320\.webp 320w/);
  await page.goto("/productos/perros/juguetes");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto(`/productos?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // Edit: the new price shows on the product's page.
  await searchAdminList(page, title);
  await page.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/productos\/editar\/\d+$/);
  const productId = page.url().split("/").pop();
  await expect(page.getByLabel("Título *")).toHaveValue(title);
  await expect(page.getByLabel("Categoría *")).toHaveValue(/\d+/);
  await page.getByLabel("Precio Regular (S/)").fill("95.50");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(toast(page, "Producto Actualizado")).toBeVisible();
  await page.goto(`/producto/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator("main s").first()).toContainText("S/ 95.50");

  // Delete, with the dialog naming the product. The dialog is mounted on the click (ADR 066):
  // Cancelar and Escape close it and hand the focus back to the row's button.
  await searchAdminList(page, title);
  const deleteButton = page.getByRole("button", { name: `Eliminar ${title}` });
  await expect(deleteButton).toHaveAttribute("aria-haspopup", "dialog");
  await deleteButton.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "¿Estás seguro?" })).toBeVisible();
  await expect(dialog).toContainText(title);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(deleteButton).toHaveAttribute("aria-expanded", "false");
  await deleteButton.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Producto Eliminado")).toBeVisible();
  await expect(page.getByText("No hay productos para mostrar.")).toBeVisible();
  await page.goto(`/producto/${productId}`);
  await expect(page.getByRole("heading", { name: "Producto no Encontrado" })).toBeVisible();
});

test("the category select follows the family, and a validation error keeps what was typed", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/productos/nuevo");
  const category = page.getByLabel("Categoría *");
  await expect(category).toBeDisabled();
  await expect(page.getByLabel("Subcategoría (opcional)")).toBeDisabled();
  await page.getByLabel("Familia *").selectOption({ label: "Gatos" });
  await expect(category).toBeEnabled();
  await expect(category.locator("option")).toHaveText([
    "Selecciona una categoría",
    "Alimentos",
    "Juguetes",
    "Camas y Descanso",
    "Arena y Limpieza",
  ]);
  await category.selectOption({ label: "Alimentos" });
  await page.getByLabel("Subcategoría (opcional)").selectOption({ label: "Snacks" });

  // No title: the server refuses it and the form keeps everything else.
  await page.getByLabel("Descripción").fill("Bocaditos de atún para gatos exigentes.");
  await page.getByLabel("Precio Regular (S/)").fill("12.90");
  await page.getByLabel("Stock").fill("7");
  await page.getByLabel("Oferta activa").check();
  await page.getByRole("button", { name: "Crear Producto" }).click();
  const alert = toast(page, "Error de Validación");
  await expect(alert).toContainText("Título, Familia y Categoría son obligatorios.");
  await expect(page.getByText("Título, Familia y Categoría son obligatorios.").first()).toBeVisible();
  await expect(
    page.getByText("El precio de oferta es obligatorio y debe ser mayor a 0 si la oferta está activa."),
  ).toBeVisible();
  await expect(page.getByLabel("Descripción")).toHaveValue("Bocaditos de atún para gatos exigentes.");
  await expect(page.getByLabel("Precio Regular (S/)")).toHaveValue("12.90");
  await expect(page.getByLabel("Stock")).toHaveValue("7");
  await expect(page.getByLabel("Familia *")).toHaveValue(/\d+/);
  await expect(category.locator("option:checked")).toHaveText("Alimentos");
  await expect(page.getByLabel("Subcategoría (opcional)").locator("option:checked")).toHaveText("Snacks");
  await expect(page.getByLabel("Oferta activa")).toBeChecked();
});

test("the list searches, sorts and reads well on desktop and on a phone", async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  await searchAdminList(page, "RATON");
  await expect(page.getByRole("row").filter({ hasText: "Ratón de Juguete con Catnip" })).toBeVisible();
  await page.goto("/admin/productos");
  await page.getByRole("link", { name: "Precio" }).click();
  await expect(page).toHaveURL(/orden=precio&dir=asc/);
  await expect(page.getByRole("columnheader", { name: "Precio" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("link", { name: "Importar (Excel)" })).toBeVisible();
  await screenshot(page, "admin-products-list");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/productos");
  await screenshot(page, "admin-products-list-390");
  await page.goto("/admin/productos/nuevo");
  await screenshot(page, "admin-product-form-390");
  await page.goto("/admin/productos/editar/999999");
  await expect(page).toHaveURL(/\/admin\/productos$/);
  await expect(toast(page, "Producto no encontrado.")).toBeVisible();
});
