import { expect as baseExpect, test } from "@playwright/test";

import { openHydrated } from "./admin-forms-support";
import { screenshot, signInAsAdmin, toast } from "./support";

// Edits the page texts and checks the storefront shows them; each test puts the old text back.

// The dev server under load can take a few seconds to answer a form.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("the hub leads to the editors; a new home title shows on / at the next visit", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/gestion-contenido");
  await expect(page.getByRole("heading", { name: "Gestión de Contenido" })).toBeVisible();
  await expect(page.getByText(/simulad/i)).toHaveCount(0);
  for (const card of [
    "Página de Inicio",
    "Página Nosotros",
    "Página de Productos",
    "Página de Servicios",
    "Información de Contacto",
  ]) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(card) })).toBeVisible();
  }
  await screenshot(page, "admin-content-hub");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-content-hub-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page
    .getByRole("main")
    .getByRole("link", { name: /Página de Inicio/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/gestion-contenido\/inicio$/);
  await openHydrated(page, "/admin/gestion-contenido/inicio");
  const heroTitle = page.getByLabel("Título principal");
  const original = await heroTitle.inputValue();
  await screenshot(page, "admin-content-home");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-content-home-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  await heroTitle.fill("");
  await page.getByLabel("Subtítulo", { exact: true }).fill("Subtítulo que no se pierde");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page.locator("#heroTitle-error")).toHaveText("El título principal es obligatorio.");
  await expect(page.getByLabel("Subtítulo", { exact: true })).toHaveValue("Subtítulo que no se pierde");

  const newTitle = `Bienvenidos a la prueba ${Date.now().toString(36)}`;
  try {
    await openHydrated(page, "/admin/gestion-contenido/inicio");
    await page.getByLabel("Título principal").fill(newTitle);
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Contenido Actualizado")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newTitle);
  } finally {
    await openHydrated(page, "/admin/gestion-contenido/inicio");
    await page.getByLabel("Título principal").fill(original);
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Contenido Actualizado")).toBeVisible();
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(original);
});

test("about: a value added and moved up shows in that place on /nosotros; removing it restores the page", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openHydrated(page, "/admin/configuracion/nosotros");
  const values = page.getByRole("group", { name: /^Valor \d+$/ });
  const before = await values.count();
  await page.getByRole("button", { name: "Añadir valor" }).click();
  const added = page.getByRole("group", { name: `Valor ${before + 1}` });
  await added.getByLabel("Título").fill("Paciencia");
  await added.getByLabel("Descripción").fill("Cada mascota tiene su ritmo.");
  await added.getByLabel("Ícono").selectOption("Users");
  await page.getByRole("button", { name: `Subir valor ${before + 1}` }).click();
  await expect(page.getByRole("group", { name: `Valor ${before}` }).getByLabel("Título")).toHaveValue("Paciencia");
  await screenshot(page, "admin-content-about");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-content-about-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  try {
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(toast(page, "Contenido Actualizado")).toBeVisible();
    await page.goto("/nosotros");
    const titles = page.getByRole("region", { name: "Nuestros Valores" }).getByRole("heading", { level: 3 });
    await expect(titles).toHaveCount(before + 1);
    await expect(titles.nth(before - 1)).toHaveText("Paciencia");
    await expect(page.getByText("Cada mascota tiene su ritmo.")).toBeVisible();
  } finally {
    await openHydrated(page, "/admin/configuracion/nosotros");
    const index = await page
      .getByRole("group", { name: /^Valor \d+$/ })
      .evaluateAll((groups) =>
        groups.findIndex(
          (group) => (group.querySelector('input[name$=".title"]') as HTMLInputElement | null)?.value === "Paciencia",
        ),
      );
    if (index >= 0) {
      await page.getByRole("button", { name: `Quitar valor ${index + 1}` }).click();
      await page.getByRole("button", { name: "Guardar Cambios" }).click();
      await expect(toast(page, "Contenido Actualizado")).toBeVisible();
    }
  }
  await page.goto("/nosotros");
  await expect(page.getByRole("region", { name: "Nuestros Valores" }).getByRole("heading", { level: 3 })).toHaveCount(
    before,
  );
  await expect(page.getByText("Paciencia", { exact: true })).toHaveCount(0);
});

test("products and services page titles show on /productos and /servicios", async ({ page }) => {
  await signInAsAdmin(page);
  for (const { editor, storefront, name } of [
    { editor: "/admin/gestion-contenido/productos", storefront: "/productos", name: "products" },
    { editor: "/admin/gestion-contenido/servicios", storefront: "/servicios", name: "services" },
  ]) {
    await openHydrated(page, editor);
    const original = await page.getByLabel("Título principal").inputValue();
    await screenshot(page, `admin-content-${name}-page`);
    const changed = `${original} (prueba)`;
    try {
      await page.getByLabel("Título principal").fill(changed);
      await page.getByRole("button", { name: "Guardar Cambios" }).click();
      await expect(toast(page, "Contenido Actualizado")).toBeVisible();
      await page.goto(storefront);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(changed);
    } finally {
      await openHydrated(page, editor);
      await page.getByLabel("Título principal").fill(original);
      await page.getByRole("button", { name: "Guardar Cambios" }).click();
      await expect(toast(page, "Contenido Actualizado")).toBeVisible();
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-content-services-page-390");
});
