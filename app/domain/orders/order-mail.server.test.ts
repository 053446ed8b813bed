// Issue 40, 'E-mails': what the shopper's order e-mails say, read as they are handed to the mail
// server (text and HTML): the lines with their presentación, how the order is handed over, the
// total and, while unpaid, how to pay. Orders are written straight into the database.
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { orderDiscounts, shopSettings } from "~/db/schema";
import type { MailMessage } from "~/lib/mail.server";
import { formatMoney } from "~/lib/money";
import { sentMails } from "~test/captured-mail";
import { insertTestOrder, type TestOrderOptions } from "~test/order-page";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { sendOrderStatusMail } from "./order-mail.server";

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));

const shop = seededShopWithAdmin();
const db = () => shop.handle().db;
const EMAIL = "rosa.pedidos@example.pe";

beforeAll(async () => {
  await db().update(shopSettings).set({ paymentHours: 24 });
});

beforeEach(() => {
  sentMails.length = 0;
});

/** The e-mail about `options`' order, as sendOrderStatusMail hands it to the mail server. */
async function mailOf(options: TestOrderOptions, isExpired = false): Promise<MailMessage & { code: string }> {
  const order = await insertTestOrder(db(), { ...options, values: { customerEmail: EMAIL, ...options.values } });
  await sendOrderStatusMail(order.id, { isExpired });
  expect(sentMails).toHaveLength(1);
  return { ...sentMails[0]!, code: order.code };
}

/** Every link in a text part, as mail.server.ts logs them and mail clients make them clickable. */
function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

