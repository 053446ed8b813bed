import { readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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

/** The e2e server's DATA_DIR (see tests/e2e/serve.js), or E2E_DATA_DIR for a server started by hand. */
export function e2eDataDir(): string {
  return process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `patitas-e2e-${process.env.E2E_PORT ?? 4310}`);
}

/**
 * The newest e-mail sent to `to` (and containing `containing`, when given), decoded from
 * quoted-printable, waiting up to 5 s for it.
 */
export async function readLatestMail(to: string, containing?: string): Promise<string> {
  const outbox = path.join(e2eDataDir(), "outbox");
  const deadline = Date.now() + 5000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(outbox).map((file) => path.join(outbox, file));
      } catch {
        return [];
      }
    })().sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of files) {
      const raw = readFileSync(file, "utf8");
      if (raw.includes(`To: ${to}`)) {
        const bytes = raw
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        const mail = Buffer.from(bytes, "latin1").toString("utf8");
        if (!containing || mail.includes(containing)) return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A unique e-mail address per test run, so tests can share one server. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.pe`;
}

export async function registerCustomer(
  page: Page,
  email: string,
  password = "secreto123",
  fullName = "Lucía Paredes Soto",
): Promise<void> {
  await page.goto("/auth?tab=registro");
  await page.getByLabel("Nombre completo").fill(fullName);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Confirmar contraseña").fill(password);
  await page.getByLabel(/acepto la/).check();
  await page.getByRole("button", { name: "Registrarse" }).click();
  // The account exists once the link e-mailed to the address is followed with the password.
  await expect(page.getByRole("heading", { name: "Registro Recibido" })).toBeVisible();
  const mail = await readLatestMail(email, "/auth/activar?token=");
  const link = new URL(/https?:\/\/\S+\/auth\/activar\?token=[\w-]+/.exec(mail)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`Para activar la cuenta de ${email}`)).toBeVisible();
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Activar mi cuenta" }).click();
  await expect(page).toHaveURL(/\/perfil$/);
}

/** 'Salir' from the header, waiting until the session is really gone (back on / with the toast). */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Sesión Cerrada")).toBeVisible();
}
