import { expect, test } from "@playwright/test";

import { screenshot } from "./support";

test("home shows the seeded hero, the header, the footer and the WhatsApp button", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Inicio | Patitas Felices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenidos a Patitas Felices");

  const nav = page.getByRole("navigation", { name: "Principal", exact: true });
  for (const label of ["Inicio", "Nosotros", "Productos", "Servicios", "Contacto"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: /Carrito/ })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ingresar/Registrarse" })).toHaveAttribute("href", "/auth");

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Preguntas Frecuentes" })).toHaveAttribute("href", "/faq");
  await expect(footer.getByRole("link", { name: "Libro de Reclamaciones" })).toHaveAttribute(
    "href",
    "/libro-reclamaciones",
  );
  await expect(footer.getByRole("link", { name: "Gestión" })).toHaveAttribute("href", "/admin");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Patitas Felices`);

  const whatsapp = page.getByRole("link", { name: "Escríbenos por WhatsApp" });
  await expect(whatsapp).toHaveAttribute(
    "href",
    "https://wa.me/51924810866?text=Hola%2C%20quisiera%20hacer%20una%20consulta",
  );
  await expect(whatsapp).toHaveAttribute("target", "_blank");

  // No broken image on the page (scrolled through, so lazy images below the fold load too).
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  const brokenImages = await page
    .locator("img")
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
    );
  expect(brokenImages).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "home-desktop");
});

test("the header stays on top while scrolling and leads to /productos", async ({ page }) => {
  await page.goto("/");
  await page.mouse.wheel(0, 2000);
  await expect(page.getByRole("banner")).toBeInViewport();
  await page
    .getByRole("navigation", { name: "Principal", exact: true })
    .getByRole("link", { name: "Productos" })
    .click();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestros Productos");
  await expect(page.getByRole("link", { name: "Perros" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Gatos" })).toBeVisible();
  await screenshot(page, "productos-desktop");
});

test("an unknown address shows the Spanish 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/esta-pagina-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await screenshot(page, "404");
});

test("/perfil sends an anonymous visitor to /auth carrying where they were going", async ({ page }) => {
  await page.goto("/perfil");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fperfil$/);
});
