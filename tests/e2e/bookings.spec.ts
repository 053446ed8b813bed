import { type Browser, expect, type Page, test } from "@playwright/test";

import { isPeruHoliday } from "../../app/domain/calendar/peru-holidays";
import { uniquePhone } from "./cart-support";
import { readLatestMail, registerCustomer, screenshot, signInAsAdmin, toast, uniqueEmail } from "./support";

// Issue 28: a shopper books the seeded consultation (capacity 1, 30 minutes) online, gets the
// confirmation with its code, the .ics and the e-mail, and may cancel or move it; a slot taken
// meanwhile says so and keeps what was typed. Each test books on its own day of the calendar,
// so that tests running in parallel never compete for one slot.

const CONSULT_LIST = "/servicios/salud/consultas";

async function openBooking(page: Page): Promise<void> {
  await page.goto(CONSULT_LIST);
  await page.getByRole("link", { name: "Reservar cita" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservar cita: Consulta Veterinaria General");
}

/** The nth day of the calendar that has free times. */
function freeDay(page: Page, nth: number) {
  return page.locator('button[name="fecha"]').nth(nth);
}

/** Each booking with its own phone: a guest phone may hold only two visits ahead (issue 41). */
async function fillPetAndContact(page: Page, pet: string, email = ""): Promise<string> {
  const phone = uniquePhone();
  await page.getByLabel("Nombre de tu mascota").fill(pet);
  await page.getByText("Gato", { exact: true }).click();
  await page.getByLabel("Nombre", { exact: true }).fill("Lucía Ramos");
  await page.getByLabel("Celular").fill(phone);
  if (email) await page.getByLabel("Correo (opcional)").fill(email);
  await page.getByLabel("Notas (opcional)").fill("Se pone nerviosa con otros gatos.");
  return phone;
}

async function chooseDayAndTime(page: Page, dayIndex: number, time: string) {
  await freeDay(page, dayIndex).click();
  await expect(freeDay(page, dayIndex)).toHaveAttribute("aria-pressed", "true");
  await page
    .locator("label")
    .filter({ hasText: new RegExp(`^${time}$`) })
    .click();
}

test("a guest books the consultation and gets the code, the calendar file and the e-mail", async ({ page }) => {
  await openBooking(page);
  await fillPetAndContact(page, "Misha", "lucia.reserva@example.pe");
  await chooseDayAndTime(page, 2, "09:30");
  await page.getByRole("button", { name: "Confirmar reserva" }).click();

  await expect(page).toHaveURL(/\/reserva\/RES-\d{6}\?t=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Tu cita está reservada!");
  const code = (await page.getByText(/^Reserva RES-\d{6}$/).textContent())!.replace("Reserva ", "");
  await expect(page.getByText("Misha (Gato, Pequeño)")).toBeVisible();
  await expect(page.getByText("09:30–10:00 (hora de Lima)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Escribir por WhatsApp con mi código" })).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(code)),
  );
  await screenshot(page, "booking-confirmation");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Añadir a mi calendario" }).click();
  const ics = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of ics) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  expect(text).toContain("BEGIN:VEVENT");
  expect(text).toMatch(/DTSTART:\d{8}T143000Z/);

  const mail = await readLatestMail("lucia.reserva@example.pe", code);
  expect(mail).toContain(`Reserva ${code} confirmada`);
  expect(mail).toContain("text/calendar");
});

test("the booking's link without its token, or with another, is a 404", async ({ page, browser }) => {
  await openBooking(page);
  await fillPetAndContact(page, "Toby");
  await chooseDayAndTime(page, 3, "10:00");
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page).toHaveURL(/\/reserva\/RES-\d{6}\?t=/);
  const url = new URL(page.url());
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  expect((await other.goto(url.pathname))!.status()).toBe(404);
  expect((await other.goto(`${url.pathname}?t=${"A".repeat(32)}`))!.status()).toBe(404);
  expect((await other.goto(`${url.pathname}/cita.ics`))!.status()).toBe(404);
  await stranger.close();
});

async function bookInOtherBrowser(browser: Browser, dayIndex: number, time: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openBooking(page);
  await fillPetAndContact(page, "Rocky");
  await chooseDayAndTime(page, dayIndex, time);
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page).toHaveURL(/\/reserva\/RES-/);
  await context.close();
}

test("a slot taken meanwhile says so, offers the day's free times and keeps what was typed", async ({
  page,
  browser,
}) => {
  await openBooking(page);
  const phone = await fillPetAndContact(page, "Luna");
  await chooseDayAndTime(page, 4, "11:00");
  await bookInOtherBrowser(browser, 4, "11:00");
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page.getByText("Ese horario acaba de ocuparse. Elige otro.").first()).toBeVisible();
  await expect(page.getByLabel("Nombre de tu mascota")).toHaveValue("Luna");
  await expect(page.getByLabel("Celular")).toHaveValue(phone);
  await expect(page.locator("label").filter({ hasText: /^11:00$/ })).toHaveCount(0);
  await page
    .locator("label")
    .filter({ hasText: /^11:30$/ })
    .click();
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page.getByText("11:30–12:00 (hora de Lima)")).toBeVisible();
});

