import { expect, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

test("the audit log lists a user's creation with who, what and a summary, filtered by entity", async ({ page }) => {
  test.slow();
  const username = `auditado${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/usuarios/nuevo");
  await page.getByLabel("Nombre de Usuario").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.pe`);
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-auditada-1");
  await page.getByLabel("Confirmar Contraseña").fill("clave-auditada-1");
  await page.getByRole("button", { name: "Crear Usuario" }).click();
  await expect(toast(page, "Usuario Agregado")).toBeVisible({ timeout: 15_000 });

  await page.goto("/admin/auditoria");
  await expect(page.getByRole("heading", { name: "Auditoría" })).toBeVisible();
  // Signing in is recorded too.
  await expect(page.getByRole("row").filter({ hasText: "Inicio de sesión" }).first()).toBeVisible();

  await page.getByLabel("Entidad").selectOption({ label: "Usuario" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/entidad=user/);
  const row = page.getByRole("row").filter({ hasText: `usuario: ${username}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Creación");
  await expect(row).toContainText("admin");
  await expect(row).toContainText("rol: Usuario");
  await expect(row).not.toContainText("clave-auditada-1");
  await expect(page.getByRole("row").filter({ hasText: "Inicio de sesión" })).toHaveCount(0);
  await screenshot(page, "admin-audit-log");

  // On a phone each entry is a card.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page
    .getByRole("listitem")
    .filter({ hasText: "Creación · Usuario" })
    .filter({ hasText: `usuario: ${username}` });
  await expect(card).toContainText("admin");
  await screenshot(page, "admin-audit-log-filtered-390");
});
