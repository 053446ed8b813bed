import { expect, test } from "@playwright/test";

import { screenshot, signInAsAdmin, toast, uniqueEmail } from "./support";

const PHONE = { width: 390, height: 844 };

test.describe("Mensajes de contacto en la gestión", () => {
  test("a message sent from /contacto arrives unread, can be marked read and unread, and deleted", async ({ page }) => {
    // Two sign-ins' worth of page loads: the storefront form, the admin and three reloads.
    test.slow();
    const email = uniqueEmail("contacto");
    const subject = `Arena para gatos ${Date.now() % 100000}`;
    await page.goto("/contacto");
    const form = page.getByRole("form", { name: "Formulario de contacto" });
    await form.getByLabel("Nombre completo").fill("Pedro Huamán");
    await form.getByLabel("Correo electrónico").fill(email);
    await form.getByLabel("Asunto").fill(subject);
    await form.getByLabel("Mensaje").fill("Hola,\n¿tienen arena <aglomerante> de 10 kg?");
    await form.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(toast(page, "Mensaje Enviado")).toBeVisible();

    await signInAsAdmin(page);
    await page.goto("/admin/mensajes");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Mensajes de Contacto \(\d+ sin leer\)$/);
    const unreadBefore = Number((await heading.textContent())!.match(/\((\d+) sin leer\)/)![1]);

    const message = page.getByRole("article", { name: subject });
    await expect(message).toBeVisible();
    await expect(message).toContainText("No leído");
    await expect(message).toContainText("Pedro Huamán");
    expect(await message.getByText("Hola,").innerText()).toBe("Hola,\n¿tienen arena <aglomerante> de 10 kg?");
    await expect(message.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(message.getByRole("link", { name: "Responder por correo" })).toHaveAttribute(
      "href",
      `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    // Unread ones come first: the new message is in the first group.
    const articles = page.getByRole("article");
    const position = await articles.evaluateAll(
      (nodes, name) => nodes.findIndex((node) => node.textContent?.includes(name)),
      subject,
    );
    expect(position).toBeLessThan(unreadBefore);
    await screenshot(page, "admin-messages-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "admin-messages-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    await message.getByRole("button", { name: "Marcar como leído" }).click();
    await expect(message.getByRole("button", { name: "Marcar como no leído" })).toBeVisible();
    await expect(message).not.toContainText("No leído");
    await expect(heading).not.toHaveText(`Mensajes de Contacto (${unreadBefore} sin leer)`);
    await page.reload();
    await expect(
      page.getByRole("article", { name: subject }).getByRole("button", { name: "Marcar como no leído" }),
    ).toBeVisible();

    await page.getByRole("article", { name: subject }).getByRole("button", { name: "Marcar como no leído" }).click();
    await expect(page.getByRole("article", { name: subject })).toContainText("No leído");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Mensajes de Contacto (${unreadBefore} sin leer)`);

    // Erased on request (Ley 29733): after '¿Estás seguro?', the message is gone for good.
    await page
      .getByRole("article", { name: subject })
      .getByRole("button", { name: `Eliminar el mensaje de Pedro Huamán (${email})` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "¿Estás seguro?" });
    await expect(dialog).toContainText(`Se eliminará permanentemente el mensaje de Pedro Huamán (${email}).`);
    await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(toast(page, "Mensaje Eliminado")).toBeVisible();
    await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(
      `Mensajes de Contacto (${unreadBefore} sin leer)`,
    );
  });
});
