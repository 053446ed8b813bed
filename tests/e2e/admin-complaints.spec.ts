import { expect, type Page, test } from "@playwright/test";

import { readLatestMail, screenshot, signInAsAdmin, toast, uniqueEmail } from "./support";

const PHONE = { width: 390, height: 844 };

/** Files a complaint on the storefront and returns its code. */
async function fileComplaint(page: Page, consumer: { fullName: string; email: string }): Promise<string> {
  await page.goto("/libro-reclamaciones");
  await page.getByLabel("Nombre completo", { exact: true }).fill(consumer.fullName);
  await page.getByLabel("Número de documento").fill("71234567");
  await page.getByLabel("Teléfono").fill("987 654 321");
  await page.getByLabel("Correo electrónico").fill(consumer.email);
  await page.getByLabel("Dirección").fill("Calle Las Flores 123, Surco");
  await page.getByLabel("Producto o servicio (opcional)").fill("Arnés para perro talla M");
  await page.getByLabel("Monto reclamado en S/ (opcional)").fill("79.90");
  await page.getByLabel("Detalle de la reclamación").fill("Llegó la talla S.\nLa caja venía <abierta>.");
  await page.getByLabel("Pedido del consumidor").fill("Que me cambien el arnés.");
  await page.getByLabel(/Acepto los términos y condiciones/).check();
  await page.getByRole("button", { name: "Enviar Reclamación" }).click();
  await expect(page.getByRole("heading", { name: "Reclamación Enviada" })).toBeVisible();
  return (await page.getByTestId("complaint-code").textContent())!;
}

