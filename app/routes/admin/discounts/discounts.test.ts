import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { auditLog, discounts, products, productVariants } from "~/db/schema";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action as editorAction, loader as editorLoader } from "./editor";
import { action as listAction, loader as listLoader } from "./list";

const { handle, adminCookie } = seededShopWithAdmin();
const RATON = "Ratón de Juguete con Catnip";

type Failure = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

async function save(fields: Record<string, string | string[]>, discountId?: number): Promise<Response | Failure> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const path = discountId ? `/admin/descuentos/editar/${discountId}` : "/admin/descuentos/nuevo";
  const request = requestAs(adminCookie(), path, { method: "POST", body });
  const params = discountId ? { discountId: String(discountId) } : {};
  return (await editorAction({ request, params, context: {} } as never)) as Response | Failure;
}

async function toastOf(result: Response | Failure) {
  if (!(result instanceof Response)) throw new Error(`Expected a redirect, got ${JSON.stringify(result.data)}`);
  expect(result.status).toBe(302);
  const { toast } = await readToast(
    new Request("http://localhost:3000/", { headers: { Cookie: toCookieHeader(result.headers) } }),
  );
  return toast;
}

function errorsOf(result: Response | Failure): Record<string, string> {
  if (result instanceof Response) throw new Error(`Expected a refusal, got a ${result.status}`);
  expect(result.init.status).toBe(400);
  return result.data.errors;
}

const coupon = {
  intent: "save",
  name: "Aniversario",
  application: "code",
  code: " aniversario10 ",
  kind: "percent",
  percent: "10",
  minSubtotal: "50",
  startDate: "01/12/2026",
  startTime: "",
  endDate: "31/12/2026",
  endTime: "",
  maxUses: "100",
  maxUsesPerCustomer: "1",
  isCombinable: "on",
  isActive: "on",
};

