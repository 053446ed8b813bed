import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs, signUpCustomer } from "~test/auth";
import { startTestSmtpServer, type TestSmtpServer } from "~test/mail-server";
import { renderRoute as renderPage, type RouteModule as Module } from "~test/render-route";
import { setUpTestDatabase } from "~test/test-database";

import Password, { action as passwordAction, loader as passwordLoader } from "./password";
import Profile, { action as profileAction, loader as profileLoader } from "./profile";

// The account screens that e-mail a link, rendered as the server renders them, with and
// without a mail server: without one (SMTP_URL unset) the link only reaches the outbox, so
// no screen may tell the shopper it was sent.

const { handle } = setUpTestDatabase();
let cookie: string;
let dataDir: string;
let smtp: TestSmtpServer | undefined;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  cookie = await signUpCustomer("sin-correo@example.pe");
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "patitas-account-mail-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await smtp?.close();
  smtp = undefined;
});

async function useMailServer() {
  smtp = await startTestSmtpServer();
  vi.stubEnv("SMTP_URL", smtp.url);
}

const passwordPage: Module = {
  Page: Password as never,
  loader: passwordLoader as never,
  action: passwordAction as never,
};
const profilePage: Module = { Page: Profile as never, loader: profileLoader as never, action: profileAction as never };

function requestRecovery(email: string) {
  return requestAs(null, "/auth/forgot-password", {
    method: "POST",
    body: new URLSearchParams({ intent: "request", email }),
  });
}

function changeEmail(email: string) {
  return requestAs(cookie, "/perfil", {
    method: "POST",
    body: new URLSearchParams({ intent: "profile", fullName: "Cliente de Prueba", phone: "", email, address: "" }),
  });
}

describe("password recovery", () => {
  test("without a mail server the form warns before sending, and the answer does not say a link was sent", async () => {
    const form = await renderPage(passwordPage, requestAs(null, "/auth/forgot-password"));
    expect(form.html).toContain("el enlace para restablecer tu contraseña no te llegará por ahora");
    expect(form.html).toContain("https://wa.me/51987654321?text=");

    for (const email of ["sin-correo@example.pe", "nadie@example.pe"]) {
      const answer = await renderPage(passwordPage, requestRecovery(email));
      expect(answer.html).toContain("Solicitud Recibida");
      expect(answer.html).not.toContain("Revisa tu Correo");
      expect(answer.html).not.toContain("te enviamos un enlace");
      expect(answer.html).toContain("Escríbenos por WhatsApp");
      expect(answer.toast).toBe(
        "Solicitud Recibida: La tienda todavía no puede enviar correos. Lee el aviso de esta página.",
      );
    }
    // The registered address's link is in the outbox all the same, for the owner to find.
    expect(readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
  });

  test("with a mail server it is the spec's 'Revisa tu Correo', with no warning", async () => {
    await useMailServer();
    const form = await renderPage(passwordPage, requestAs(null, "/auth/forgot-password"));
    expect(form.html).not.toContain("no te llegará");

    const answer = await renderPage(passwordPage, requestRecovery("sin-correo@example.pe"));
    expect(answer.html).toContain("Revisa tu Correo");
    expect(answer.html).toContain(
      "Si el correo está registrado, te enviamos un enlace para elegir una nueva contraseña.",
    );
    expect(answer.html).not.toContain("Escríbenos por WhatsApp");
    expect(answer.toast).toBe(
      "Solicitud Enviada: Si el correo está registrado, recibirás un enlace para restablecer tu contraseña.",
    );
    expect(smtp!.received).toHaveLength(1);
  });
});

describe("e-mail change on the profile", () => {
  test("without a mail server the profile warns, and the change is pending rather than 'sent'", async () => {
    const page = await renderPage(profilePage, requestAs(cookie, "/perfil"));
    expect(page.html).toContain("un cambio de correo no se puede confirmar por ahora");

    const answer = await renderPage(profilePage, changeEmail("nuevo-1@example.pe"));
    expect(answer.toast).toBe(
      "Confirma tu nuevo correo: Tu nuevo correo (nuevo-1@example.pe) queda pendiente de confirmación, pero la tienda todavía no puede enviarte el enlace. Escríbenos por WhatsApp y te ayudamos.",
    );
  });

  test("with a mail server the note says the link was sent to the new address", async () => {
    await useMailServer();
    const page = await renderPage(profilePage, requestAs(cookie, "/perfil"));
    expect(page.html).not.toContain("no se puede confirmar");

    const answer = await renderPage(profilePage, changeEmail("nuevo-2@example.pe"));
    expect(answer.toast).toBe(
      "Confirma tu nuevo correo: Te enviamos un enlace a nuevo-2@example.pe para confirmar tu nuevo correo.",
    );
    expect(smtp!.received.some((mail) => mail.includes("nuevo-2@example.pe"))).toBe(true);
  });
});
