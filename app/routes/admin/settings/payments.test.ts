import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { auditLog, orders, paymentMethods } from "~/db/schema";
import { readOnlineMethod, SECRET_KEY_PURPOSE, WEBHOOK_SECRET_PURPOSE } from "~/domain/payments/payment-methods.server";
import { listPaymentQrImages } from "~/domain/settings/payment-methods.server";
import { openSecret } from "~/lib/secret-box.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./payments";

const { handle, adminCookie } = seededShopWithAdmin();

type Refusal = {
  data: {
    errors: Record<string, string>;
    values: Record<string, string>;
    toast: { title: string; description?: string };
    retypeSecrets?: string[];
  };
  init: ResponseInit | null;
};

async function post(fields: Record<string, string>): Promise<Response | Refusal> {
  const request = requestAs(adminCookie(), "/admin/configuracion/pagos", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return (await action({ request, params: {}, context: {} } as never)) as Response | Refusal;
}

async function flashedToast(result: Response | Refusal) {
  expect(result).toBeInstanceOf(Response);
  const next = new Request("http://localhost:3000/", {
    headers: { Cookie: toCookieHeader((result as Response).headers) },
  });
  return (await readToast(next)).toast;
}

function refusal(result: Response | Refusal, status = 400) {
  expect(result).not.toBeInstanceOf(Response);
  expect((result as Refusal).init?.status).toBe(status);
  return (result as Refusal).data;
}

async function storedMethod(id: string) {
  const [row] = await handle().db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

async function loaded() {
  return loader({ request: requestAs(adminCookie(), "/admin/configuracion/pagos"), params: {}, context: {} } as never);
}

/** The 'Guardar' form as the screen sends it, from the loader's values. */
async function savedForm(): Promise<Record<string, string>> {
  return { ...(await loaded()).values, intent: "save" };
}

describe("adding a method", () => {
  test("a name is required: 'El nombre del nuevo método de pago es obligatorio.'", async () => {
    const data = refusal(await post({ intent: "add", name: "   ", details: "Algo", isActive: "on" }));
    expect(data.errors.name).toBe("El nombre del nuevo método de pago es obligatorio.");
    expect(data.toast.description).toBe("El nombre del nuevo método de pago es obligatorio.");
    expect(data.values.details).toBe("Algo");
  });

  test("a name whose id exists: 'Ya existe un método de pago con un nombre similar.'", async () => {
    const data = refusal(await post({ intent: "add", name: "  YAPE ", details: "", isActive: "on" }), 409);
    expect(data.errors.name).toBe("Ya existe un método de pago con un nombre similar.");
    expect((await storedMethod("yape"))?.name).toBe("Yape");
  });

  test("a new method is stored active by its derived id, at the end, and offered in the cart", async () => {
    const toast = await flashedToast(
      await post({ intent: "add", name: "Depósito en Agente", details: "Agente BCP, cuenta 191-000", isActive: "on" }),
    );
    expect(toast?.title).toBe("Método de Pago Añadido");
    expect(await storedMethod("deposito_en_agente")).toMatchObject({
      name: "Depósito en Agente",
      details: "Agente BCP, cuenta 191-000",
      kind: "manual",
      isActive: true,
      isDefault: false,
      sortOrder: 4,
    });
    const accented = refusal(
      await post({ intent: "add", name: "Deposito en agente", details: "", isActive: "on" }),
      409,
    );
    expect(accented.errors.name).toBe("Ya existe un método de pago con un nombre similar.");
  });
});

describe("deleting a method", () => {
  test("a default method cannot be deleted: 'Acción no permitida'", async () => {
    const data = refusal(await post({ intent: "delete", id: "yape" }), 403);
    expect(data.toast).toMatchObject({
      title: "Acción no permitida",
      description: "No puedes eliminar un método de pago por defecto.",
    });
    expect(await storedMethod("yape")).toBeDefined();
  });

  test("an added method is deleted, and an order paid with it keeps the method's name", async () => {
    await post({ intent: "add", name: "Efectivo", details: "Paga al recibir", isActive: "on" });
    await handle().db.insert(orders).values({
      code: "PED-900001",
      paymentMethodId: "efectivo",
      paymentMethodName: "Efectivo",
      totalCents: 6000,
    });
    const toast = await flashedToast(await post({ intent: "delete", id: "efectivo" }));
    expect(toast?.title).toBe("Método de Pago Eliminado");
    expect(await storedMethod("efectivo")).toBeUndefined();
    const [order] = await handle().db.select().from(orders).where(eq(orders.code, "PED-900001"));
    expect(order).toMatchObject({ paymentMethodId: null, paymentMethodName: "Efectivo" });
  });
});

describe("saving all methods", () => {
  test("a page opened before another tab added a method leaves the new method as it was added", async () => {
    const form = await savedForm();
    await post({ intent: "add", name: "Plin Empresa", details: "Plin al 987 000 111", isActive: "on" });
    expect(await storedMethod("plin_empresa")).toMatchObject({ isActive: true, details: "Plin al 987 000 111" });

    expect(await flashedToast(await post({ ...form, "methods.yape.details": "Yape al 999 888 777" }))).toMatchObject({
      title: "Métodos de Pago Actualizados",
    });
    expect(await storedMethod("yape")).toMatchObject({ details: "Yape al 999 888 777" });
    expect(await storedMethod("plin_empresa")).toMatchObject({ isActive: true, details: "Plin al 987 000 111" });
  });

  test("details, the active flag and a QR image are saved: 'Métodos de Pago Actualizados'", async () => {
    const qr = "/uploads/0123456789abcdef0123456789abcdef-1280.webp";
    const form = await savedForm();
    const toast = await flashedToast(
      await post({
        ...form,
        "methods.yape.qrImage": qr,
        "methods.plin.details": "Plinea al 999 888 777",
        "methods.transferencia.isActive": "",
      }),
    );
    expect(toast?.title).toBe("Métodos de Pago Actualizados");
    expect(await storedMethod("yape")).toMatchObject({ qrImage: qr, isActive: true });
    expect(await storedMethod("plin")).toMatchObject({ details: "Plinea al 999 888 777" });
    expect(await storedMethod("transferencia")).toMatchObject({ isActive: false });
    expect(await listPaymentQrImages()).toEqual({ yape: qr });
  });

  test("a QR that is not one of our images is refused and the typed details come back", async () => {
    const form = await savedForm();
    const data = refusal(
      await post({
        ...form,
        "methods.plin.qrImage": "https://evil.example/qr.png",
        "methods.plin.details": "Nuevo texto",
      }),
    );
    expect(data.errors["methods.plin.qrImage"]).toBe("El código QR no es una imagen válida. Súbelo de nuevo.");
    expect(data.values["methods.plin.details"]).toBe("Nuevo texto");
  });
});

// The card method paid online (issue 45): the seeded 'stripe' row, its provider's keys.
const MP_TOKEN = "TEST-1234567890-010203-abcdef0123456789-GOOD5678";
const MP_WEBHOOK = "mp-secreto-de-webhooks-9f8e";
const card = (part: string) => `methods.stripe.${part}`;

/** The card method as Mercado Pago in test mode, with what `more` adds or changes. */
async function mercadoPagoForm(more: Record<string, string> = {}) {
  return {
    ...(await savedForm()),
    [card("isActive")]: "on",
    [card("provider")]: "mercadopago",
    [card("mode")]: "test",
    [card("mercadopago.publicKey")]: "TEST-pub-0a1b2c3d",
    [card("mercadopago.secretKey")]: MP_TOKEN,
    [card("mercadopago.webhookSecret")]: MP_WEBHOOK,
    ...more,
  };
}

const stripeKeys = {
  [card("provider")]: "stripe",
  [card("stripe.publicKey")]: "pk_test_abc123",
  [card("stripe.secretKey")]: "sk_test_secret4321",
  [card("stripe.webhookSecret")]: "whsec_firma987",
};

function withEnv(name: string, value: string | undefined) {
  const before = process.env[name];
  process.env[name] = value;
  return () => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  };
}

const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

describe("the online card method's credentials", () => {
  test("saving Mercado Pago's keys renames the method and stores the secrets sealed, never in the audit log", async () => {
    expect(await flashedToast(await post(await mercadoPagoForm()))).toMatchObject({
      title: "Métodos de Pago Actualizados",
    });
    const row = await storedMethod("stripe");
    expect(row).toMatchObject({
      kind: "mercadopago",
      name: "Tarjeta / Yape (Mercado Pago)",
      isActive: true,
      isLive: false,
      publishableKey: "TEST-pub-0a1b2c3d",
    });
    expect(row?.secretKeySealed).not.toContain(MP_TOKEN);
    expect(openSecret(SECRET_KEY_PURPOSE, row!.secretKeySealed)).toBe(MP_TOKEN);
    expect(openSecret(WEBHOOK_SECRET_PURPOSE, row!.webhookSecretSealed)).toBe(MP_WEBHOOK);
    expect((await readOnlineMethod("stripe"))?.credentials).toMatchObject({ secretKey: MP_TOKEN, isLive: false });

    const audit = JSON.stringify(await handle().db.select().from(auditLog));
    for (const secret of [MP_TOKEN, MP_WEBHOOK, row!.secretKeySealed, row!.webhookSecretSealed]) {
      expect(audit).not.toContain(secret);
    }
    expect(audit).toContain('"credentials":"actualizadas"');
  });

  test("the page gets only the last four characters of a secret; an empty box keeps the stored one", async () => {
    await post(await mercadoPagoForm());
    const sealed = (await storedMethod("stripe"))!.secretKeySealed;
    const page = await loaded();
    const json = JSON.stringify(page);
    for (const secret of [MP_TOKEN, MP_WEBHOOK, sealed, (await storedMethod("stripe"))!.webhookSecretSealed]) {
      expect(json).not.toContain(secret);
    }
    expect(page.methods.find((method) => method.id === "stripe")).toMatchObject({
      secretKey: { status: "stored", hint: "••••5678" },
      webhookSecret: { status: "stored", hint: "••••9f8e" },
    });
    expect(page.values[card("mercadopago.secretKey")]).toBe("");
    expect(page.notificationUrls.mercadopago).toMatch(/\/api\/pagos\/mercadopago$/);

    await flashedToast(await post({ ...(await savedForm()), [card("details")]: "Paga con tarjeta o Yape" }));
    expect(await storedMethod("stripe")).toMatchObject({ details: "Paga con tarjeta o Yape", secretKeySealed: sealed });
  });

  test.each([
    ["mercadopago.publicKey", "pk_test_1", "La clave pública de Mercado Pago empieza con APP_USR- o TEST-."],
    ["mercadopago.secretKey", "abc", "El access token de Mercado Pago empieza con APP_USR- o TEST-."],
    ["mercadopago.secretKey", "", "Para activar el pago en línea, escribe el access token."],
    ["mercadopago.webhookSecret", "", "Para activar el pago en línea, escribe el secreto de notificaciones."],
    ["stripe.secretKey", "pk_test_1", "La clave secreta de Stripe empieza con sk_test_, sk_live_ o rk_."],
    ["stripe.webhookSecret", "firma", "El secreto de notificaciones de Stripe empieza con whsec_."],
    ["stripe.publicKey", "pk_live_abc", "En modo prueba usa las claves de prueba (pk_test_ y sk_test_)."],
    ["stripe.priceId", "precio", "El ID de precio de Stripe empieza con price_."],
    ["stripe.publicKey", "", "Para activar el pago en línea, escribe la clave publicable."],
    ["stripe.secretKey", "", "Para activar el pago en línea, escribe la clave secreta."],
  ])("%s '%s' is refused: '%s'", async (field, value, message) => {
    await handle()
      .db.update(paymentMethods)
      .set({ kind: "stripe", secretKeySealed: "", webhookSecretSealed: "" })
      .where(eq(paymentMethods.id, "stripe"));
    const keys = field.startsWith("stripe.") ? stripeKeys : {};
    const data = refusal(
      await post(await mercadoPagoForm({ ...keys, [card(field)]: value, [card("details")]: "Al toque" })),
    );
    expect(data.errors[card(field)]).toBe(message);
    // What was typed comes back, except the secrets.
    expect(data.values[card("details")]).toBe("Al toque");
    expect(JSON.stringify(data)).not.toMatch(/GOOD5678|sk_test_secret4321|whsec_firma987|9f8e/);
  });

  test("switching provider renames the method; the other provider's stored secrets are of no use", async () => {
    await post(await mercadoPagoForm());
    const switched = {
      ...(await savedForm()),
      [card("provider")]: "stripe",
      [card("stripe.publicKey")]: "pk_test_abc",
    };
    const data = refusal(await post(switched));
    expect(data.errors[card("stripe.secretKey")]).toBe("Para activar el pago en línea, escribe la clave secreta.");
    expect(data.retypeSecrets).toEqual([]);

    await flashedToast(await post({ ...switched, ...stripeKeys, [card("stripe.priceId")]: "price_9z" }));
    const row = await storedMethod("stripe");
    expect(row).toMatchObject({
      kind: "stripe",
      name: "Tarjeta (Stripe)",
      publishableKey: "pk_test_abc123",
      priceId: "price_9z",
    });
    expect(openSecret(SECRET_KEY_PURPOSE, row!.secretKeySealed)).toBe("sk_test_secret4321");
    expect(openSecret(WEBHOOK_SECRET_PURPOSE, row!.webhookSecretSealed)).toBe("whsec_firma987");
  });

  test("a refusal asks again for the secrets typed, without sending them back", async () => {
    const data = refusal(await post(await mercadoPagoForm({ [card("mercadopago.publicKey")]: "nada" })));
    expect(data.retypeSecrets).toEqual([card("mercadopago.secretKey"), card("mercadopago.webhookSecret")]);
    expect(data.values[card("mercadopago.secretKey")]).toBe("");
    expect(data.values[card("mercadopago.publicKey")]).toBe("nada");
  });

  test("production mode: refused with an http:// APP_URL, and its keys must be production keys", async () => {
    restores.push(withEnv("APP_URL", "http://localhost:3000"));
    const http = refusal(await post(await mercadoPagoForm({ [card("mode")]: "live" })));
    expect(http.errors[card("mode")]).toBe(
      "Para cobrar en modo producción la tienda necesita una dirección https (APP_URL). Hoy es http://localhost:3000.",
    );

    process.env.APP_URL = "https://patitas.pe";
    const mpTest = refusal(await post(await mercadoPagoForm({ [card("mode")]: "live" })));
    expect(mpTest.errors[card("mercadopago.secretKey")]).toBe(
      "En modo producción usa las credenciales de producción (APP_USR-), no las de prueba (TEST-).",
    );
    await flashedToast(await post(await mercadoPagoForm({ ...stripeKeys })));
    // Live with the stored sk_test_ key: the stored key's mode counts too.
    const stored = refusal(
      await post({ ...(await savedForm()), [card("mode")]: "live", [card("stripe.publicKey")]: "pk_live_abc" }),
    );
    expect(stored.errors[card("stripe.secretKey")]).toBe(
      "En modo producción usa las claves de producción (pk_live_ y sk_live_).",
    );
    const live = {
      [card("mode")]: "live",
      [card("stripe.publicKey")]: "pk_live_abc",
      [card("stripe.secretKey")]: "rk_live_restr1",
    };
    await flashedToast(await post({ ...(await savedForm()), ...live }));
    expect(await storedMethod("stripe")).toMatchObject({ isLive: true, publishableKey: "pk_live_abc" });
    expect((await loaded()).methods.find((method) => method.id === "stripe")?.isLive).toBe(true);
  });
});

/** A local fake of each provider's account endpoint: the good token gets the account, any other a 401. */
function fakeProvider(path: string, goodToken: string, account: object) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const ok =
      req.method === "GET" && req.url?.split("?")[0] === path && req.headers.authorization === `Bearer ${goodToken}`;
    res.writeHead(ok ? 200 : 401, { "Content-Type": "application/json" });
    res.end(JSON.stringify(ok ? account : { message: "invalid access token", error: "unauthorized", status: 401 }));
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe("'Probar conexión' asks the provider with the typed keys (or the stored ones) and saves nothing", () => {
  const mercadoPago = fakeProvider("/users/me", MP_TOKEN, { id: 123, nickname: "PATITAS", site_id: "MPE" });
  const account = { id: "acct_1", object: "account", email: "tienda@example.pe" };
  const stripe = fakeProvider("/v1/account", "sk_test_secret4321", account);
  const asked = async (more: Record<string, string>) =>
    (await post({ ...(await savedForm()), ...more, intent: "test:stripe" })) as Refusal;

  test("Mercado Pago: the account for a good token, the reason for a bad one, the stored token when left empty", async () => {
    restores.push(withEnv("MERCADOPAGO_API_URL", mercadoPago.url()));
    await post(await mercadoPagoForm());
    const before = await storedMethod("stripe");

    const typed = await asked({ [card("mercadopago.secretKey")]: MP_TOKEN, [card("details")]: "Sin guardar" });
    expect(typed.data.toast).toMatchObject({ title: "Conexión correcta" });
    expect(typed.data.toast.description).toContain("PATITAS (MPE, n.º 123)");
    expect(typed.data.values[card("details")]).toBe("Sin guardar");
    expect(JSON.stringify(typed)).not.toContain(MP_TOKEN);

    const bad = await asked({ [card("mercadopago.secretKey")]: "TEST-999-otro-token" });
    expect(bad.data.toast).toMatchObject({ title: "Error", description: "Mercado Pago no reconoce el access token." });

    const kept = await asked({});
    expect(kept.data.toast.title).toBe("Conexión correcta");
    expect(mercadoPago.seen).toEqual(["GET /users/me", "GET /users/me", "GET /users/me"]);
    expect(await storedMethod("stripe")).toEqual(before);
  });

  test("Stripe: the account's e-mail; without any secret key, a Spanish request for one", async () => {
    restores.push(withEnv("STRIPE_API_URL", stripe.url()));
    await post(await mercadoPagoForm());
    const missing = await asked({ [card("provider")]: "stripe" });
    expect(missing.init?.status).toBe(400);
    expect(missing.data.errors[card("stripe.secretKey")]).toBe("Para probar la conexión, escribe la clave secreta.");

    const ok = await asked(stripeKeys);
    expect(ok.data.toast).toMatchObject({ title: "Conexión correcta" });
    expect(ok.data.toast.description).toContain("tienda@example.pe (acct_1)");
    expect(ok.data.retypeSecrets).toEqual([card("stripe.secretKey"), card("stripe.webhookSecret")]);
    expect(JSON.stringify(ok)).not.toMatch(/sk_test_secret4321|whsec_firma987/);
    expect(stripe.seen).toEqual(["GET /v1/account"]);
    expect((await storedMethod("stripe"))?.kind).toBe("mercadopago");
  });
});
