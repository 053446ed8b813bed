import { and, asc, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { complaints, contactMessages, products, productVariants, shopAlerts, shopSettings } from "~/db/schema";
import { seedDemoShop } from "~/db/seed/seed.server";
import {
  ALERT_MAX_ATTEMPTS,
  deliverDueShopAlerts,
  getAttentionFacts,
  NO_RECIPIENT,
  NOTHING_TO_TELL,
  queueShopAlertIn,
  runShopAlerts,
  settleShopAlerts,
} from "~/domain/alerts/shop-alerts.server";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { fileComplaint } from "~/domain/complaints/complaint.server";
import { createContactMessage } from "~/domain/content/contact-message.server";
import { getDashboardFigures } from "~/domain/dashboard/dashboard.server";
import { placeOrder } from "~/domain/orders/order.server";
import type { MailMessage } from "~/lib/mail.server";
import { formatMoney } from "~/lib/money";
import { validComplaintInput } from "~test/complaint-input";
import { setUpTestDatabase } from "~test/test-database";

// The real background send (tests/support/quiet-shop-alerts.ts turns it off for the other files).
vi.unmock("~/domain/alerts/shop-alerts.server");

// A mail server that keeps what it is given, and can be told to fail the next sends.
const mail = vi.hoisted(() => ({ sent: [] as MailMessage[], failures: 0 }));
vi.mock("~/lib/mail.server", () => ({
  isMailServerConfigured: () => true,
  sendMail: async (message: MailMessage) => {
    if (mail.failures > 0) {
      mail.failures -= 1;
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    }
    mail.sent.push(message);
    return { delivery: "smtp" };
  },
}));

const { handle } = setUpTestDatabase();
const SHOP = "contacto@patitasfelices.pe";
const MINUTE = 60 * 1000;

const toShop = () => mail.sent.filter((message) => message.to === SHOP || message.to === "avisos@patitas.pe");

beforeAll(async () => {
  await seedDemoShop(handle().db);
  // Quiet: a failed send logs an error line by design.
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});

beforeEach(async () => {
  await settleShopAlerts();
  mail.sent.length = 0;
  mail.failures = 0;
});

async function placeGuestOrder(phone: string) {
  const { db } = handle();
  const [raton] = await db.select().from(products).where(like(products.title, "Ratón%"));
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  expect((await addCartLine(cartId, { productId: raton!.id, quantity: 1 })).status).toBe("added");
  const result = await placeOrder({
    cartId,
    userId: null,
    paymentMethodId: "yape",
    customerName: "Ana Torres",
    customerPhone: phone,
    fulfillment: "pickup",
  } as Parameters<typeof placeOrder>[0]);
  if (result.status !== "placed") throw new Error(`not placed: ${result.status}`);
  return result;
}

async function alertRow(kind: "order" | "complaint" | "contact" | "digest", refKey: string | number) {
  const [row] = await handle()
    .db.select()
    .from(shopAlerts)
    .where(and(eq(shopAlerts.kind, kind), eq(shopAlerts.refKey, String(refKey))));
  return row;
}

describe("alerts to the shop", () => {
  test("a new order, complaint and contact message each reach the shop once, with a link to the back office", async () => {
    const order = await placeGuestOrder("987 111 001");
    const { complaint } = await fileComplaint(validComplaintInput({ productOrService: "Baño y corte" }));
    const messageId = await createContactMessage({
      fullName: "Pedro Díaz",
      email: "pedro@example.pe",
      subject: "Horario",
      message: "¿Abren los domingos?",
    });
    await settleShopAlerts();
    // Other instances (or the minute's loop) running at the same moment find nothing left.
    await Promise.all([deliverDueShopAlerts(), deliverDueShopAlerts(), deliverDueShopAlerts()]);

    const subjects = toShop().map((message) => message.subject);
    expect(subjects.sort()).toEqual(
      [
        `Nuevo pedido ${order.code}: ${formatMoney(order.totalCents)}`,
        `Nueva reclamación ${complaint.code} en el Libro de Reclamaciones`,
        "Nuevo mensaje de Pedro Díaz: Horario",
      ].sort(),
    );
    const orderMail = toShop().find((message) => message.subject.startsWith("Nuevo pedido"))!;
    expect(orderMail.text).toContain(`http://localhost:3000/admin/pedidos/${order.orderId}`);
    expect(orderMail.text).toContain("Ana Torres (987 111 001) hizo un pedido por");
    expect(orderMail.text).toContain("Pago: Yape");
    const complaintMail = toShop().find((message) => message.subject.startsWith("Nueva reclamación"))!;
    expect(complaintMail.text).toContain(`http://localhost:3000/admin/reclamaciones/${complaint.id}`);
    // The consumer got their own notice besides.
    expect(mail.sent.some((message) => message.to === "lucia@example.pe")).toBe(true);

    for (const [kind, ref] of [
      ["order", order.orderId],
      ["complaint", complaint.id],
      ["contact", messageId],
    ] as const) {
      expect(await alertRow(kind, ref)).toMatchObject({ delivery: "smtp", attempts: 1, sentAt: expect.any(Date) });
    }
  });

  test("a new order's alert names each line with its presentación, so two sizes of one product read apart", async () => {
    const { db } = handle();
    const food = "Alimento Pro Plan Cachorro Razas Pequeñas";
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.title, food));
    const sizes = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id))
      .orderBy(asc(productVariants.sortOrder));
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    for (const [variant, quantity] of [
      [sizes[0]!, 1],
      [sizes[1]!, 1],
    ] as const) {
      expect((await addCartLine(cartId, { productId: product!.id, variantId: variant.id, quantity })).status).toBe(
        "added",
      );
    }
    const order = await placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "987 111 003",
      fulfillment: "pickup",
    } as Parameters<typeof placeOrder>[0]);
    if (order.status !== "placed") throw new Error(`not placed: ${order.status}`);
    await settleShopAlerts();

    const alert = toShop().find((message) => message.subject.startsWith(`Nuevo pedido ${order.code}`))!;
    expect(alert.text).toContain(`Productos: 1 × ${food} — 3 kg; 1 × ${food} — 15 kg`);
  });

  test("an event queued twice and racing senders give one e-mail; 'Correo para avisos' wins over the contact e-mail", async () => {
    const { db } = handle();
    await db.update(shopSettings).set({ alertEmail: "avisos@patitas.pe" });
    try {
      const [message] = await db
        .insert(contactMessages)
        .values({ fullName: "Rosa", email: "rosa@example.pe", subject: "", message: "Hola" })
        .returning({ id: contactMessages.id });
      await Promise.all([queueShopAlertIn(db, "contact", message!.id), queueShopAlertIn(db, "contact", message!.id)]);
      await Promise.all(Array.from({ length: 5 }, () => deliverDueShopAlerts()));
      expect(toShop().map((sent) => [sent.to, sent.subject])).toEqual([["avisos@patitas.pe", "Nuevo mensaje de Rosa"]]);
    } finally {
      await db.update(shopSettings).set({ alertEmail: "" });
    }
  });

  test("mail down: the shopper's message is kept, and the alert is tried again later, a few times at most", async () => {
    mail.failures = 1;
    const messageId = await createContactMessage({
      fullName: "Luis",
      email: "luis@example.pe",
      subject: "",
      message: "¿Tienen arena?",
    });
    expect(messageId).toBeGreaterThan(0);
    await settleShopAlerts();
    expect(toShop()).toEqual([]);
    expect(await alertRow("contact", messageId)).toMatchObject({ sentAt: null, attempts: 1 });

    // Not before its wait (10 minutes after the first try) ...
    await deliverDueShopAlerts(handle().db, new Date(Date.now() + 5 * MINUTE));
    expect(toShop()).toEqual([]);
    // ... then once.
    await deliverDueShopAlerts(handle().db, new Date(Date.now() + 11 * MINUTE));
    expect(toShop().map((sent) => sent.subject)).toEqual(["Nuevo mensaje de Luis"]);
    expect(await alertRow("contact", messageId)).toMatchObject({ attempts: 2, lastError: "", delivery: "smtp" });

    // A server down for good: after ALERT_MAX_ATTEMPTS tries the alert is left with its error.
    mail.failures = 100;
    const [other] = await handle()
      .db.insert(contactMessages)
      .values({ fullName: "Eva", email: "eva@example.pe", subject: "", message: "Hola" })
      .returning({ id: contactMessages.id });
    await queueShopAlertIn(handle().db, "contact", other!.id);
    for (let hour = 0; hour < 24; hour++) {
      await deliverDueShopAlerts(handle().db, new Date(Date.now() + hour * 60 * MINUTE));
    }
    expect(await alertRow("contact", other!.id)).toMatchObject({
      sentAt: null,
      attempts: ALERT_MAX_ATTEMPTS,
      lastError: "No se pudo enviar el correo.",
    });
    expect(mail.failures).toBe(100 - ALERT_MAX_ATTEMPTS);
  });

  test("the 8:00 digest: once a day across instances, with the complaints due within 3 business days and the unpaid orders", async () => {
    const { db } = handle();
    // Every complaint so far falls due tomorrow; one answered is left out.
    await db.update(complaints).set({ dueDate: "2026-12-02" });
    const answered = await fileComplaint(validComplaintInput({ productOrService: "Baño y corte" }));
    await db.update(complaints).set({ status: "respondido" }).where(eq(complaints.id, answered.complaint.id));
    await settleShopAlerts();
    mail.sent.length = 0;

    // Tuesday 1 December 2026: 07:59 in Lima is too early.
    expect((await runShopAlerts(db, new Date("2026-12-01T12:59:00Z"))).sent).toBe(0);
    const eight = new Date("2026-12-01T13:00:00Z");
    await Promise.all([runShopAlerts(db, eight), runShopAlerts(db, eight), runShopAlerts(db, eight)]);
    await runShopAlerts(db, new Date("2026-12-01T20:00:00Z"));
    const digests = toShop().filter((sent) => sent.subject.startsWith("Resumen"));
    expect(digests).toHaveLength(1);

    const facts = await getAttentionFacts(eight);
    expect(facts.complaintCount).toBeGreaterThanOrEqual(1);
    expect(facts.complaints.every((complaint) => complaint.businessDaysLeft === 1)).toBe(true);
    expect(facts.unpaidOrderCount).toBeGreaterThanOrEqual(1);
    const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    expect(digests[0]!.subject).toBe(
      `Resumen del 01/12/2026: ${count(facts.complaintCount, "reclamación", "reclamaciones")} por vencer y ` +
        `${count(facts.unpaidOrderCount, "pedido", "pedidos")} sin pagar`,
    );
    expect(digests[0]!.text).toContain(
      `${facts.complaints[0]!.code}, Lucía Ramos Quispe: vence en 1 día hábil (02/12/2026)`,
    );
    expect(digests[0]!.text).not.toContain(answered.complaint.code);
    // The dashboard shows the same counts.
    const figures = await getDashboardFigures(eight);
    expect(figures).toMatchObject({
      complaintsDueSoonCount: facts.complaintCount,
      unpaidOrderCount: facts.unpaidOrderCount,
    });

    // The next day has its own digest.
    await runShopAlerts(db, new Date("2026-12-02T13:05:00Z"));
    expect(toShop().filter((sent) => sent.subject.startsWith("Resumen"))).toHaveLength(2);
  });

  test("nothing to tell, or nowhere to send it: no e-mail, and the alert is not tried again", async () => {
    const { db } = handle();
    await db.update(complaints).set({ status: "respondido" });
    const quietDay = new Date("2027-03-01T14:00:00Z");
    const facts = await getAttentionFacts(quietDay);
    if (facts.unpaidOrderCount > 0) {
      // Orders of the earlier tests: counted as paid for this quiet day.
      await db.execute(
        (await import("drizzle-orm")).sql`update orders set paid_at = now(), paid_amount_cents = total_cents`,
      );
    }
    await runShopAlerts(db, quietDay);
    expect(toShop()).toEqual([]);
    expect(await alertRow("digest", "2027-03-01")).toMatchObject({ delivery: NOTHING_TO_TELL });

    await db.update(shopSettings).set({ contactEmail: "", alertEmail: "" });
    try {
      const [message] = await db
        .insert(contactMessages)
        .values({ fullName: "Sin correo", email: "x@example.pe", subject: "", message: "Hola" })
        .returning({ id: contactMessages.id });
      await queueShopAlertIn(db, "contact", message!.id);
      await deliverDueShopAlerts();
      expect(mail.sent).toEqual([]);
      expect(await alertRow("contact", message!.id)).toMatchObject({ delivery: NO_RECIPIENT });
    } finally {
      await db.update(shopSettings).set({ contactEmail: SHOP });
    }
  });
});
