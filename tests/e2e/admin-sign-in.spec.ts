import { expect, test } from "@playwright/test";

import { ADMIN, screenshot, signInAsAdmin, toast } from "./support";

test("the back office is closed until the administrator signs in at /admin", async ({ page }) => {
  await page.goto("/admin/productos");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Panel de Gestión" })).toBeVisible();
  await screenshot(page, "admin-sign-in");

  await page.getByLabel("Usuario").fill(ADMIN.username);
  await page.getByLabel("Contraseña").fill("clave-equivocada");
  await page.getByRole("button", { name: "Ingresar" }).click();
  const error = toast(page, "Error de Inicio de Sesión");
  await expect(error).toContainText("Usuario o contraseña incorrectos.");
  await expect(page.getByLabel("Usuario")).toHaveValue(ADMIN.username);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByLabel("Contraseña").fill(ADMIN.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const welcome = toast(page, "Inicio de Sesión Exitoso");
  await expect(welcome).toContainText("Bienvenido, Administrador.");
  const sections = page.getByRole("list", { name: "Administrar" });
  for (const tile of [
    "Productos",
    "Servicios",
    "Usuarios",
    "Taxonomías",
    "Promociones",
    "Chatbot",
    "Métodos de Pago",
  ]) {
    await expect(sections.getByRole("link", { name: new RegExp(`^${tile}`) })).toBeVisible();
  }
  // The summary's figures are live: the seeded shop has products and active promotions.
  const summary = page.getByRole("list", { name: "Resumen" });
  await expect(summary.getByRole("link", { name: /^Productos \d+/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /^Promociones activas \d+/ })).toBeVisible();
  await screenshot(page, "admin-dashboard");

  // A signed-in administrator who opens /admin goes straight to the dashboard.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("Salir closes the admin session with 'Sesión Cerrada'", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toast(page, "Sesión Cerrada")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});

test("the footer's Gestión link leads an administrator to the dashboard", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Gestión" })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );
});

test("on a desktop the back office's sections are one menu, always open beside the page", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/productos");
  const menu = page.getByRole("navigation", { name: "Gestión" });
  // Written once in the page, visible or not (it was twice: the phone's fold and the sidebar).
  await expect(page.locator('nav[aria-label="Gestión"]')).toHaveCount(1);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Productos" })).toHaveClass(/font-semibold/);
  // The phone's fold is not shown here: the sections need no click.
  await expect(page.getByText("Secciones de gestión")).toBeHidden();
  await menu.getByRole("link", { name: "Pedidos" }).click();
  await expect(page).toHaveURL(/\/admin\/pedidos$/);
  // The menu is not drawn anew on a desktop: the link just followed keeps the focus.
  await expect(menu.getByRole("link", { name: "Pedidos" })).toBeFocused();
  await expect(menu.getByRole("link", { name: "Pedidos" })).toHaveClass(/font-semibold/);
  await screenshot(page, "admin-sections-desktop");
});
