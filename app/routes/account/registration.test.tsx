import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs, signUpCustomer } from "~test/auth";
import { startTestSmtpServer, type TestSmtpServer } from "~test/mail-server";
import { renderRoute, type RouteModule } from "~test/render-route";
import { setUpTestDatabase } from "~test/test-database";

import Activate, { action as activateAction, loader as activateLoader } from "./activate";
import SignIn, { action as signInAction, loader as signInLoader } from "./sign-in";

// Issue 29: the registration form answers a new address and a registered one alike (status,
// page, toast, cookies), so it cannot be used to find out who is a customer.

const { handle } = setUpTestDatabase();
let smtp: TestSmtpServer | undefined;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  await signUpCustomer("clienta@example.pe");
});

beforeEach(() => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "patitas-registration-page-")));
  vi.stubEnv("SMTP_URL", "");
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await smtp?.close();
  smtp = undefined;
});

const signInPage: RouteModule = { Page: SignIn as never, loader: signInLoader as never, action: signInAction as never };
const activatePage: RouteModule = {
  Page: Activate as never,
  loader: activateLoader as never,
  action: activateAction as never,
};

function register(email: string, clientIp: string) {
  const request = requestAs(null, "/auth?tab=registro", {
    method: "POST",
    body: new URLSearchParams({
      intent: "register",
      fullName: "Ana Torres",
      email,
      phone: "",
      password: "secreto123",
      confirmPassword: "secreto123",
      acceptsPrivacy: "on",
    }),
  });
  return renderRoute(signInPage, request, clientIp);
}

/** The raw message's body, quoted-printable undone. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

describe("the registration form", () => {
  test("answers a new address and a registered one with the same page, status and cookies", async () => {
    smtp = await startTestSmtpServer();
    vi.stubEnv("SMTP_URL", smtp.url);
    const fresh = await register("nueva-clienta@example.pe", "10.30.0.1");
    const known = await register("clienta@example.pe", "10.30.0.2");

    expect(known.status).toBe(fresh.status);
    expect(fresh.status).toBe(200);
    expect(known.toast).toBe(fresh.toast);
    expect(fresh.toast).toBe("Registro Exitoso: Te enviamos un correo para continuar con tu registro.");
    expect(known.html.replaceAll("clienta@example.pe", "X")).toBe(
      fresh.html.replaceAll("nueva-clienta@example.pe", "X"),
    );
    expect(fresh.html).toContain("Revisa tu Correo");
    expect(fresh.html).toContain("Te enviamos un correo a nueva-clienta@example.pe con los pasos para continuar");
    expect(fresh.html).not.toContain("Ya existe una cuenta");
    // Nobody is signed in by the answer: a session for a new address only would tell them apart.
    expect([...fresh.setCookies, ...known.setCookies].filter((line) => line.includes("session_token"))).toEqual([]);

    expect(smtp.received).toHaveLength(2);
    const [toNew, toKnown] = smtp.received.map(decode);
    expect(toNew).toContain("To: nueva-clienta@example.pe");
    expect(toNew).toContain("/auth/activar?token=");
    expect(toKnown).toContain("To: clienta@example.pe");
    expect(toKnown).toContain("Subject: Intento de registro con tu correo");
    expect(await handle().db.$count(users, eq(users.email, "nueva-clienta@example.pe"))).toBe(0);
  });

  test("without a mail server it warns that the activation link will not arrive, for any address alike", async () => {
    const form = await renderRoute(signInPage, requestAs(null, "/auth?tab=registro"));
    expect(form.html).toContain("el enlace para activar una cuenta nueva no te llegará por ahora");

    const fresh = await register("otra-nueva@example.pe", "10.30.0.3");
    const known = await register("clienta@example.pe", "10.30.0.4");
    expect(fresh.toast).toBe(
      "Registro Recibido: La tienda todavía no puede enviar correos. Lee el aviso de esta página.",
    );
    expect(known.toast).toBe(fresh.toast);
    expect(known.html.replaceAll("clienta@example.pe", "X")).toBe(fresh.html.replaceAll("otra-nueva@example.pe", "X"));
    expect(fresh.html).toContain("Escríbenos por WhatsApp");
    expect(fresh.html).not.toContain("Revisa tu Correo");
  });
});

describe("the activation page", () => {
  test("names the address of a valid link and asks for the password; a wrong one is said under the field", async () => {
    smtp = await startTestSmtpServer();
    vi.stubEnv("SMTP_URL", smtp.url);
    await register("activa@example.pe", "10.30.0.5");
    const token = /\/auth\/activar\?token=([\w-]+)/.exec(decode(smtp.received[0]!))![1]!;

    const page = await renderRoute(activatePage, requestAs(null, `/auth/activar?token=${token}`));
    expect(page.html).toContain(
      "Para activar la cuenta de activa@example.pe, ingresa la contraseña que elegiste al registrarte.",
    );
    expect(page.html).toContain("Activar mi cuenta");

    const wrong = await renderRoute(
      activatePage,
      requestAs(null, `/auth/activar?token=${token}`, {
        method: "POST",
        body: new URLSearchParams({ token, password: "otra" }),
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("La contraseña no coincide con la que elegiste al registrarte.");

    const forged = await renderRoute(activatePage, requestAs(null, "/auth/activar?token=inventado"));
    expect(forged.html).toContain("Enlace no válido");
    expect(forged.html).not.toContain("activa@example.pe");
  });
});
