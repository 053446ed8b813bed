import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { orders, paymentMethods } from "~/db/schema";
import { listPaymentQrImages } from "~/domain/settings/payment-methods.server";
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

/** The 'Guardar' form as the screen sends it, from the loader's values. */
async function savedForm(): Promise<Record<string, string>> {
  const { values } = await loader({
    request: requestAs(adminCookie(), "/admin/configuracion/pagos"),
    params: {},
    context: {},
  } as never);
  return { ...values, intent: "save" };
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

  test("card payments need the publishable key to be active, and it must look like one", async () => {
    const form = await savedForm();
    const missing = refusal(
      await post({ ...form, "methods.stripe.isActive": "on", "methods.stripe.publishableKey": "" }),
    );
    expect(missing.errors["methods.stripe.publishableKey"]).toBe(
      "Para activar el pago con tarjeta, escribe la clave publicable.",
    );
    const wrong = refusal(await post({ ...form, "methods.stripe.publishableKey": "sk_live_secret" }));
    expect(wrong.errors["methods.stripe.publishableKey"]).toBe(
      "La clave publicable de Stripe empieza con pk_test_ o pk_live_.",
    );
    await flashedToast(
      await post({
        ...form,
        "methods.stripe.isActive": "on",
        "methods.stripe.publishableKey": "pk_test_abc123",
        "methods.stripe.priceId": "price_9z",
      }),
    );
    expect(await storedMethod("stripe")).toMatchObject({
      isActive: true,
      publishableKey: "pk_test_abc123",
      priceId: "price_9z",
    });
  });
});
