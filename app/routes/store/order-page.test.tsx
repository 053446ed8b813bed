// /pedido/{code} and /pedido/{code}/comprobante (issue 24): the page, 'Subir comprobante de
// pago' and the receipt image answer the order's owner (the browser that placed it, its
// account, its link) and, for the image, an administrator; anyone else gets a 404 and changes
// nothing. Orders are written straight into the database (tests/support/order-page.ts).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { orders, users } from "~/db/schema";
import { IMAGE_INVALID_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/domain/media/image";
import { MAX_RECEIPT_BODY_BYTES, RECEIPT_MESSAGES } from "~/domain/orders/order-page";
import { formatMoney } from "~/lib/money";
import { TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { NO_FILE_CHOSEN } from "~/ui/form/file-picker";
import { requestAs, signUpCustomer } from "~test/auth";
import { insertTestOrder, makePng, placedHereCookie, type TestOrder, withOwnDataDir } from "~test/order-page";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import Profile, { action as profileAction, loader as profileLoader } from "../account/profile";
import { loader as receiptImageLoader } from "../api/order-receipt-image";
import OrderPage, { action, loader } from "./order-page";

const shop = seededShopWithAdmin();
const dataDir = withOwnDataDir();
const db = () => shop.handle().db;

let owner: { cookie: string; id: string };
let stranger: string;
let order: TestOrder;

beforeAll(async () => {
  owner = { cookie: await signUpCustomer("duena@example.pe"), id: "" };
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, "duena@example.pe"));
  owner.id = user!.id;
  stranger = await signUpCustomer("extrano@example.pe");
  order = await insertTestOrder(db(), { userId: owner.id });
});

type Outcome = { status: number; body: unknown; location: string | null; headers: Headers | null };

/** A loader's or action's answer, thrown or returned, as status, body and headers. */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: null, location: result.headers.get("Location"), headers: result.headers };
  }
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data: body, init } = result as unknown as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, body, location: null, headers: null };
  }
  if (result instanceof Error) throw result;
  return { status: 200, body: result, location: null, headers: null };
}

const pageUrl = (target: TestOrder, query = "") => `/pedido/${target.code}${query}`;
const linkQuery = (target: TestOrder) => `?t=${target.accessToken}`;

function openPage(cookie: string | null, target: TestOrder, query = "") {
  const request = requestAs(cookie, pageUrl(target, query));
  return outcomeOf(() => loader({ request, params: { code: target.code }, context: {} } as never));
}

function receiptForm(fields: { image?: Blob; fileName?: string; operation?: string }): FormData {
  const form = new FormData();
  if (fields.image) form.set("receipt", fields.image, fields.fileName ?? "comprobante.png");
  else form.set("receipt", new Blob([]), "");
  form.set("operation", fields.operation ?? "");
  return form;
}

function sendReceipt(cookie: string | null, target: TestOrder, body: BodyInit, query = "", clientIp = "10.1.1.1") {
  const request = requestAs(cookie, pageUrl(target, query), { method: "POST", body });
  return outcomeOf(() => action({ request, params: { code: target.code }, context: { clientIp } } as never));
}

function openReceipt(cookie: string | null, target: TestOrder, query = "") {
  const request = requestAs(cookie, `${pageUrl(target)}/comprobante${query}`);
  return outcomeOf(() => receiptImageLoader({ request, params: { code: target.code }, context: {} } as never));
}

const stored = async (target: TestOrder) => (await db().select().from(orders).where(eq(orders.id, target.id)))[0]!;
const errorsOf = (outcome: Outcome) => (outcome.body as { errors: Record<string, string> }).errors;
const valuesOf = (outcome: Outcome) => (outcome.body as { values: Record<string, string> }).values;

