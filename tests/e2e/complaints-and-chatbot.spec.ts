import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { addBusinessDays } from "../../app/domain/calendar/business-days";
import { formatLongDate, getLimaDate } from "../../app/domain/calendar/lima-time";
import { readLatestMail, screenshot, toast } from "./support";

const PHONE = { width: 360, height: 800 };

/** axe on the page, minus the shared toast viewport (its <ol> holds <li role="alert">). */
async function expectNoSeriousAccessibilityViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("ol:has(> [data-toast])")
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(blocking).toEqual([]);
}

async function fillAdultConsumer(page: Page): Promise<void> {
  await page.getByLabel("Nombre completo", { exact: true }).fill("Lucía Ramos Quispe");
  await page.getByLabel("Número de documento").fill("71234567");
  await page.getByLabel("Teléfono").fill("987 654 321");
  await page.getByLabel("Correo electrónico").fill("lucia@example.pe");
  await page.getByLabel("Dirección").fill("Calle Las Flores 123, Surco");
  await page.getByLabel("Detalle de la reclamación").fill("Me atendieron con mucha demora.");
  await page.getByLabel("Pedido del consumidor").fill("Que mejoren la atención.");
}

test.describe("Libro de Reclamaciones", () => {
  test("a minor files a complaint with a guardian and gets its code and deadline", async ({ page }) => {
    // The longest flow here: some twenty fields, a filing and two page loads.
    test.slow();
    await page.goto("/libro-reclamaciones");
    await expect(page.getByRole("heading", { level: 1, name: "Libro de Reclamaciones" })).toBeVisible();
    await expect(page.getByText("Patitas Felices S.A.C.")).toBeVisible();
    await expect(page.getByText("20603128479")).toBeVisible();
    for (const legend of [
      "Identificación del Consumidor Reclamante",
      "Identificación del Bien Contratado",
      "Detalle de la Reclamación y Pedido del Consumidor",
    ]) {
      await expect(page.getByRole("group", { name: legend })).toBeVisible();
    }
    await expect(page.getByRole("radio", { name: /^Reclamo/ })).toBeChecked();
    await expect(page.getByText(/quince \(15\) días hábiles improrrogables/)).toBeVisible();
    await expect(page.getByText(/denuncia ante el INDECOPI/)).toBeVisible();

    const guardianName = page.getByLabel("Nombre completo del padre, madre o apoderado");
    await expect(guardianName).toBeHidden();
    await page.getByLabel("El consumidor reclamante es menor de edad").check();
    await expect(guardianName).toBeVisible();

    await fillAdultConsumer(page);
    await guardianName.fill("Carmen Quispe Rojas");
    await page.getByLabel("N.° de documento del padre, madre o apoderado").fill("41234567");
    await page.getByLabel("Producto o servicio (opcional)").fill("Baño y corte");
    await page.getByLabel("Monto reclamado en S/ (opcional)").fill("60.50");
    await page.getByRole("radio", { name: /^Queja/ }).check();
    await page.getByLabel(/Acepto los términos y condiciones/).check();
    await screenshot(page, "complaint-form-filled-desktop");
    await page.getByRole("button", { name: "Enviar Reclamación" }).click();

    await expect(page.getByRole("heading", { name: "Reclamación Enviada" })).toBeVisible();
    await expect(
      toast(page, "Tu reclamación ha sido registrada. Nos pondremos en contacto contigo pronto."),
    ).toBeVisible();
    await expect(page.getByTestId("complaint-code")).toHaveText(/^\d{4}-\d{6}$/);
    const expectedDeadline = formatLongDate(addBusinessDays(getLimaDate(new Date()), 15));
    await expect(page.getByTestId("complaint-due-date")).toHaveText(expectedDeadline);
    // No SMTP_URL on the test server: the copy only reaches the outbox, so the page does not
    // claim it was e-mailed; it shows the whole copy and offers to print it instead.
    await expect(page.getByTestId("complaint-copy-notice")).toHaveText(
      "No pudimos enviarte la copia por correo. Imprime o guarda esta página: es la constancia de tu reclamación.",
    );
    await expect(page.getByText("Te enviamos una copia")).toHaveCount(0);
    const filedCopy = page.getByTestId("complaint-copy");
    await expect(filedCopy).toContainText("Carmen Quispe Rojas");
    await expect(filedCopy).toContainText("Baño y corte");
    await expect(filedCopy).toContainText("Queja");
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await page.getByRole("button", { name: "Imprimir o guardar en PDF" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await screenshot(page, "complaint-confirmation-desktop");
    // Printed, the copy keeps the book's header and drops the shop's chrome and the buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1, name: "Libro de Reclamaciones" })).toBeVisible();
    await expect(page.getByTestId("complaint-copy")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: "Imprimir o guardar en PDF" })).toBeHidden();
    await screenshot(page, "complaint-confirmation-print");
    await page.emulateMedia({ media: "screen" });

    // The message is still written to the outbox, as the runtime contract says. Anyone can type
    // any address, so it carries nothing the sender typed (issue 29): the code, the provider
    // and a signed link to the full copy.
    const code = (await page.getByTestId("complaint-code").textContent())!;
    const notice = await readLatestMail("lucia@example.pe", code);
    expect(notice).toContain("Patitas Felices S.A.C.");
    expect(notice).not.toContain("Carmen Quispe Rojas");
    const link = new URL(/https?:\/\/\S+\/libro-reclamaciones\/copia\?token=[\w.-]+/.exec(notice)![0]);

    // A reload shows the empty book again and files nothing twice.
    await page.reload();
    await expect(page.getByRole("button", { name: "Enviar Reclamación" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reclamación Enviada" })).toHaveCount(0);

    // The notice's link shows the full copy, and e-mails it to the address on request.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { name: "Copia de tu Reclamación" })).toBeVisible();
    await expect(page.getByTestId("complaint-code")).toHaveText(code);
    await expect(page.getByTestId("complaint-copy")).toContainText("Carmen Quispe Rojas");
    await page.getByRole("button", { name: /Enviar la copia completa a lucia@example\.pe/ }).click();
    await expect(toast(page, "Copia No Enviada")).toBeVisible();
    const copy = await readLatestMail("lucia@example.pe", "Carmen Quispe Rojas");
    expect(copy).toContain(code);
    expect(copy).toContain("Patitas Felices S.A.C.");
  });

  test("without the terms accepted it says 'Debes aceptar los términos y condiciones.'", async ({ page }) => {
    await page.goto("/libro-reclamaciones");
    await fillAdultConsumer(page);
    await page.getByRole("button", { name: "Enviar Reclamación" }).click();
    await expect(toast(page, "Error de Envío")).toContainText("Debes aceptar los términos y condiciones.");
    await expect(page.getByLabel(/Acepto los términos y condiciones/)).toHaveAccessibleDescription(
      "Debes aceptar los términos y condiciones.",
    );
    await expect(page.getByRole("heading", { name: "Reclamación Enviada" })).toHaveCount(0);
  });

  test("an empty submit shows each field's error next to it and focuses the first", async ({ page }) => {
    await page.goto("/libro-reclamaciones");
    await page.getByLabel("El consumidor reclamante es menor de edad").check();
    await page.getByRole("button", { name: "Enviar Reclamación" }).click();
    const fullName = page.getByLabel("Nombre completo", { exact: true });
    await expect(fullName).toHaveAccessibleDescription("Ingresa tu nombre completo.");
    await expect(fullName).toBeFocused();
    await expect(page.getByLabel("Número de documento")).toHaveAccessibleDescription("Ingresa tu número de documento.");
    await expect(page.getByLabel("Teléfono")).toHaveAccessibleDescription("Ingresa tu teléfono.");
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ingresa tu correo electrónico.");
    await expect(page.getByLabel("Dirección")).toHaveAccessibleDescription("Ingresa tu dirección.");
    await expect(page.getByLabel("Nombre completo del padre, madre o apoderado")).toHaveAccessibleDescription(
      "Ingresa el nombre completo del padre, madre o apoderado.",
    );
    await expect(page.getByLabel("Detalle de la reclamación")).toHaveAccessibleDescription(
      /Describe el detalle de tu reclamo o queja\./,
    );
    await expect(page.getByLabel("Pedido del consumidor")).toHaveAccessibleDescription(/Indica cuál es tu pedido\./);
    // The optional fields stay quiet.
    await expect(page.getByLabel("Producto o servicio (opcional)")).not.toHaveAttribute("aria-invalid", "true");
    await screenshot(page, "complaint-errors-desktop");
    await expectNoSeriousAccessibilityViolation(page);

    // A fixed field loses its message at once; unticking "minor" drops the guardian's.
    await fullName.fill("Lucía Ramos");
    await expect(page.getByText("Ingresa tu nombre completo.")).toHaveCount(0);
    await page.getByLabel("El consumidor reclamante es menor de edad").uncheck();
    await expect(page.getByText("Ingresa el nombre completo del padre, madre o apoderado.")).toHaveCount(0);
  });

  test("on a phone the book fits 360 px and a complaint goes through", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/libro-reclamaciones");
    await fillAdultConsumer(page);
    await page.getByLabel(/Acepto los términos y condiciones/).check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "complaint-form-mobile");
    await page.getByRole("button", { name: "Enviar Reclamación" }).click();
    await expect(page.getByTestId("complaint-code")).toHaveText(/^\d{4}-\d{6}$/);
    await screenshot(page, "complaint-confirmation-mobile");
  });
});

test.describe("Libro de Reclamaciones without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the form, keeps what was typed, and the minor box still reveals the guardian", async ({
    page,
  }) => {
    await page.goto("/libro-reclamaciones");
    const guardianName = page.getByLabel("Nombre completo del padre, madre o apoderado");
    await expect(guardianName).toBeHidden();
    await page.getByLabel("El consumidor reclamante es menor de edad").check();
    await expect(guardianName).toBeVisible();

    await page.getByLabel("Nombre completo", { exact: true }).fill("Lucía Ramos Quispe");
    await page.getByLabel("Correo electrónico").fill("lucia@");
    await page.getByRole("button", { name: "Enviar Reclamación" }).click();

    await expect(page.getByLabel("Nombre completo", { exact: true })).toHaveValue("Lucía Ramos Quispe");
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(
      "Ingresa un correo electrónico válido, por ejemplo nombre@correo.com.",
    );
    await expect(page.getByLabel("Número de documento")).toHaveAccessibleDescription("Ingresa tu número de documento.");
    await expect(guardianName).toHaveAccessibleDescription("Ingresa el nombre completo del padre, madre o apoderado.");
    await expect(page.getByLabel(/Acepto los términos y condiciones/)).toHaveAccessibleDescription(
      "Debes aceptar los términos y condiciones.",
    );

    await fillAdultConsumer(page);
    await page.getByLabel("El consumidor reclamante es menor de edad").uncheck();
    await page.getByLabel(/Acepto los términos y condiciones/).check();
    await page.getByRole("button", { name: "Enviar Reclamación" }).click();
    await expect(page.getByRole("heading", { name: "Reclamación Enviada" })).toBeVisible();
    await expect(page.getByTestId("complaint-code")).toHaveText(/^\d{4}-\d{6}$/);
  });
});