describe("/admin/descuentos", () => {
  test("a coupon is saved with its code in capitals, its Lima dates and its conditions, and audited", async () => {
    expect((await toastOf(await save(coupon)))?.title).toBe("Descuento creado");
    const [stored] = await handle().db.select().from(discounts).where(eq(discounts.code, "ANIVERSARIO10"));
    expect(stored).toMatchObject({
      kind: "percent",
      percent: 10,
      amountCents: null,
      minSubtotalCents: 5000,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      isCombinable: true,
      isFirstPurchaseOnly: false,
    });
    // 01/12/2026 00:00 and 31/12/2026 23:59 in Lima (UTC−5).
    expect(stored!.startsAt!.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(stored!.endsAt!.toISOString()).toBe("2027-01-01T04:59:00.000Z");
    const audit = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "discount"));
    expect(audit.map((entry) => entry.action)).toContain("create");
  });

  test("bad input is refused in Spanish beside its field, keeping what was typed", async () => {
    expect(errorsOf(await save({ ...coupon, code: "ANIVERSARIO10" })).code).toBe("El código ya existe.");
    expect(errorsOf(await save({ ...coupon, code: "OTRO", percent: "120" })).percent).toBe(
      "El porcentaje debe estar entre 1 y 100.",
    );
    expect(errorsOf(await save({ ...coupon, code: "OTRO2", endDate: "30/11/2026" })).endDate).toBe(
      "La fecha de fin debe ser posterior a la de inicio.",
    );
    const refused = await save({ ...coupon, name: "", code: "OTRO3" });
    expect(errorsOf(refused).name).toBe("El nombre es obligatorio.");
    expect((refused as Failure).data.values).toMatchObject({ code: "OTRO3", percent: "10", endDate: "31/12/2026" });
  });

  test("an automatic free delivery keeps no code and no value; the list shows it with its state", async () => {
    await toastOf(
      await save({
        intent: "save",
        name: "Envío gratis",
        application: "automatic",
        code: "IGNORADO",
        kind: "free_delivery",
        percent: "30",
        isActive: "on",
        categoryIds: ["1", "2"],
      }),
    );
    const [stored] = await handle().db.select().from(discounts).where(eq(discounts.name, "Envío gratis"));
    expect(stored).toMatchObject({ code: null, percent: null, categoryIds: [1, 2], isCombinable: false });
    const request = requestAs(adminCookie(), "/admin/descuentos");
    const list = (await listLoader({ request, params: {}, context: {} } as never)) as { rows: { name: string }[] };
    expect(list.rows.map((row) => row.name)).toContain("Envío gratis");
  });

  test("editing loads the stored values as the form shows them; an unknown id goes back to the list", async () => {
    const [stored] = await handle()
      .db.select({ id: discounts.id })
      .from(discounts)
      .where(eq(discounts.code, "ANIVERSARIO10"));
    const request = requestAs(adminCookie(), `/admin/descuentos/editar/${stored!.id}`);
    const loaded = (await editorLoader({
      request,
      params: { discountId: String(stored!.id) },
      context: {},
    } as never)) as {
      values: Record<string, string>;
    };
    expect(loaded.values).toMatchObject({
      code: "ANIVERSARIO10",
      startDate: "2026-12-01",
      startTime: "00:00",
      endTime: "23:59",
      minSubtotal: "50.00",
    });
    const missing = requestAs(adminCookie(), "/admin/descuentos/editar/999999");
    await expect(
      editorLoader({ request: missing, params: { discountId: "999999" }, context: {} } as never),
    ).rejects.toMatchObject({
      status: 302,
    });
  });

  test("single products by a presentación's SKU or their exact name; the editor shows them back", async () => {
    const { db } = handle();
    const [ratonRow] = await db.select({ id: products.id }).from(products).where(eq(products.title, RATON));
    const [cachorro] = await db
      .select({ productId: productVariants.productId })
      .from(productVariants)
      .where(eq(productVariants.sku, "PP-CACH-15"));
    await toastOf(
      await save({ ...coupon, code: "JUGUETES", products: `  ratón de juguete con catnip \npp-cach-15\n\n${RATON}` }),
    );
    const [stored] = await db.select().from(discounts).where(eq(discounts.code, "JUGUETES"));
    expect(stored!.productIds).toEqual([ratonRow!.id, cachorro!.productId].sort((a, b) => a - b));
    const request = requestAs(adminCookie(), `/admin/descuentos/editar/${stored!.id}`);
    const loaded = (await editorLoader({
      request,
      params: { discountId: String(stored!.id) },
      context: {},
    } as never)) as {
      values: Record<string, string>;
    };
    expect(loaded.values.products!.split("\n").sort()).toEqual(
      [
        RATON,
        (await db.select({ title: products.title }).from(products).where(eq(products.id, cachorro!.productId)))[0]!
          .title,
      ].sort(),
    );
  });

  test("a product that does not exist is refused in Spanish beside the box, with every other error and what was typed", async () => {
    const typed = `${RATON}\nNO-EXISTE-1\nHueso de mentira`;
    const refused = await save({ ...coupon, code: "OTRO4", percent: "0", products: typed });
    expect(errorsOf(refused)).toMatchObject({
      percent: "El porcentaje debe estar entre 1 y 100.",
      products:
        "No encontramos estos productos: «NO-EXISTE-1», «Hueso de mentira». Escribe el SKU de una presentación o el nombre exacto del producto, uno por línea.",
    });
    expect((refused as Failure).data.values.products).toBe(typed);
    const tooMany = Array.from({ length: 201 }, (_, n) => `SKU-${n}`).join("\n");
    expect(errorsOf(await save({ ...coupon, code: "OTRO5", products: tooMany })).products).toBe(
      "Puedes elegir hasta 200 productos. Si son más, elige su categoría o su marca.",
    );
    expect(await handle().db.select().from(discounts).where(eq(discounts.code, "OTRO4"))).toEqual([]);
  });

  test("deleting a discount no order used removes it", async () => {
    const [stored] = await handle()
      .db.select({ id: discounts.id })
      .from(discounts)
      .where(eq(discounts.name, "Envío gratis"));
    const request = requestAs(adminCookie(), "/admin/descuentos", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: String(stored!.id) }),
    });
    expect((await toastOf((await listAction({ request, params: {}, context: {} } as never)) as Response))?.title).toBe(
      "Descuento eliminado",
    );
    expect(await handle().db.select().from(discounts).where(eq(discounts.id, stored!.id))).toEqual([]);
  });
});