describe("who sees the order", () => {
  test("its owner by cookie, by account and by link opens the page", async () => {
    const viewers = [
      [await placedHereCookie(order.code), ""],
      [owner.cookie, ""],
      [null, linkQuery(order)],
    ] as const;
    for (const [cookie, query] of viewers) {
      const outcome = await openPage(cookie, order, query);
      expect(outcome.status).toBe(200);
      expect((outcome.body as { order: { code: string } }).order.code).toBe(order.code);
    }
  });

  test("anyone else gets 404 for the page, the upload and the image, and nothing changes", async () => {
    await sendReceipt(owner.cookie, order, receiptForm({ image: new Blob([await makePng()]) }));
    const before = await stored(order);
    expect(before.receiptImage).not.toBeNull();
    const other = await insertTestOrder(db());
    const strangers = [
      [await placedHereCookie(other.code), ""],
      [stranger, ""],
      [null, `?t=${other.accessToken}`],
      [null, `?t=${order.accessToken.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`],
      [null, ""],
      [shop.adminCookie(), ""],
    ] as const;
    for (const [cookie, query] of strangers) {
      expect((await openPage(cookie, order, query)).status).toBe(404);
      const upload = await sendReceipt(cookie, order, receiptForm({ operation: "999" }), query);
      expect(upload.status).toBe(404);
      if (cookie !== shop.adminCookie()) expect((await openReceipt(cookie, order, query)).status).toBe(404);
    }
    expect(await stored(order)).toEqual(before);
    for (const code of ["PED-000000", "PED-1", "nada"]) {
      const request = requestAs(null, `/pedido/${code}`);
      expect((await outcomeOf(() => loader({ request, params: { code }, context: {} } as never))).status).toBe(404);
    }
  });

  test("the receipt image answers its owner and an administrator, privately", async () => {
    for (const [cookie, query] of [
      [owner.cookie, ""],
      [null, linkQuery(order)],
      [shop.adminCookie(), ""],
    ] as const) {
      const outcome = await openReceipt(cookie, order, query);
      expect(outcome.status).toBe(200);
      expect(outcome.headers?.get("Content-Type")).toBe("image/webp");
      expect(outcome.headers?.get("Cache-Control")).toBe("private, no-store");
      expect(outcome.headers?.get("X-Content-Type-Options")).toBe("nosniff");
    }
    const withoutReceipt = await insertTestOrder(db(), { userId: owner.id });
    expect((await openReceipt(owner.cookie, withoutReceipt)).status).toBe(404);
    expect((await openReceipt(shop.adminCookie(), withoutReceipt)).status).toBe(404);
  });
});

