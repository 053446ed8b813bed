import { beforeAll, describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { getLimaDate } from "~/domain/calendar/lima-time";
import type { DeliverySheet } from "~/domain/orders/order-delivery-sheet.server";
import { markOrderPaid } from "~/domain/orders/order-payment-admin.server";
import { formatMoney } from "~/lib/money";
import { requestAs, signUpCustomer } from "~test/auth";
import { insertTestOrder, type TestOrderInput } from "~test/orders";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { setVariantValues } from "~test/variants";

import DeliverySheetPage, { loader } from "./delivery-sheet";

const { handle, adminCookie, adminId } = seededShopWithAdmin();
let productId: number;
let customerCookie: string;

beforeAll(async () => {
  const { db } = handle();
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  await setVariantValues(db, productId, { stock: 5000 });
  customerCookie = await signUpCustomer("curioso-reparto@example.pe");
});

/** An order of the sheet's days (2018, before any other order of the shop). */
function orderOn(iso: string, status: TestOrderInput["status"], columns: TestOrderInput["columns"]) {
  return insertTestOrder(handle().db, {
    lines: [{ productId, quantity: 1 }],
    createdAt: new Date(iso),
    status,
    columns,
  });
}

function delivery(district: string, extra: TestOrderInput["columns"] = {}): TestOrderInput["columns"] {
  return {
    fulfillment: "delivery",
    deliveryDistrict: district,
    customerAddress: `Calle ${district} 100`,
    deliveryReference: `Cerca de ${district}`,
    deliveryFeeCents: 500,
    ...extra,
  };
}

type Loaded = { sheet: DeliverySheet };

async function loadSheet(search: string, cookie: string | null = adminCookie()) {
  const request = requestAs(cookie, `/admin/pedidos/reparto${search}`);
  return loader({ request, params: {}, context: {} } as never);
}

describe("the Hoja de reparto", () => {
  test("is the administrator's only: others get the admin sign-in", async () => {
    for (const cookie of [null, customerCookie]) {
      const refused = await loadSheet("", cookie).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get("Location")).toBe("/admin");
    }
  });

  test("the day's accepted deliveries by district then code, with what to collect; pickups ready apart", async () => {
    const day = "2018-01-10";
    // 10 January in Lima ends at 05:00 UTC on the 11th.
    const surcoUnpaid = await orderOn("2018-01-10T20:00:00Z", "en_preparacion", delivery("Surco"));
    const barrancoPaid = await orderOn("2018-01-09T15:00:00Z", "pendiente", delivery("Barranco"));
    await markOrderPaid({ id: adminId() }, barrancoPaid.id, { methodName: "Yape", amountCents: 100, operation: "" });
    const jesusMaria = await orderOn("2018-01-11T04:59:00Z", "en_camino", delivery("Jesús María"));
    const surcoEarlier = await orderOn("2018-01-08T15:00:00Z", "en_preparacion", delivery("Surco"));
    const lince = await orderOn("2018-01-10T15:00:00Z", "en_preparacion", delivery("Lince"));
    // Left out: not accepted yet, already delivered or cancelled, placed after the day.
    await orderOn("2018-01-10T15:00:00Z", "pendiente", delivery("Miraflores"));
    await orderOn("2018-01-10T15:00:00Z", "entregado", delivery("Miraflores"));
    await orderOn("2018-01-10T15:00:00Z", "cancelado", delivery("Miraflores"));
    await orderOn("2018-01-11T05:00:00Z", "en_preparacion", delivery("Miraflores"));
    // Pickups: only the ones ready at the counter.
    const ready = await orderOn("2018-01-10T15:00:00Z", "listo_recoger", { fulfillment: "pickup" });
    await orderOn("2018-01-10T15:00:00Z", "en_preparacion", { fulfillment: "pickup" });

    const { sheet } = (await loadSheet(`?fecha=${day}`)) as Loaded;
    expect(sheet.day).toBe(day);
    expect(sheet.deliveries.map((row) => [row.district, row.code])).toEqual([
      ["Barranco", barrancoPaid.code],
      ["Jesús María", jesusMaria.code],
      ["Lince", lince.code],
      // Within a district, by code (surcoUnpaid was written first).
      ["Surco", surcoUnpaid.code],
      ["Surco", surcoEarlier.code],
    ]);
    expect(sheet.deliveries[0]).toMatchObject({
      isPaid: true,
      amountToCollectCents: 0,
      address: "Calle Barranco 100",
      reference: "Cerca de Barranco",
    });
    expect(sheet.deliveries.at(-2)).toMatchObject({ isPaid: false, amountToCollectCents: surcoUnpaid.totalCents });
    const toCollect = surcoUnpaid.totalCents + jesusMaria.totalCents + surcoEarlier.totalCents + lince.totalCents;
    expect(sheet.deliveriesToCollectCents).toBe(toCollect);
    expect(sheet.pickups.map((row) => row.code)).toEqual([ready.code]);
    expect(sheet.pickupsToCollectCents).toBe(ready.totalCents);

    // The day before: only what was placed by then.
    const { sheet: before } = (await loadSheet("?fecha=2018-01-09")) as Loaded;
    expect(before.deliveries.map((row) => row.code)).toEqual([barrancoPaid.code, surcoEarlier.code]);

    const page = await renderRoute(
      { Page: DeliverySheetPage, loader, action: () => null } as never,
      requestAs(adminCookie(), `/admin/pedidos/reparto?fecha=${day}`),
    );
    expect(page.html).toContain("Hoja de reparto");
    expect(page.html).toContain("Imprimir");
    expect(page.html).toContain('value="10/01/2018"');
    expect(page.html).toContain("5 deliveries");
    expect(page.html).toContain(formatMoney(toCollect));
    expect(page.html.indexOf(barrancoPaid.code)).toBeLessThan(page.html.indexOf(surcoUnpaid.code));
    expect(page.html).toContain(">Pagado<");
  });

  test("without a day (or with a bad one) it is today's in Lima", async () => {
    const today = getLimaDate(new Date());
    for (const search of ["", "?fecha=2018-02-30", "?fecha=mañana"]) {
      const { sheet } = (await loadSheet(search)) as Loaded;
      expect(sheet.day).toBe(today);
    }
  });
});
