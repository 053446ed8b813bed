import { and, asc, eq, inArray, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { readConfig } from "~/config.server";
import { complaints, contactMessages, products, productVariants, shopAlerts, shopSettings } from "~/db/schema";
import { ALERT_LIST_LIMIT, ALERT_SUMMARY_MINUTES } from "~/domain/alerts/shop-alerts";
import {
  ALERT_MAX_ATTEMPTS,
  deliverDueShopAlerts,
  deliverShopAlertsLater,
  getAttentionFacts,
  IN_SUMMARY,
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
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { placeOrder } from "~/domain/orders/order.server";
import type { MailMessage } from "~/lib/mail.server";
import { formatMoney } from "~/lib/money";
import { validComplaintInput } from "~test/complaint-input";
import { setUpTestDatabase } from "~test/test-database";

/** Alerts in an hour past which they come folded (the configuration's default). */
const ALERT_FLOOD_THRESHOLD = readConfig().shopAlertsPerHour;

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
  await settleShopAlerts({ forgetQuiet: true });
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

// Each test at its own far date: the flood counts what the shop was told in the hour before `now`.
describe("a flood of alerts", () => {
  const SUMMARY = "Resumen de avisos: ";

  /** A contact message from `name`, its alert queued; its alert's subject is 'Nuevo mensaje de <name>'. */
  async function queueMessageAlert(name: string) {
    const { db } = handle();
    const [message] = await db
      .insert(contactMessages)
      .values({ fullName: name, email: "flood@example.pe", subject: "", message: "Hola" })
      .returning({ id: contactMessages.id });
    await queueShopAlertIn(db, "contact", message!.id);
    return message!.id;
  }

  /** Senders at `now`, as two instances (or the minute's loop and a response) would be; what reached the shop. */
  async function deliverAt(now: Date, senders = 2) {
    const before = toShop().length;
    await Promise.all(Array.from({ length: senders }, () => deliverDueShopAlerts(handle().db, now)));
    return toShop()
      .slice(before)
      .map((message) => ({ at: now.getTime(), subject: message.subject, text: message.text }));
  }

  async function contactRows(ids: number[]) {
    const rows = await handle()
      .db.select()
      .from(shopAlerts)
      .where(and(eq(shopAlerts.kind, "contact"), inArray(shopAlerts.refKey, ids.map(String))))
      .orderBy(asc(shopAlerts.id));
    expect(rows).toHaveLength(ids.length);
    return rows;
  }

  test("100 alerts in an hour: alone up to the threshold, then one summary per quarter hour at most, each alert told once", async () => {
    const start = Date.parse("2027-06-01T15:00:00Z");
    const names = Array.from({ length: 100 }, (_, i) => `Cliente ${String(i).padStart(3, "0")}`);
    const ids: number[] = [];
    const mails: Awaited<ReturnType<typeof deliverAt>> = [];
    for (const [i, name] of names.entries()) {
      ids.push(await queueMessageAlert(name));
      mails.push(...(await deliverAt(new Date(start + i * 36 * 1000))));
    }
    // The last ones wait for the next summary.
    for (let minute = 60; minute <= 90; minute++) mails.push(...(await deliverAt(new Date(start + minute * MINUTE))));

    const alone = mails.slice(0, ALERT_FLOOD_THRESHOLD);
    expect(alone.map((mail) => mail.subject)).toEqual(
      names.slice(0, ALERT_FLOOD_THRESHOLD).map((name) => `Nuevo mensaje de ${name}`),
    );
    const summaries = mails.slice(ALERT_FLOOD_THRESHOLD);
    expect(summaries.length).toBeGreaterThan(1);
    expect(summaries.every((mail) => mail.subject.startsWith(SUMMARY))).toBe(true);
    // A quarter of an hour at least after the owner's previous e-mail about an event.
    for (const [i, summary] of summaries.entries()) {
      const previous = i === 0 ? alone.at(-1)! : summaries[i - 1]!;
      expect(summary.at - previous.at).toBeGreaterThanOrEqual(ALERT_SUMMARY_MINUTES * MINUTE);
    }

    // Every alert told once: alone, or in the summary sent at its sentAt, in the order they came.
    const rows = await contactRows(ids);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    expect(rows.slice(0, ALERT_FLOOD_THRESHOLD).every((row) => row.delivery === "smtp")).toBe(true);
    const folded = rows.slice(ALERT_FLOOD_THRESHOLD);
    expect(folded.every((row) => row.delivery === IN_SUMMARY)).toBe(true);
    let listedCount = 0;
    for (const summary of summaries) {
      const subjects = folded
        .filter((row) => row.sentAt!.getTime() === summary.at)
        .map((row) => `Nuevo mensaje de ${names[ids.indexOf(Number(row.refKey))]!}`);
      listedCount += subjects.length;
      // Usually the whole quarter's; when two senders race, one may leave a straggler to the next.
      expect(summary.subject).toBe(
        `${SUMMARY}${subjects.length} ${subjects.length === 1 ? "aviso nuevo" : "avisos nuevos"}`,
      );
      const shown = subjects.slice(0, ALERT_LIST_LIMIT);
      const more = subjects.length - shown.length;
      const lines = summary.text.split("\n").filter((line) => line.startsWith("• ") || line.startsWith("…y"));
      expect(lines).toEqual([
        ...shown.map((subject) => `• ${subject}`),
        ...(more > 0 ? [`…y ${more} más en el panel.`] : []),
      ]);
      expect(summary.text).toContain("Llegaron muchos avisos a la vez");
      expect(summary.text).toContain("volverás a recibir un correo por cada uno");
      expect(summary.text).toContain("http://localhost:3000/admin/dashboard");
    }
    expect(listedCount).toBe(folded.length);
    expect(summaries.some((summary) => summary.text.includes("…y "))).toBe(true);
  });

  test("a summary that fails is tried again, with what came meanwhile, and none of it is lost", async () => {
    const start = Date.parse("2027-08-01T15:00:00Z");
    // One sender (`, 1`) throughout, so which alerts share a summary is known.
    const ids: number[] = [];
    for (let i = 0; i < ALERT_FLOOD_THRESHOLD; i++) ids.push(await queueMessageAlert(`Vecino ${i}`));
    expect(await deliverAt(new Date(start), 1)).toHaveLength(ALERT_FLOOD_THRESHOLD);
    const waiting = [await queueMessageAlert("Vecino A"), await queueMessageAlert("Vecino B")];
    expect(await deliverAt(new Date(start + MINUTE), 1)).toEqual([]);

    mail.failures = 1;
    expect(await deliverAt(new Date(start + ALERT_SUMMARY_MINUTES * MINUTE), 1)).toEqual([]);
    expect(await contactRows(waiting)).toMatchObject([
      { sentAt: null, delivery: IN_SUMMARY, attempts: 1, lastError: "No se pudo enviar el correo." },
      { sentAt: null, delivery: IN_SUMMARY, attempts: 1, lastError: "No se pudo enviar el correo." },
    ]);
    waiting.push(await queueMessageAlert("Vecino C"));
    // Its next try comes after the usual wait; meanwhile the newcomer waits with it.
    expect(await deliverAt(new Date(start + 20 * MINUTE), 1)).toEqual([]);
    const retried = await deliverAt(new Date(start + 25 * MINUTE), 1);
    expect(retried.map((mail) => mail.subject)).toEqual([`${SUMMARY}3 avisos nuevos`]);
    expect(retried[0]!.text).toContain(
      "• Nuevo mensaje de Vecino A\n\n• Nuevo mensaje de Vecino B\n\n• Nuevo mensaje de Vecino C",
    );
    expect(await contactRows(waiting)).toMatchObject([
      { delivery: IN_SUMMARY, attempts: 2, lastError: "", sentAt: new Date(start + 25 * MINUTE) },
      { delivery: IN_SUMMARY, attempts: 2, lastError: "", sentAt: new Date(start + 25 * MINUTE) },
      { delivery: IN_SUMMARY, attempts: 1, lastError: "", sentAt: new Date(start + 25 * MINUTE) },
    ]);
  });

  test("a quiet shop gets each alert alone, however many come in a day", async () => {
    const start = Date.parse("2027-10-01T13:00:00Z");
    const names = Array.from({ length: 2 * ALERT_FLOOD_THRESHOLD }, (_, i) => `Visita ${i}`);
    const mails: Awaited<ReturnType<typeof deliverAt>> = [];
    const ids: number[] = [];
    // Fewer than the threshold in any hour.
    const gap = (2 * 60 * MINUTE) / ALERT_FLOOD_THRESHOLD;
    for (const [i, name] of names.entries()) {
      ids.push(await queueMessageAlert(name));
      mails.push(...(await deliverAt(new Date(start + i * gap))));
    }
    expect(mails.map((mail) => mail.subject)).toEqual(names.map((name) => `Nuevo mensaje de ${name}`));
    expect((await contactRows(ids)).every((row) => row.delivery === "smtp" && row.attempts === 1)).toBe(true);
  });

  // ADR 057: the runs a response starts (deliverShopAlertsLater, which reads the clock).
  test("flooded, a response starts no run before the next summary is due; the minute's loop sends it with all that came", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.parse("2028-03-01T15:00:00Z");
      vi.setSystemTime(start);
      for (let i = 0; i < ALERT_FLOOD_THRESHOLD; i++) {
        await queueMessageAlert(`Antes ${i}`);
        await deliverAt(new Date(start), 1);
      }
      expect(toShop()).toHaveLength(ALERT_FLOOD_THRESHOLD);
      const [first] = await contactRows([await queueMessageAlert("Primera en la prisa")]);
      deliverShopAlertsLater();
      await settleShopAlerts();
      // The run that found the flood put it off to the summary, a quarter of an hour on.
      const [putOff] = await contactRows([Number(first!.refKey)]);
      const summaryAt = start + ALERT_SUMMARY_MINUTES * MINUTE;
      // Handed back as it was: its try is not spent.
      expect(putOff).toMatchObject({ sentAt: null, attempts: 0, nextAttemptAt: new Date(summaryAt) });
      const second = await queueMessageAlert("Segunda en la prisa");
      const [waiting] = await contactRows([second]);
      vi.setSystemTime(start + 5 * MINUTE);
      deliverShopAlertsLater();
      await settleShopAlerts();
      // No run: the second alert was neither claimed nor put off.
      expect(await contactRows([second])).toEqual([waiting]);
      expect(toShop()).toHaveLength(ALERT_FLOOD_THRESHOLD);
      // The minute's loop, once the summary is due: one e-mail with both.
      vi.setSystemTime(summaryAt + MINUTE);
      await runShopAlerts(handle().db);
      const summary = toShop().at(-1)!;
      expect(toShop()).toHaveLength(ALERT_FLOOD_THRESHOLD + 1);
      expect(summary.subject).toBe(`${SUMMARY}2 avisos nuevos`);
      expect(summary.text).toContain("• Nuevo mensaje de Primera en la prisa");
      expect(summary.text).toContain("• Nuevo mensaje de Segunda en la prisa");
      const rows = await contactRows([Number(first!.refKey), second]);
      expect(rows.every((row) => row.delivery === IN_SUMMARY && row.sentAt !== null)).toBe(true);
      // Past the quiet, a response starts a run again (put off again: the next summary is later).
      const third = await queueMessageAlert("Tercera");
      deliverShopAlertsLater();
      await settleShopAlerts();
      const [putOffAgain] = await contactRows([third]);
      expect(putOffAgain!.sentAt).toBeNull();
      expect(putOffAgain!.nextAttemptAt.getTime()).toBe(summaryAt + MINUTE + ALERT_SUMMARY_MINUTES * MINUTE);
    } finally {
      vi.useRealTimers();
      await settleShopAlerts({ forgetQuiet: true });
    }
  });
});