describe("the shopper's order e-mails", () => {
  test("placed: the lines with their presentación, the delivery, the total and how to pay, in the text and the HTML", async () => {
    const mail = await mailOf({ createdAt: new Date("2026-11-26T19:05:00Z") });
    expect(mail).toMatchObject({ to: EMAIL, subject: `Tu pedido ${mail.code}: Pendiente de pago` });
    for (const expected of [
      "Hola Rosa Quispe,",
      `Tu pedido ${mail.code} quedó registrado y espera tu pago.`,
      `2 × Alimento Pro Plan — 3 kg: ${formatMoney(6000)}`,
      `1 × Pelota de Goma: ${formatMoney(1500)}`,
      `Subtotal: ${formatMoney(7500)}`,
      `Costo de envío: ${formatMoney(1000)}`,
      `Total: ${formatMoney(8500)}`,
      "Delivery a Miraflores",
      "Dirección: Calle Los Pinos 123, dpto. 402",
      "Referencia: Frente al parque Kennedy",
      "Cómo pagar",
      "Método de pago: Yape",
      "Yapea al 924 810 866 a nombre de Patitas Felices S.A.C.",
      "Reservamos tus productos hasta el 27/11/2026 a las 14:05.",
      `Ver mi pedido: http://localhost:3000/pedido/${mail.code}?t=`,
    ]) {
      expect(mail.text).toContain(expected);
    }
    for (const expected of [
      "Alimento Pro Plan — 3 kg",
      formatMoney(6000),
      "Pelota de Goma",
      formatMoney(8500),
      "Delivery a Miraflores",
      "Calle Los Pinos 123, dpto. 402",
      "Frente al parque Kennedy",
      "Yapea al 924 810 866",
      "27/11/2026 a las 14:05",
    ]) {
      expect(mail.html).toContain(expected);
    }
  });

  test("an order with discounts: each one under the subtotal as the order page shows it, and what is left to pay", async () => {
    // S/ 75.00 of products and S/ 10.00 of delivery, less 20 % of the food and the free delivery.
    const order = await insertTestOrder(db(), {
      values: { customerEmail: EMAIL, discountCents: 2200, totalCents: 8500 - 2200 },
    });
    await db()
      .insert(orderDiscounts)
      .values([
        { orderId: order.id, name: "Bienvenida", code: "BIENVENIDA20", kind: "percent", amountCents: 1200 },
        { orderId: order.id, name: "Delivery gratis desde S/ 100", kind: "free_delivery", amountCents: 1000 },
      ]);
    await sendOrderStatusMail(order.id);
    const [mail] = sentMails;
    const summary = [
      `Subtotal: ${formatMoney(7500)}`,
      `Cupón BIENVENIDA20: −${formatMoney(1200)}`,
      `Delivery gratis desde S/ 100: −${formatMoney(1000)}`,
      `Costo de envío: ${formatMoney(1000)}`,
      `Total: ${formatMoney(6300)}`,
    ];
    expect(mail!.text).toContain(summary.join("\n"));
    for (const expected of [
      "Cupón BIENVENIDA20",
      `−${formatMoney(1200)}`,
      "Delivery gratis desde S/ 100",
      formatMoney(6300),
    ]) {
      expect(mail!.html).toContain(expected);
    }
  });

  test("an order without discounts shows no discount line", async () => {
    const mail = await mailOf({});
    expect(mail.text).toContain(`Subtotal: ${formatMoney(7500)}\nCosto de envío: ${formatMoney(1000)}`);
    expect(mail.text).not.toContain("−");
  });

  test("a paid pickup order: the shop's address and hours, and nothing about paying", async () => {
    const mail = await mailOf({
      fulfillment: "pickup",
      status: "en_preparacion",
      paidAt: new Date("2026-11-26T20:00:00Z"),
    });
    expect(mail.subject).toBe(`Tu pedido ${mail.code}: En preparación`);
    for (const expected of [
      `Tu pedido ${mail.code} está en preparación.`,
      `2 × Alimento Pro Plan — 3 kg: ${formatMoney(6000)}`,
      "Recojo en tienda: Sin costo",
      `Total: ${formatMoney(7500)}`,
      "Dirección de la tienda: Av. Primavera 1234, Santiago de Surco, Lima",
      "Horario de atención: Lunes a Sábado: 9:00 AM - 7:00 PM",
    ]) {
      expect(mail.text).toContain(expected);
    }
    expect(mail.html).toContain("Av. Primavera 1234, Santiago de Surco, Lima");
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("Cómo pagar");
      expect(part).not.toContain("Yapea al");
      expect(part).not.toContain("Reservamos tus productos");
    }
  });

  test("an order cancelled for want of payment: what it held, and no way to pay it any more", async () => {
    const mail = await mailOf({ status: "cancelado", createdAt: new Date("2026-11-20T15:00:00Z") }, true);
    expect(mail.subject).toBe(`Tu pedido ${mail.code}: Pedido vencido por falta de pago`);
    expect(mail.text).toContain("fue cancelado porque venció el plazo para pagarlo.");
    expect(mail.text).toContain(`2 × Alimento Pro Plan — 3 kg: ${formatMoney(6000)}`);
    expect(mail.text).toContain(`Total: ${formatMoney(8500)}`);
    expect(mail.text).not.toContain("Yapea al");
    expect(mail.text).not.toContain("Reservamos tus productos");
  });

  test("what the shopper typed is escaped in the HTML and makes no link in either part", async () => {
    const mail = await mailOf({
      values: {
        customerName: 'Rosa <b>Quispe</b> & "Hijos"',
        customerAddress: 'Calle 1 <a href="http://estafa.example/premio">cobra tu premio</a>',
        deliveryReference: "Visita www.estafa.example o escribe a gana@estafa.example",
      },
    });
    expect(mail.html.replace(/\u200b/g, "")).toContain("Rosa &lt;b&gt;Quispe&lt;/b&gt; &amp; &quot;Hijos&quot;");
    expect(mail.html).not.toContain("<b>Quispe");
    expect(mail.html).not.toMatch(/<a[^>]+estafa/);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("estafa.example");
      expect(part).not.toContain("http://estafa");
    }
    expect(linksIn(mail.text).every((link) => link.startsWith("http://localhost:3000"))).toBe(true);
    // Still there to read, as typed: the breaks are invisible.
    const visible = mail.text.replace(/\u200b/g, "");
    expect(visible).toContain('Hola Rosa <b>Quispe</b> & "Hijos",');
    expect(visible).toContain('Dirección: Calle 1 <a href="http://estafa.example/premio">cobra tu premio</a>');
    expect(visible).toContain("Referencia: Visita www.estafa.example o escribe a gana@estafa.example");
  });

  test("an order without an address: no mail, and nothing read but the order's row", async () => {
    const order = await insertTestOrder(db(), { values: { customerEmail: "" } });
    const statements = vi.spyOn(db()._.session, "prepareQuery");
    try {
      await sendOrderStatusMail(order.id);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
    expect(sentMails).toHaveLength(0);
  });
});
