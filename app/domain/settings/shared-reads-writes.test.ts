// The values every page reads, kept in memory (ADR 043), against the owner's saves through the
// shop's own code: the read after each save shows it. The test suite otherwise runs without the
// store (tests/support/direct-reads.ts); here it is on.
import { afterAll, beforeAll, expect, test } from "vitest";

import { products } from "~/db/schema";
import { getProductForEditor, saveProduct } from "~/domain/catalog/product-admin.server";
import {
  deleteDeliveryZone,
  isPickupEnabled,
  listActiveDeliveryZones,
  saveDeliveryZone,
  setPickupEnabled,
} from "~/domain/delivery/delivery.server";
import { listCheckoutPaymentMethods } from "~/domain/orders/order-payment.server";
import { prepareSearchQuery } from "~/domain/search/catalog-search.server";
import { addSynonymGroup } from "~/domain/search/synonyms.server";
import { findClosestWords } from "~/domain/search/word-forms-sql.server";
import {
  addPaymentMethod,
  deletePaymentMethod,
  listPaymentQrImages,
  updatePaymentMethods,
} from "~/domain/settings/payment-methods.server";
import { getOrderLimits, getShopSettings } from "~/domain/settings/settings.server";
import { saveContactSettings, saveGeneralSettings, toGeneralSettings } from "~/domain/settings/settings-admin.server";
import { setSharedReadsEnabled } from "~/lib/page-cache/shared-reads.server";
import { seededShopWithAdmin } from "~test/seeded-shop";

const { adminId, handle } = seededShopWithAdmin();

beforeAll(() => setSharedReadsEnabled(true));
afterAll(() => setSharedReadsEnabled(false));

test("the settings row: the shop's name, contact and order limits, fresh after each save", async () => {
  const admin = adminId();
  const before = await getShopSettings();
  await saveGeneralSettings(admin, {
    ...toGeneralSettings(before),
    shopName: "Patitas Surco",
    maxUnitsPerOrder: 7,
  });
  expect((await getShopSettings()).shopName).toBe("Patitas Surco");
  expect((await getOrderLimits()).maxUnitsPerOrder).toBe(7);

  await saveContactSettings(admin, {
    contactEmail: "hola@patitas.pe",
    contactPhone: "51987654321",
    contactAddress: "Av. Primavera 1234",
    contactHours: "Lunes a Sábado: 9:00 AM - 7:00 PM",
    alertEmail: "avisos@patitas.pe",
    isWeeklySummaryOn: false,
  });
  expect(await getShopSettings()).toMatchObject({ contactPhone: "51987654321", alertEmail: "avisos@patitas.pe" });

  expect(await isPickupEnabled()).toBe(true);
  await setPickupEnabled({ id: admin }, false);
  expect(await isPickupEnabled()).toBe(false);
  expect((await getShopSettings()).isPickupEnabled).toBe(false);
  await setPickupEnabled({ id: admin }, true);
  expect(await isPickupEnabled()).toBe(true);
});

test("the districts the checkout offers, fresh after a district is added, changed or removed", async () => {
  const admin = { id: adminId() };
  const districts = async () => (await listActiveDeliveryZones()).map((zone) => [zone.district, zone.feeCents]);
  const before = await districts();
  const zone = {
    district: "Punta Hermosa",
    feeCents: 900,
    minimumOrderCents: null,
    freeFromCents: null,
    isActive: true,
  };
  const added = await saveDeliveryZone(admin, zone);
  expect(added.ok).toBe(true);
  expect(await districts()).toContainEqual(["Punta Hermosa", 900]);

  const id = (await listActiveDeliveryZones()).find((row) => row.district === "Punta Hermosa")!.id;
  await saveDeliveryZone(admin, { ...zone, feeCents: 1200 }, id);
  expect(await districts()).toContainEqual(["Punta Hermosa", 1200]);
  await saveDeliveryZone(admin, { ...zone, isActive: false }, id);
  expect(await districts()).toEqual(before);
  await deleteDeliveryZone(admin, id);
  expect(await districts()).toEqual(before);
});

test("the payment methods and their QR codes, fresh after each save", async () => {
  const admin = adminId();
  const names = async () => (await listCheckoutPaymentMethods()).map((method) => method.name);
  expect(await names()).toContain("Yape");
  await updatePaymentMethods(admin, { yape: { isActive: false, details: "Yapea al 924 810 866", qrImage: "" } });
  expect(await names()).not.toContain("Yape");
  await updatePaymentMethods(admin, {
    yape: { isActive: true, details: "Yapea al 924 810 866", qrImage: "/images/qr/yape.png" },
  });
  expect(await names()).toContain("Yape");
  expect((await listPaymentQrImages()).yape).toBe("/images/qr/yape.png");

  const added = await addPaymentMethod(admin, { name: "Contra entrega", details: "Pagas al recibir", isActive: true });
  expect(added.status).toBe("added");
  expect(await names()).toContain("Contra entrega");
  const id = (await listCheckoutPaymentMethods()).find((method) => method.name === "Contra entrega")!.id;
  expect((await deletePaymentMethod(admin, id)).status).toBe("deleted");
  expect(await names()).not.toContain("Contra entrega");
});

test("the search's word forms and synonyms, fresh after a product is renamed or a synonym added", async () => {
  const admin = { id: adminId() };
  const searched = async (raw: string) => (await prepareSearchQuery(raw))!.full;
  expect(await searched("zanahoira")).not.toContain("zanahoria");
  // '¿Quisiste decir…?' reads each word's closest word of the shop, kept like its forms.
  expect(await findClosestWords(["zanahoira", "gato"])).not.toContain("zanahoria");
  expect(await searched("firulais")).not.toContain("correa");

  const [product] = await handle().db.select({ id: products.id }).from(products).limit(1);
  const { id, isArchived: _isArchived, variants, ...form } = (await getProductForEditor(product!.id))!;
  const rows = variants.map((row, index) => ({ ...row, key: String(index), stockShown: row.stock }));
  expect((await saveProduct(admin, { ...form, title: "Snack de Zanahoria", variants: rows }, id)).status).toBe("saved");
  expect(await searched("zanahoira")).toContain("zanahoria");
  expect(await findClosestWords(["zanahoira", "gato"])).toEqual(["zanahoria", "gato"]);

  expect((await addSynonymGroup(admin.id, ["firulais", "correa"])).ok).toBe(true);
  expect(await searched("firulais")).toContain("correa");
});
