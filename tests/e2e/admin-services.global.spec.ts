import { expect, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

// The test makes, changes and deletes its own service (unique title): the seed stays as it was.

test("create a service with a hidden price, show its price, then delete it", async ({ page }) => {
  test.slow();
  const title = `Paseo Canino ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/servicios");
  await expect(page.getByRole("row").filter({ hasText: "Desparasitación" })).toContainText("Consultar");
  await page.getByRole("link", { name: "Nuevo servicio" }).click();
  await expect(page.getByRole("heading", { name: "Nuevo Servicio" })).toBeVisible();

  // The price shows by default; with no price and no offer the server refuses it.
  await expect(page.getByLabel("Mostrar Precio Regular en la Web")).toBeChecked();
  await page.getByLabel("Título *").fill(title);
  await page.getByLabel("Familia de servicio").selectOption({ label: "Salud" });
  const category = page.getByLabel("Categoría", { exact: true });
  await expect(category.locator("option")).toHaveText([
    "Selecciona una categoría",
    "Consultas",
    "Prevención",
    "Nutrición",
  ]);
  await category.selectOption({ label: "Prevención" });
  await page.getByLabel("Subcategoría (opcional)").selectOption({ label: "Vacunación" });
  await page.getByLabel("Descripción").fill("Paseos de una hora por el parque con cuidador.");
  await page.getByRole("button", { name: "Crear Servicio" }).click();
  await expect(toast(page, "Error de Validación")).toContainText(
    "El precio regular es obligatorio si la visualización de precio está activa y no hay oferta.",
  );
  await expect(page.getByLabel("Título *")).toHaveValue(title);
  await expect(page.getByLabel("Descripción")).toHaveValue("Paseos de una hora por el parque con cuidador.");
  await screenshot(page, "admin-service-form-error");

  // Hiding the price makes it a 'Consultar' service.
  await page.getByLabel("Mostrar Precio Regular en la Web").uncheck();
  await expect(page.getByLabel("Precio Regular (S/)")).toBeHidden();
  await page.getByRole("button", { name: "Crear Servicio" }).click();
  await expect(page).toHaveURL(/\/admin\/servicios$/);
  await expect(toast(page, "Servicio Añadido")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Prevención");
  await expect(row).toContainText("Consultar");
  await expect(row.getByRole("cell").nth(4)).toHaveText("No");

  // Edit: show a price of S/ 35.00.
  await row.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.getByLabel("Subcategoría (opcional)").locator("option:checked")).toHaveText("Vacunación");
  await page.getByLabel("Mostrar Precio Regular en la Web").check();
  await page.getByLabel("Precio Regular (S/)").fill("35");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(toast(page, "Servicio Actualizado")).toBeVisible();
  await expect(row).toContainText("S/ 35.00");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Sí");
  await screenshot(page, "admin-services-list");

  // The shop shows it under its category with the price.
  await page.goto("/servicios/salud/prevención/vacunación");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("S/ 35.00")).toBeVisible();

  // From the list, one click hides the price again ('Consultar' in the shop) and one shows it.
  await page.goto("/admin/servicios");
  await row.getByRole("button", { name: `Ocultar el precio de ${title}` }).click();
  await expect(toast(page, "Visibilidad de Precio Actualizada")).toContainText(
    `El precio de "${title}" se oculta en la web: se muestra "Consultar".`,
  );
  await expect(row).toContainText("Consultar");
  await expect(row.getByRole("cell").nth(4)).toHaveText("No");
  await page.goto("/servicios/salud/prevención/vacunación");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("Consultar");
  await expect(card).not.toContainText("S/ 35.00");
  await page.goto("/admin/servicios");
  await row.getByRole("button", { name: `Mostrar el precio de ${title}` }).click();
  await expect(toast(page, "Visibilidad de Precio Actualizada")).toContainText(
    `El precio de "${title}" se muestra en la web.`,
  );
  await expect(row).toContainText("S/ 35.00");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Sí");

  await page.getByRole("button", { name: `Eliminar ${title}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("¿Estás seguro?");
  await expect(dialog).toContainText(title);
  await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Servicio Eliminado")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/servicios");
  await screenshot(page, "admin-services-list-390");
  await page.goto("/admin/servicios/editar/987654");
  await expect(page).toHaveURL(/\/admin\/servicios$/);
  await expect(toast(page, "Servicio no encontrado.")).toBeVisible();
});
