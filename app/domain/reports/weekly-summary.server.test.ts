import { and, eq, like } from "drizzle-orm";
import { beforeAll, expect, test, vi } from "vitest";

import { orderStatusChanges, products, shopAlerts, shopSettings } from "~/db/schema";
import { runShopAlerts } from "~/domain/alerts/shop-alerts.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { sentMails } from "~test/captured-mail";
import { insertTestOrder } from "~test/orders";
import { setUpTestDatabase } from "~test/test-database";
import { setVariantValues } from "~test/variants";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const { handle } = setUpTestDatabase();
const ALERTS = "avisos@patitas.pe";
const weeklyMails = () => sentMails.filter((mail) => mail.to === ALERTS && mail.subject.startsWith("Resumen semanal"));

beforeAll(async () => {
  const db = handle().db;
  await seedDemoShop(db);
  await db.update(shopSettings).set({ alertEmail: ALERTS });
  const [mouse] = await db.select().from(products).where(like(products.title, "Ratón de Juguete%"));
  const [snack] = await db.select().from(products).where(like(products.title, "Snack Dental%"));
  await setVariantValues(db, mouse!.id, { priceCents: 10_000, stock: 100, isOfferActive: false });
  await setVariantValues(db, snack!.id, { priceCents: 2_550, stock: 100, isOfferActive: false });
  const paid = (productId: number, quantity: number, paidAt: string, cents: number) =>
    insertTestOrder(db, {
      lines: [{ productId, quantity }],
      status: "pagado",
      createdAt: new Date(paidAt),
      columns: { paidAt: new Date(paidAt), paidAmountCents: cents },
    });
  // The week before: 17 November.
  await paid(mouse!.id, 1, "2026-11-17T15:00:00Z", 10_000);
  // Last week, Monday 23 to Sunday 29 November: the second paid at 23:30 of Sunday in Lima.
  await paid(mouse!.id, 1, "2026-11-24T15:00:00Z", 10_000);
  await paid(snack!.id, 2, "2026-11-30T04:30:00Z", 5_100);
  // Paid 30 minutes later, on Monday in Lima: this week's.
  await paid(snack!.id, 1, "2026-11-30T05:30:00Z", 2_550);
  const expired = await insertTestOrder(db, {
    lines: [{ productId: mouse!.id, quantity: 1 }],
    status: "cancelado",
    createdAt: new Date("2026-11-25T15:00:00Z"),
  });
  await db
    .insert(orderStatusChanges)
    .values({ orderId: expired.id, fromStatus: "pendiente", toStatus: "cancelado", isAutomatic: true });
});

test("on Monday at 8:00 in Lima the owner gets last week's figures against the week before, once", async () => {
  const db = handle().db;
  // Monday 30 November 2026, 07:59 in Lima: not yet.
  await runShopAlerts(db, new Date("2026-11-30T12:59:00Z"));
  expect(weeklyMails()).toEqual([]);
  const eight = new Date("2026-11-30T13:00:00Z");
  await Promise.all([runShopAlerts(db, eight), runShopAlerts(db, eight), runShopAlerts(db, eight)]);
  await runShopAlerts(db, new Date("2026-11-30T20:00:00Z"));
  const [mail, ...others] = weeklyMails();
  expect(others).toEqual([]);
  expect(mail!.subject).toBe("Resumen semanal del lun 23 nov al dom 29 nov: S/\u00a0151.00 en ventas pagadas");
  expect(mail!.text).toContain("Ingresos pagados: S/\u00a0151.00 (+51 %, antes S/\u00a0100.00)");
  expect(mail!.text).toContain("Pedidos pagados: 2 (+100 %, antes 1)");
  expect(mail!.text).toContain("Ticket promedio: S/\u00a075.50 (−25 %, antes S/\u00a0100.00)");
  expect(mail!.text).toContain("Vencidos sin pago: 1 (antes 0)");
  expect(mail!.text).toMatch(/Snack Dental para Perro x 7 unidades: 2 u\.\n.*Ratón de Juguete con Catnip: 1 u\./);
  expect(mail!.text).toContain("/admin/reportes?rango=personalizado&desde=2026-11-23&hasta=2026-11-29");

  // Tuesday: nothing more.
  await runShopAlerts(db, new Date("2026-12-01T13:30:00Z"));
  expect(weeklyMails()).toHaveLength(1);
});

test("turned off, the next Monday's summary is not even queued", async () => {
  const db = handle().db;
  await db.update(shopSettings).set({ isWeeklySummaryOn: false });
  await runShopAlerts(db, new Date("2026-12-07T13:30:00Z"));
  expect(weeklyMails()).toHaveLength(1);
  const rows = await db
    .select()
    .from(shopAlerts)
    .where(and(eq(shopAlerts.kind, "weekly"), eq(shopAlerts.refKey, "2026-12-07")));
  expect(rows).toEqual([]);
});
