import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast } from "./support";

// Each test creates its own accounts with unique usernames; the `admin` account (used by
// every other spec) is never changed.

function uniqueUsername(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function createUserInForm(
  page: Page,
  user: { username: string; role: "Administrador" | "Usuario"; password: string },
) {
  await page.goto("/admin/usuarios/nuevo");
  await page.getByLabel("Nombre de Usuario").fill(user.username);
  await page.getByLabel("Email").fill(`${user.username.toLowerCase()}@example.pe`);
  await page.getByLabel("Rol").selectOption({ label: user.role });
  await page.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await page.getByLabel("Confirmar Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Crear Usuario" }).click();
  // Hashing the password takes a moment on a busy machine.
  await expect(page).toHaveURL(/\/admin\/usuarios$/, { timeout: 15_000 });
  await expect(toast(page, "Usuario Agregado")).toContainText(`El usuario ${user.username} ha sido añadido.`);
}

async function signOutOfBackOffice(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toast(page, "Sesión Cerrada")).toBeVisible();
}

async function signInAt(page: Page, username: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Usuario").fill(username);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

test("an administrator created in the back office signs in at /admin and reaches the dashboard", async ({ page }) => {
  test.slow();
  const username = uniqueUsername("Gerente.");
  await signInAsAdmin(page);
  await page.goto("/admin/usuarios");
  await expect(page.getByRole("heading", { name: "Usuarios", exact: true })).toBeVisible();
  await screenshot(page, "admin-users-list");

  // The spec's rule for new users, with what was typed kept.
  await page.getByRole("link", { name: "Nuevo usuario" }).click();
  await page.getByLabel("Nombre de Usuario").fill(username);
  await page.getByLabel("Email").fill(`${username.toLowerCase()}@example.pe`);
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-gerente-1");
  await page.getByLabel("Confirmar Contraseña").fill("clave-distinta");
  await page.getByRole("button", { name: "Crear Usuario" }).click();
  await expect(toast(page, "Error de Validación")).toContainText(
    "Las contraseñas son obligatorias y deben coincidir para nuevos usuarios.",
  );
  await expect(page.getByLabel("Nombre de Usuario")).toHaveValue(username);
  await screenshot(page, "admin-user-form-error");

  await createUserInForm(page, { username, role: "Administrador", password: "clave-gerente-1" });
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row.getByText("Administrador", { exact: true })).toBeVisible();

  // The main administrator's row has no delete button; its form locks username and role.
  await page.goto("/admin/usuarios?rol=admin");
  const mainRow = page.getByRole("row").filter({ hasText: "Administrador principal" });
  await expect(mainRow.getByRole("button", { name: /^Eliminar/ })).toHaveCount(0);
  await mainRow.getByRole("link", { name: /^Editar/ }).click();
  await expect(page.getByLabel("Nombre de Usuario")).toBeDisabled();
  await expect(page.getByLabel("Rol")).toBeDisabled();
  await expect(page.getByText("El rol del administrador principal no se puede cambiar.")).toBeVisible();
  await screenshot(page, "admin-user-main-admin");

  await signOutOfBackOffice(page);
  await signInAt(page, username, "clave-gerente-1");
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole("link", { name: `Mi cuenta (${username.toLowerCase()})` })).toBeVisible();
});

test("a 'user' account is refused at /admin, and an administrator deletes it", async ({ page }) => {
  test.slow();
  const username = uniqueUsername("cliente_");
  await signInAsAdmin(page);
  await createUserInForm(page, { username, role: "Usuario", password: "clave-cliente-1" });
  await expect(page.getByRole("row").filter({ hasText: username }).getByText("Usuario", { exact: true })).toBeVisible();

  await signOutOfBackOffice(page);
  await signInAt(page, username, "clave-cliente-1");
  await expect(toast(page, "Error de Inicio de Sesión")).toContainText("Usuario o contraseña incorrectos.", {
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/admin$/);

  await signInAsAdmin(page);
  await page.goto(`/admin/usuarios?rol=user&q=${username}`);
  const roleFilter = page.getByRole("navigation", { name: "Filtrar por rol" });
  await expect(roleFilter.getByRole("link", { name: "Usuarios" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: `Eliminar ${username}` }).click();
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, "Usuario Eliminado")).toBeVisible();
  await expect(page.getByText("No hay usuarios para mostrar.")).toBeVisible();
});

test("an administrator changes their own password at /admin/cuenta and signs in with the new one", async ({ page }) => {
  test.slow();
  const username = uniqueUsername("cajero.");
  await signInAsAdmin(page);
  await createUserInForm(page, { username, role: "Administrador", password: "clave-vieja-1" });
  await signOutOfBackOffice(page);
  await signInAt(page, username, "clave-vieja-1");
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });

  await page.getByRole("link", { name: /^Mi cuenta/ }).click();
  await expect(page).toHaveURL(/\/admin\/cuenta$/);
  await page.getByLabel("Contraseña actual").fill("clave-vieja-1");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-nueva-1");
  await page.getByLabel("Confirmar nueva contraseña").fill("clave-nueva-1");
  await page.getByRole("button", { name: "Cambiar Contraseña" }).click();
  await expect(toast(page, "Contraseña Cambiada")).toBeVisible({ timeout: 15_000 });
  await screenshot(page, "admin-account");

  await signOutOfBackOffice(page);
  await signInAt(page, username, "clave-vieja-1");
  await expect(toast(page, "Error de Inicio de Sesión")).toContainText("Usuario o contraseña incorrectos.", {
    timeout: 15_000,
  });
  await signInAt(page, username, "clave-nueva-1");
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
});

async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(blocking).toEqual([]);
}

test("the users, account and audit screens fit a 390 px phone and pass axe", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  for (const [path, heading, name] of [
    ["/admin/usuarios", "Usuarios", "admin-users-list-390"],
    ["/admin/usuarios/nuevo", "Nuevo Usuario", "admin-user-form-390"],
    ["/admin/cuenta", "Mi Cuenta", "admin-account-390"],
    ["/admin/auditoria", "Auditoría", "admin-audit-log-390"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await screenshot(page, name);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolation(page);
  }
});