test("the shopper moves the booking to another time, then cancels it", async ({ page }) => {
  await openBooking(page);
  await fillPetAndContact(page, "Kira");
  await chooseDayAndTime(page, 5, "12:00");
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page.getByText("12:00–12:30 (hora de Lima)")).toBeVisible();

  await page.getByRole("link", { name: "Cambiar horario" }).click();
  await freeDay(page, 6).click();
  await page
    .locator("label")
    .filter({ hasText: /^09:00$/ })
    .click();
  await page.getByRole("button", { name: "Guardar nuevo horario" }).click();
  await expect(page.getByText("09:00–09:30 (hora de Lima)")).toBeVisible();

  // One tap only asks: the booking is cancelled by the second.
  await page.locator("summary", { hasText: "Cancelar reserva" }).click();
  await expect(page.getByText("09:00–09:30 (hora de Lima)")).toBeVisible();
  await page.getByRole("button", { name: "Sí, cancelar reserva" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserva cancelada");
  await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
});

test("a signed-in shopper books with a saved pet and finds the booking in 'Mis Reservas'", async ({ page }) => {
  await registerCustomer(page, uniqueEmail("reserva"), "secreto123", "Rosa Quispe");
  await page.goto("/perfil?tab=mascotas");
  await page.getByRole("link", { name: "Agregar mascota" }).first().click();
  await page.getByLabel("Nombre", { exact: true }).fill("Bruno");
  await page.getByLabel("Especie").selectOption({ label: "Perro" });
  await page.getByLabel("Tamaño").selectOption({ label: "Grande" });
  await page.getByLabel("Raza").fill("Labrador");
  await page.getByRole("button", { name: "Guardar mascota" }).click();
  await expect(page.getByRole("heading", { name: "Bruno" })).toBeVisible();

  await openBooking(page);
  // The account's name is there already, and its saved pet is chosen with its details and size.
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Rosa Quispe");
  await expect(page.getByRole("radio", { name: /Bruno/ })).toBeChecked();
  await expect(page.getByLabel("Nombre de tu mascota")).toHaveValue("Bruno");
  await expect(page.getByLabel("Raza (opcional)")).toHaveValue("Labrador");
  await expect(page.getByRole("radio", { name: /Grande/ })).toBeChecked();
  await page.getByLabel("Celular").fill("987 111 222");
  await chooseDayAndTime(page, 8, "09:00");
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page.getByText("Bruno (Perro, Grande, Labrador)")).toBeVisible();
  const code = (await page.getByText(/^Reserva RES-\d{6}$/).textContent())!.replace("Reserva ", "");

  await page.goto("/perfil?tab=reservas");
  const row = page.getByRole("listitem").filter({ hasText: code });
  await expect(row).toContainText("Consulta Veterinaria General · Bruno");
  await row.getByRole("link", { name: "Ver, cambiar o cancelar" }).click();
  // The account opens its booking without the link's token.
  await expect(page).toHaveURL(new RegExp(`/reserva/${code}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Tu cita está reservada!");
  await screenshot(page, "booking-signed-in");
});

test.describe("on a 390 px phone without JavaScript", () => {
  // A phone on its own network: this spec's guest bookings from one address stay under its daily cap.
  test.use({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" },
  });

  test("each step is a plain form, and the booking still goes through", async ({ page }) => {
    await openBooking(page);
    await page.getByLabel("Nombre de tu mascota").fill("Nube");
    await page.getByLabel("Nombre", { exact: true }).fill("Pedro Díaz");
    await page.getByLabel("Celular").fill("912345678");
    await freeDay(page, 7).click();
    // The GET step kept what was typed.
    await expect(page.getByLabel("Nombre de tu mascota")).toHaveValue("Nube");
    await page
      .locator("label")
      .filter({ hasText: /^10:30$/ })
      .click();
    await page.getByRole("button", { name: "Confirmar reserva" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Tu cita está reservada!");
    await screenshot(page, "booking-phone-no-js");
  });
});

/** A Monday from the one after next, in Lima, that is no holiday: open in the demo schedule. */
function openMonday(): string {
  const lima = new Date(Date.now() - 5 * 3600_000);
  for (let days = ((8 - lima.getUTCDay()) % 7) + 7; ; days += 7) {
    const monday = new Date(lima.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    if (!isPeruHoliday(monday)) return monday;
  }
}

test("the owner takes a booking by phone, marks it attended and finds it in the agenda", async ({ page }) => {
  await signInAsAdmin(page);
  const day = openMonday();
  await page.goto("/admin/reservas/nueva");
  await page
    .getByRole("combobox", { name: "Servicio", exact: true })
    .selectOption({ label: "Baño y Corte para Perro" });
  await page.getByLabel("Tamaño de la mascota").selectOption({ index: 2 });
  // Typed day first, as the owner reads it (issue 40).
  await page.getByRole("textbox", { name: "Día", exact: true }).fill(day.split("-").reverse().join("/"));
  await page.getByRole("button", { name: "Ver horarios" }).click();
  await page
    .locator("label")
    .filter({ hasText: /^15:00$/ })
    .click();
  await page.getByLabel("Nombre", { exact: true }).first().fill("Max");
  await page.getByLabel("Nombre", { exact: true }).nth(1).fill("Carlos Vega");
  await page.getByLabel("Celular").fill("999 888 777");
  await page.getByRole("button", { name: "Guardar reserva" }).click();
  await expect(toast(page, "creada")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Reserva RES-\d{6}/);

  await page.getByRole("button", { name: "Marcar Atendida" }).click();
  await expect(page.getByLabel("Historial de la reserva")).toContainText("Atendida");

  await page.goto(`/admin/reservas?fecha=${day}`);
  const card = page.locator("li, article").filter({ hasText: "Carlos Vega" }).first();
  await expect(card).toContainText("Max");
  await expect(card).toContainText("Atendida");
  await expect(card).toContainText("15:00–17:00");
});
