import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { requireUser } from "~/auth/guards.server";
import { customerProfiles, users } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs, signUpCustomer, toCookieHeader } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { signInCustomer } from "./account.server";
import { activateCustomer, readActivationEmail, registerCustomer } from "./registration.server";

// Issue 29: registration must not tell whether an address has an account. No account exists
// until the address's owner follows the e-mailed link with the password chosen at registration.

const { handle } = setUpTestDatabase();
let outbox: string;

beforeAll(async () => {
  await seedDemoShop(handle().db);
});
beforeEach(() => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-registration-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
  outbox = path.join(dataDir, "outbox");
});

function readOutbox(): string[] {
  try {
    return readdirSync(outbox).map((file) =>
      Buffer.from(
        readFileSync(path.join(outbox, file), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8"),
    );
  } catch {
    return [];
  }
}

function readActivationToken(mail: string): string {
  const token = /\/auth\/activar\?token=([\w-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`No activation link in:\n${mail}`);
  return token;
}

const form = (email: string, password = "secreto1") => ({
  fullName: "Rosa <b>Mamani</b> visita http://estafa.example",
  email,
  phone: "987 654 321",
  password,
});

async function countUsers(email: string): Promise<number> {
  return handle().db.$count(users, eq(users.email, email));
}

describe("registration", () => {
  test("a new address gets an activation link and no account until it is followed with the chosen password", async () => {
    const now = new Date();
    expect(await registerCustomer("10.20.0.1", form("nueva@example.pe"), now)).toEqual({ ok: true });
    expect(await countUsers("nueva@example.pe")).toBe(0);

    const mails = readOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("To: nueva@example.pe");
    expect(mails[0]).toContain("Subject: Activa tu cuenta");
    // Nothing the registrant typed is e-mailed to the address typed.
    expect(mails[0]).not.toContain("Mamani");
    expect(mails[0]).not.toContain("estafa.example");
    const token = readActivationToken(mails[0]!);
    expect(await readActivationEmail(token)).toBe("nueva@example.pe");

    const request = requestAs(null, "/auth/activar", { method: "POST" });
    expect(await activateCustomer(request, token, "otra-clave")).toEqual({ status: "wrong-password" });
    expect(await countUsers("nueva@example.pe")).toBe(0);

    const activated = await activateCustomer(request, token, "secreto1");
    if (activated.status !== "activated") throw new Error(activated.status);
    const user = await requireUser(requestAs(toCookieHeader(activated.cookies), "/perfil"));
    expect(user).toMatchObject({ email: "nueva@example.pe", role: "user" });
    const [stored] = await handle().db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.emailVerified).toBe(true);
    const [profile] = await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, user.id));
    expect(profile).toMatchObject({ phone: "987 654 321" });
    expect(profile!.privacyAcceptedAt?.toISOString()).toBe(now.toISOString());

    // The link is used up.
    expect(await readActivationEmail(token)).toBeNull();
    expect(await activateCustomer(request, token, "secreto1")).toEqual({ status: "expired" });
  });

  test("a registered address gets the same answer and no change; its owner gets a notice, not a link", async () => {
    await signUpCustomer("duena@example.pe", "clave-de-la-duena");
    expect(await registerCustomer("10.20.0.2", form("duena@example.pe", "clave-del-extrano"))).toEqual({ ok: true });

    const [notice] = readOutbox();
    expect(notice).toContain("To: duena@example.pe");
    expect(notice).toContain("Subject: Intento de registro con tu correo");
    expect(notice).toContain("http://localhost:3000/auth/forgot-password");
    expect(notice).not.toContain("/auth/activar");
    expect(notice).not.toContain("Mamani");
    expect(await countUsers("duena@example.pe")).toBe(1);

    // The stranger's password opens nothing; the owner's still works.
    const signIn = (password: string) =>
      signInCustomer(requestAs(null, "/auth", { method: "POST" }), "10.20.0.3", {
        email: "duena@example.pe",
        password,
      });
    expect(await signIn("clave-del-extrano")).toEqual({
      ok: false,
      message: "Correo electrónico o contraseña incorrectos.",
    });
    expect((await signIn("clave-de-la-duena")).ok).toBe(true);
  });

  test("signing in with the password of a registration not yet activated fails like any wrong password", async () => {
    await registerCustomer("10.20.0.4", form("pendiente@example.pe", "clave-elegida"));
    const outcome = await signInCustomer(requestAs(null, "/auth", { method: "POST" }), "10.20.0.4", {
      email: "pendiente@example.pe",
      password: "clave-elegida",
    });
    expect(outcome).toEqual({ ok: false, message: "Correo electrónico o contraseña incorrectos." });
  });

  test("the link expires after 24 hours by the server's clock", async () => {
    const filedAt = new Date("2026-05-04T15:00:00Z");
    await registerCustomer("10.20.0.5", form("tarde@example.pe"), filedAt);
    const token = readActivationToken(readOutbox()[0]!);
    const nextDay = new Date(filedAt.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect(await readActivationEmail(token, new Date(filedAt.getTime() + 60 * 60 * 1000))).toBe("tarde@example.pe");
    expect(await readActivationEmail(token, nextDay)).toBeNull();
    expect(await activateCustomer(requestAs(null, "/auth/activar"), token, "secreto1", nextDay)).toEqual({
      status: "expired",
    });
    expect(await countUsers("tarde@example.pe")).toBe(0);
  });

  test("five wrong passwords on one link stop it for a while, even with the right one", async () => {
    await registerCustomer("10.20.0.6", form("adivina@example.pe"));
    const token = readActivationToken(readOutbox()[0]!);
    const request = requestAs(null, "/auth/activar", { method: "POST" });
    for (let i = 0; i < 5; i++)
      expect(await activateCustomer(request, token, `mala-${i}`)).toEqual({ status: "wrong-password" });
    expect(await activateCustomer(request, token, "secreto1")).toMatchObject({ status: "too-many-attempts" });
    expect(await countUsers("adivina@example.pe")).toBe(0);
  });

  test("a second link of the same address, followed after the first, says the account is already active", async () => {
    await registerCustomer("10.20.0.7", form("doble@example.pe"));
    await registerCustomer("10.20.0.7", form("doble@example.pe"));
    const [first, second] = readOutbox().map(readActivationToken);
    const request = requestAs(null, "/auth/activar", { method: "POST" });
    expect((await activateCustomer(request, first!, "secreto1")).status).toBe("activated");
    expect(await activateCustomer(request, second!, "secreto1")).toEqual({ status: "already-active" });
    expect(await countUsers("doble@example.pe")).toBe(1);
  });

  test("one address gets at most 10 registration e-mails an hour; the answer does not change", async () => {
    for (let i = 0; i < 12; i++) {
      expect(await registerCustomer(`10.21.${i}.1`, form("bombardeo@example.pe"))).toEqual({ ok: true });
    }
    expect(readOutbox()).toHaveLength(10);
  });
});
