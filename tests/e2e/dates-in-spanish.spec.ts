import { expect, test } from "@playwright/test";

import { registerCustomer, screenshot, signInAsAdmin, toast, uniqueEmail } from "./support";

// Issue 40: a phone whose language is English draws <input type="date"> as 'mm/dd/yyyy' and
// type="time" with AM/PM. The shop's date and time boxes show and take 'dd/mm/aaaa' and 24-hour
// 'hh:mm' whatever the phone's language (ADR 034).
test.use({ locale: "en-US", timezoneId: "America/New_York" });

test("on an English phone, a pet's birth date is typed and shown dd/mm/aaaa", async ({ page }) => {
  await registerCustomer(page, uniqueEmail("fechas"), "secreto123", "Rosa Quispe");
  await page.goto("/perfil?tab=mascotas");
  await page.getByRole("link", { name: "Agregar mascota" }).first().click();
  await page.getByLabel("Nombre", { exact: true }).fill("Canela");
  await page.getByLabel("Especie").selectOption({ label: "Perro" });
  await page.getByLabel("Tamaño").selectOption({ label: "Pequeño" });
  const birth = page.getByLabel("Fecha de nacimiento");
  await expect(birth).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await expect(birth).toHaveAttribute("type", "text");

  // A date that does not exist is refused beside the field, and what was typed stays.
  await birth.fill("31/02/2024");
  await page.getByRole("button", { name: "Guardar mascota" }).click();
  // Beside the field (the toast says it too, and the screen reader its announcement).
  await expect(page.locator("#pet-birthDate-error")).toHaveText(
    "Escribe una fecha de nacimiento válida (día, mes y año).",
  );
  await expect(page.getByLabel("Fecha de nacimiento")).toHaveValue("31/02/2024");
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Canela");

  // The phone's own calendar writes its choice back the Peruvian way.
  await page.getByRole("button", { name: "Elegir en el calendario" }).waitFor();
  await page.locator('input[type="date"]').fill("2024-03-15", { force: true });
  await expect(page.getByLabel("Fecha de nacimiento")).toHaveValue("15/03/2024");
  await screenshot(page, "fecha-nacimiento-en-ingles");
  await page.getByRole("button", { name: "Guardar mascota" }).click();
  await expect(page.getByRole("heading", { name: "Canela" })).toBeVisible();

  await page.getByRole("link", { name: "Editar a Canela" }).click();
  await expect(page.getByLabel("Fecha de nacimiento")).toHaveValue("15/03/2024");
});

test("on an English computer, the owner types times in 24 hours and dates day first", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/reservas/horario");
  const mondayFrom = page.locator('input[name="hours.1.0.from"]');
  await expect(mondayFrom).toHaveAttribute("type", "text");
  await expect(mondayFrom).toHaveValue(/^\d{2}:\d{2}$/);
  // Typed the quick way, it reads as a 24-hour time when the owner leaves the box.
  await mondayFrom.fill("8");
  await mondayFrom.blur();
  await expect(mondayFrom).toHaveValue("08:00");

  // A day far ahead, typed day first, with times typed the quick way.
  const day = new Date(Date.now() + 200 * 86_400_000);
  const typed = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
  await page.goto("/admin/reservas");
  await page.getByLabel("Ir a la fecha").fill(typed);
  await page.getByRole("button", { name: "Ver", exact: true }).click();
  await expect(page.getByLabel("Ir a la fecha")).toHaveValue(typed);

  const block = page.getByRole("form", { name: "Bloquear horario" });
  await expect(block.getByLabel("Día")).toHaveValue(typed);
  await block.getByLabel("Desde").fill("1530");
  await block.getByLabel("Hasta").fill("17.45");
  await expect(block.getByLabel("Desde")).toHaveAttribute("placeholder", "hh:mm");
  await screenshot(page, "bloqueo-24-horas");
  await block.getByRole("button", { name: "Bloquear horario" }).click();
  await expect(toast(page, "Horario Bloqueado")).toBeVisible();
  await expect(page.getByText(/15:30–17:45 · Todos los servicios/)).toBeVisible();
});