test.describe("Libro de Reclamaciones en la gestión", () => {
  test("the owner answers a complaint: stored, not claimed as e-mailed without a mail server, read-only, printable", async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail("reclamante");
    const fullName = `Rosa Mamani ${Date.now() % 100000}`;
    const code = await fileComplaint(page, { fullName, email });

    await signInAsAdmin(page);
    await page.goto("/admin/reclamaciones");
    await expect(page.getByRole("heading", { level: 1, name: "Libro de Reclamaciones" })).toBeVisible();
    await expect(
      page.getByText(/no se eliminan: el Libro de Reclamaciones se conserva al menos dos años/),
    ).toBeVisible();
    // The test server has no SMTP_URL: the owner is warned that no answer reaches the consumer by e-mail.
    await expect(page.getByRole("status").filter({ hasText: "Correo no configurado." })).toContainText(
      "las copias y respuestas de las reclamaciones no le llegan al consumidor por correo",
    );
    await page.getByLabel("Buscar").fill(code);
    await page.getByRole("button", { name: "Filtrar" }).click();
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(fullName);
    await expect(row).toContainText("Reclamo");
    await expect(row).toContainText("Pendiente");
    // Filed today: all fifteen business days are left.
    await expect(row.getByTestId("deadline-badge")).toHaveText("Quedan 15 días hábiles");
    await expect(page.getByRole("button", { name: /Eliminar/ })).toHaveCount(0);
    await page.getByLabel("Buscar").fill("");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await screenshot(page, "admin-complaints-list-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "admin-complaints-list-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/admin/reclamaciones?q=${code}`);
    await page.getByRole("link", { name: code, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Reclamación ${code}` })).toBeVisible();
    const consumer = page.getByRole("region", { name: "1. Identificación del Consumidor Reclamante" });
    await expect(consumer).toContainText(fullName);
    await expect(consumer).toContainText("DNI 71234567");
    await expect(consumer).toContainText(email);
    await expect(page.getByRole("region", { name: "2. Identificación del Bien Contratado" })).toContainText(
      "S/\u00a079.90",
    );
    const detail = page.getByRole("region", { name: "3. Detalle de la Reclamación y Pedido del Consumidor" });
    // Escaped and with its line break kept.
    expect(await detail.getByText("Llegó la talla S.").innerText()).toBe("Llegó la talla S.\nLa caja venía <abierta>.");
    await expect(page.getByText("Patitas Felices S.A.C.")).toBeVisible();

    // A second tab left open on the same complaint, to answer it again later.
    const staleTab = await page.context().newPage();
    await staleTab.goto(page.url());

    const answerBox = page.getByLabel("Respuesta al consumidor");
    await expect(answerBox).toHaveAccessibleDescription(
      /no se enviará por correo: entrégala al consumidor por otro medio/,
    );
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect(toast(page, "Escribe la respuesta para el consumidor.")).toBeVisible();
    await expect(answerBox).toHaveAccessibleDescription(/Escribe la respuesta para el consumidor\./);
    const answer = "Lamentamos lo ocurrido.\nLe enviaremos la talla M sin costo esta semana.";
    await answerBox.fill(answer);
    await screenshot(page, "admin-complaint-detail-desktop");
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect(toast(page, "Respuesta Guardada")).toContainText(
      "quedó registrada, pero no se envió por correo: la tienda no tiene un servidor de correo configurado.",
    );
    await expect(toast(page, "Respuesta Enviada")).toHaveCount(0);

    // Read-only from now on.
    await expect(page.getByText("Esta reclamación ya fue respondida y no se puede modificar.")).toBeVisible();
    await expect(page.getByLabel("Respuesta al consumidor")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Enviar respuesta" })).toHaveCount(0);
    const providerSection = page.getByRole("region", {
      name: "4. Observaciones y Acciones Adoptadas por el Proveedor",
    });
    expect(await providerSection.getByText("Lamentamos lo ocurrido.").innerText()).toBe(answer);
    await expect(providerSection).toContainText("admin");
    await expect(providerSection).toContainText("No enviada por correo: entrégala al consumidor por otro medio.");
    // The answer goes by WhatsApp instead, prefilled to the consumer's phone.
    const whatsapp = providerSection.getByRole("link", { name: /Enviar respuesta por WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    const whatsappUrl = new URL((await whatsapp.getAttribute("href"))!);
    expect(whatsappUrl.hostname).toBe("wa.me");
    expect(whatsappUrl.searchParams.get("text")).toContain(`sobre su reclamación ${code}`);
    expect(whatsappUrl.searchParams.get("text")).toContain(answer);
    await screenshot(page, "admin-complaint-answered-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "admin-complaint-answered-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The message is still written to the outbox, as the runtime contract says.
    const mail = await readLatestMail(email, "Le enviaremos la talla M");
    expect(mail).toContain(`Respuesta a tu reclamación ${code}`);
    expect(mail).toContain("Lamentamos lo ocurrido.");
    expect(mail).toContain("Pedido: Que me cambien el arnés.");

    // The stale tab's answer is refused and the stored one stays.
    await staleTab.getByLabel("Respuesta al consumidor").fill("Otra respuesta distinta.");
    await staleTab.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect(toast(staleTab, "Esta reclamación ya fue respondida.")).toBeVisible();
    await expect(staleTab.getByText("Esta reclamación ya fue respondida y no se puede modificar.")).toBeVisible();
    await expect(staleTab.getByText("Otra respuesta distinta.")).toHaveCount(0);
    await staleTab.close();

    // The printable sheet.
    await page.getByRole("link", { name: "Imprimir hoja" }).click();
    await expect(page).toHaveURL(/\/admin\/reclamaciones\/\d+\/hoja$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hoja de Reclamación" })).toBeVisible();
    await expect(page.getByTestId("sheet-code")).toHaveText(code);
    await expect(page.getByRole("navigation", { name: "Gestión" })).toHaveCount(0);
    for (const section of [
      "1. Identificación del Consumidor Reclamante",
      "2. Identificación del Bien Contratado",
      "3. Detalle de la Reclamación y Pedido del Consumidor",
      "4. Observaciones y Acciones Adoptadas por el Proveedor",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByText("20603128479")).toBeVisible();
    await expect(page.getByRole("region", { name: /^4\./ })).toContainText("Le enviaremos la talla M");
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await page.getByRole("button", { name: "Imprimir" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await screenshot(page, "admin-complaint-sheet-screen");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
    await screenshot(page, "admin-complaint-sheet-print");
    await page.emulateMedia({ media: "screen" });

    // Answered: listed under 'Respondido' with its date instead of a deadline.
    await page.goto(`/admin/reclamaciones?estado=respondido&q=${code}`);
    const answeredRow = page.getByRole("row").filter({ hasText: code });
    await expect(answeredRow).toContainText("Respondido");
    await expect(answeredRow).toContainText("Respondida el");
    await expect(answeredRow).toContainText("No enviada por correo");
    await page.goto(`/admin/reclamaciones?estado=pendiente&q=${code}`);
    await expect(page.getByText("No hay reclamaciones con estos filtros.")).toBeVisible();
  });
});