test.describe("Asistente virtual", () => {
  async function openChat(page: Page) {
    await page.getByRole("button", { name: "Abrir asistente virtual" }).click();
    const panel = page.getByRole("dialog", { name: "Asistente Virtual" });
    await expect(panel).toBeVisible();
    return { panel, log: panel.getByRole("log"), input: panel.getByPlaceholder("Escribe tu mensaje...") };
  }

  test("greets, answers by keyword without caring about accents, and falls back to the default", async ({ page }) => {
    await page.goto("/");
    const { panel, log, input } = await openChat(page);
    await expect(log.locator("[data-sender]")).toHaveCount(1);
    await expect(log.locator('[data-sender="bot"]').first()).toContainText(
      "¡Hola! Soy el asistente virtual de Patitas Felices",
    );
    await expect(input).toBeFocused();

    await input.fill("hola");
    await input.press("Enter");
    await expect(log.locator('[data-sender="user"]').last()).toHaveText(/hola$/);
    await expect(log.locator('[data-sender="bot"]').last()).toContainText("¡Hola! Soy el asistente virtual");

    await input.fill("  ¿cuál es su ubicación?  ");
    await panel.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(log.locator('[data-sender="user"]').last()).toHaveText(/¿cuál es su ubicación\?$/);
    await expect(log.locator('[data-sender="bot"]').last()).toContainText(
      "Estamos en Av. Primavera 1234, Santiago de Surco, Lima.",
    );
    await expect(input).toHaveValue("");

    await input.fill("xyzzy plugh");
    await input.press("Enter");
    await expect(log.locator('[data-sender="bot"]').last()).toContainText("Lo siento, no entendí tu pregunta.");
    await expect(log.locator("[data-sender]")).toHaveCount(7);

    await input.fill("   ");
    await input.press("Enter");
    await panel.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(log.locator("[data-sender]")).toHaveCount(7);
    await expect(input).toHaveValue("");

    // The newest message is scrolled into view.
    await expect(log.locator("[data-sender]").last()).toBeInViewport();
    await screenshot(page, "chatbot-desktop");
    await page.screenshot({ path: "e2e-screens/chatbot-desktop-viewport.png" });
    await expectNoSeriousAccessibilityViolation(page);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Abrir asistente virtual" })).toBeFocused();
  });

  test("the history survives a reload and a new page", async ({ page }) => {
    await page.goto("/faq");
    const first = await openChat(page);
    await first.input.fill("¿Cuál es su horario?");
    await first.input.press("Enter");
    await expect(first.log.locator('[data-sender="bot"]').last()).toContainText("Lunes a Sábado: 9:00 AM - 7:00 PM");

    await page.reload();
    const again = await openChat(page);
    await expect(again.log.locator("[data-sender]")).toHaveCount(3);
    await expect(again.log.locator('[data-sender="user"]')).toHaveText(/¿Cuál es su horario\?$/);

    await page.goto("/contacto");
    const elsewhere = await openChat(page);
    await expect(elsewhere.log.locator("[data-sender]")).toHaveCount(3);
  });

  test("on a 360 px phone the chat and WhatsApp fold into one button, and the panel fits the screen", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Abrir asistente virtual", includeHidden: true })).toHaveCount(1);
    // The folded button keeps off the text while the shopper reads; it shows at the page's end
    // (tests/e2e/floating-buttons.spec.ts checks where and when).
    const contact = page.getByLabel("Contáctanos", { exact: true });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(contact).toBeInViewport();
    const contactBox = (await contact.boundingBox())!;
    await contact.click();
    const toggle = page.getByRole("button", { name: "Abrir asistente virtual" });
    const whatsapp = page.getByRole("link", { name: "Escríbenos por WhatsApp" });
    await expect(whatsapp).toBeVisible();
    const toggleBox = (await toggle.boundingBox())!;
    const whatsappBox = (await whatsapp.boundingBox())!;
    expect(contactBox.width).toBe(48);
    expect(toggleBox.y + toggleBox.height).toBeLessThanOrEqual(whatsappBox.y);
    expect(whatsappBox.y + whatsappBox.height).toBeLessThanOrEqual(contactBox.y);
    expect(Math.abs(toggleBox.x + toggleBox.width - (contactBox.x + contactBox.width))).toBeLessThanOrEqual(1);

    const { panel, input } = await openChat(page);
    const panelBox = (await panel.boundingBox())!;
    const headerBox = (await page.getByRole("banner").first().boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(panelBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(PHONE.height);
    await input.fill("delivery");
    await input.press("Enter");
    await expect(panel.getByRole("log").locator('[data-sender="bot"]').last()).toContainText("delivery");
    await screenshot(page, "chatbot-mobile");
    // The panel is fixed to the screen: a viewport shot shows it as a visitor does.
    await page.screenshot({ path: "e2e-screens/chatbot-mobile-viewport.png" });
  });
});
