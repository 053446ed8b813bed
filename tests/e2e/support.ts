import { expect, type Locator, type Page } from "@playwright/test";

export const ADMIN = { username: "admin", password: "clave-e2e-123" };

/** Saves a full-page screenshot under e2e-screens/ for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e-screens/${name}.png`, fullPage: true });
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Usuario").fill(ADMIN.username);
  await page.getByLabel("Contraseña").fill(ADMIN.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The visible toast with this text (Radix also keeps a hidden copy for screen readers). */
export function toast(page: Page, text: string): Locator {
  return page.locator("[data-toast]").filter({ hasText: text });
}