describe("'Subir comprobante de pago'", () => {
  test("a picture sent by the link is kept privately and the page says so, keeping the token", async () => {
    const target = await insertTestOrder(db());
    const outcome = await sendReceipt(
      null,
      target,
      receiptForm({ image: new Blob([await makePng(200)]), operation: "  OP-123 456  " }),
      linkQuery(target),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/pedido/${target.code}${linkQuery(target)}`);
    const row = await stored(target);
    expect(row.receiptOperation).toBe("OP-123 456");
    expect(readdirSync(path.join(dataDir(), "receipts"))).toContain(row.receiptImage);
    expect(existsSync(path.join(dataDir(), "uploads"))).toBe(false);

    const page = await renderRoute(pageModule(target), requestAs(null, pageUrl(target, linkQuery(target))));
    const text = page.html.replace(/<!-- -->/g, "");
    expect(text).toContain(RECEIPT_MESSAGES.received);
    expect(text).toContain("Número de operación: OP-123 456");
    expect(text).toContain(`href="/pedido/${target.code}/comprobante?t=${target.accessToken}"`);
  });

  test("refusals are in Spanish, beside their field, and keep the operation number", async () => {
    const target = await insertTestOrder(db());
    const fake = new Blob([new TextEncoder().encode("hola, no soy una imagen")], { type: "image/jpeg" });
    const notImage = await sendReceipt(
      null,
      target,
      receiptForm({ image: fake, fileName: "pago.jpg", operation: "778899" }),
      linkQuery(target),
    );
    expect(notImage.status).toBe(400);
    expect(errorsOf(notImage)).toEqual({ image: IMAGE_INVALID_MESSAGE });
    expect(valuesOf(notImage)).toEqual({ operation: "778899" });

    const justOver = new Uint8Array(MAX_IMAGE_BYTES + 1000);
    justOver.set(await makePng());
    const large = await sendReceipt(
      null,
      target,
      receiptForm({ image: new Blob([justOver]), operation: "778899" }),
      linkQuery(target),
    );
    expect(large.status).toBe(413);
    expect(errorsOf(large)).toEqual({ image: IMAGE_TOO_LARGE_MESSAGE });
    expect(valuesOf(large)).toEqual({ operation: "778899" });

    const huge = await sendReceipt(
      null,
      target,
      receiptForm({ image: new Blob([new Uint8Array(MAX_RECEIPT_BODY_BYTES)]) }),
      linkQuery(target),
    );
    expect(huge.status).toBe(413);
    expect(errorsOf(huge)).toEqual({ image: IMAGE_TOO_LARGE_MESSAGE });

    const cases = [
      [{}, { image: RECEIPT_MESSAGES.missing }],
      [{ operation: "   " }, { image: RECEIPT_MESSAGES.missing }],
      [{ operation: "<script>" }, { operation: RECEIPT_MESSAGES.operationInvalid }],
      [{ operation: "1".repeat(41) }, { operation: RECEIPT_MESSAGES.operationTooLong }],
      [{ operation: "12\u000034" }, { operation: RECEIPT_MESSAGES.operationInvalid }],
    ] as const;
    for (const [fields, errors] of cases) {
      const outcome = await sendReceipt(null, target, receiptForm(fields), linkQuery(target));
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual(errors);
      expect(valuesOf(outcome)).toEqual({ operation: "operation" in fields ? fields.operation : "" });
    }
    expect(await stored(target)).toMatchObject({ receiptImage: null, receiptOperation: "", receiptUploadedAt: null });

    const page = await renderRoute(
      pageModule(target),
      requestAs(null, pageUrl(target, linkQuery(target)), {
        method: "POST",
        body: receiptForm({ operation: "<script>" }),
      }),
    );
    expect(page.status).toBe(400);
    expect(page.html).toContain(RECEIPT_MESSAGES.operationInvalid);
    expect(page.html).toContain('value="&lt;script&gt;"');
  });

  test("the picture's control speaks Spanish whatever the phone's language: the shop's button on the real input", async () => {
    const target = await insertTestOrder(db());
    const page = await renderRoute(pageModule(target), requestAs(null, pageUrl(target, linkQuery(target))));
    const html = page.html.replace(/<!-- -->/g, "");
    const input = html.match(/<input[^>]*id="receipt-image"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('type="file"');
    expect(input).toContain('name="receipt"');
    expect(input).toContain('class="peer sr-only"');
    expect(input).toContain('aria-labelledby="receipt-image-label"');
    expect(html).toContain(
      '<label id="receipt-image-label" for="receipt-image" class="text-sm font-semibold">Imagen del comprobante</label>',
    );
    expect(html).toMatch(/<label for="receipt-image" class="[^"]*">Elegir imagen<\/label>/);
    expect(html).toContain(
      `<span id="receipt-image-file" aria-live="polite" class="min-w-0 text-sm break-all text-muted">${NO_FILE_CHOSEN}</span>`,
    );
  });

  test("orders delivered, cancelled or already paid take no receipt", async () => {
    const cases = [
      [{ status: "entregado" as const }, RECEIPT_MESSAGES.delivered],
      [{ status: "cancelado" as const }, RECEIPT_MESSAGES.cancelled],
      [{ status: "pagado" as const, paidAt: new Date() }, RECEIPT_MESSAGES.paid],
    ] as const;
    for (const [options, message] of cases) {
      const target = await insertTestOrder(db(), options);
      const outcome = await sendReceipt(
        null,
        target,
        receiptForm({ image: new Blob([await makePng()]), operation: "123" }),
        linkQuery(target),
      );
      expect(outcome.status).toBe(409);
      expect(errorsOf(outcome)).toEqual({ image: message });
      expect(valuesOf(outcome)).toEqual({ operation: "123" });
      expect((await stored(target)).receiptUploadedAt).toBeNull();
      const page = await renderRoute(pageModule(target), requestAs(null, pageUrl(target, linkQuery(target))));
      expect(page.html).not.toContain("Subir comprobante de pago");
    }
  });

  test("one address sends at most 30 receipts an hour", async () => {
    const target = await insertTestOrder(db());
    for (let i = 0; i < 30; i += 1) {
      const outcome = await sendReceipt(
        null,
        target,
        receiptForm({ operation: `OP ${i}` }),
        linkQuery(target),
        "10.30.30.30",
      );
      expect(outcome.status).toBe(302);
    }
    const refused = await sendReceipt(
      null,
      target,
      receiptForm({ operation: "OP 31" }),
      linkQuery(target),
      "10.30.30.30",
    );
    expect(refused.status).toBe(429);
    expect(errorsOf(refused)).toEqual({ image: TOO_MANY_SUBMISSIONS_MESSAGE });
    expect(valuesOf(refused)).toEqual({ operation: "OP 31" });
  });
});

/** The route as renderRoute runs it: its params come from the order, the static router knows no ':code'. */
function pageModule(target: TestOrder) {
  const params = { code: target.code };
  return {
    Page: OrderPage as never,
    loader: (args: never) => loader({ ...(args as object), params } as never),
    action: (args: never) => action({ ...(args as object), params } as never),
  };
}

describe("the page", () => {
  test("while pending: the lines, the fee, the total, how to pay, until when the units are held", async () => {
    const target = await insertTestOrder(db(), { createdAt: new Date("2026-11-26T19:05:00Z") });
    const page = await renderRoute(pageModule(target), requestAs(null, pageUrl(target, linkQuery(target))));
    expect(page.status).toBe(200);
    const text = page.html.replace(/<!-- -->/g, "");
    expect(text).toContain(`Pedido ${target.code}`);
    expect(text).toContain("Reservamos tus productos hasta el 27/11/2026 a las 14:05");
    expect(text).toContain("Alimento Pro Plan — 3 kg");
    expect(text).toContain("Costo de envío");
    expect(text).toContain(`data-testid="order-total">${formatMoney(8500)}<`);
    expect(text).toContain("Yapea al");
    expect(text).toContain("Boleta · DNI 45678912");
    expect(text).toContain("Subir comprobante de pago");
    expect(text).toContain("Número de operación");
    expect(text).toMatch(/enctype="multipart\/form-data"/i);
    expect(text).toContain(`action="/pedido/${target.code}?t=${target.accessToken}"`);
    expect(text).toContain("Enviar Pedido por WhatsApp");
    expect(text).toMatch(/href="https:\/\/wa\.me\/\d+\?text=/);
  });

  test("an expired order says 'Pedido vencido por falta de pago' and holds nothing", async () => {
    const target = await insertTestOrder(db(), {
      status: "cancelado",
      createdAt: new Date("2026-11-20T15:00:00Z"),
      history: [{ to: "cancelado", at: new Date("2026-11-21T15:10:00Z"), isAutomatic: true }],
    });
    const page = await renderRoute(pageModule(target), requestAs(await placedHereCookie(target.code), pageUrl(target)));
    const text = page.html.replace(/<!-- -->/g, "");
    expect(text).toContain("Pedido vencido por falta de pago");
    expect(text).toContain("21/11/2026 a las 10:10");
    expect(text).not.toContain("Reservamos tus productos");
    expect(text).not.toContain("Subir comprobante de pago");
  });
});

test("'Mis Pedidos' links each order to its page", async () => {
  const profile = { Page: Profile as never, loader: profileLoader as never, action: profileAction as never };
  const page = await renderRoute(profile, requestAs(owner.cookie, "/perfil?tab=pedidos"));
  expect(page.html).toContain(`href="/pedido/${order.code}"`);
});
