import { describe, expect, test } from "vitest";

import { getLimaDate } from "~/domain/calendar/lima-time";
import { renderMail } from "~/lib/mail-template";

import {
  ALERT_LIST_LIMIT,
  buildAlertSummary,
  buildComplaintAlert,
  buildContactAlert,
  buildDigest,
  buildOrderAlert,
  dueDigestDate,
  formatShortDate,
} from "./shop-alerts";

const ADMIN = "https://patitas.pe/admin";

describe("the shop's alert e-mails", () => {
  test("a new order names its code, total, customer, delivery and payment, and links to its admin page", () => {
    const mail = buildOrderAlert(
      {
        id: 42,
        code: "PED-000042",
        customerName: "Ana Torres",
        customerPhone: "987654321",
        totalCents: 12_990,
        paymentMethodName: "Yape",
        fulfillment: "delivery",
        deliveryDistrict: "Miraflores",
        lines: [
          { title: "Alimento Pro Plan 3 kg", quantity: 2 },
          { title: "Collar Reflectivo Talla S", quantity: 1 },
        ],
      },
      ADMIN,
    );
    expect(mail.subject).toBe("Nuevo pedido PED-000042: S/\u00a0129.90");
    expect(mail.content.paragraphs).toEqual([
      "Ana Torres (987654321) hizo un pedido por S/\u00a0129.90.",
      "Entrega: Delivery a Miraflores",
      "Pago: Yape",
      "Productos: 2 × Alimento Pro Plan 3 kg; 1 × Collar Reflectivo Talla S",
    ]);
    expect(mail.content.action).toEqual({ label: "Ver el pedido", url: "https://patitas.pe/admin/pedidos/42" });
  });

  test("a long order lists 20 lines and counts the rest; pickup reads 'Recojo en tienda'", () => {
    const lines = Array.from({ length: 23 }, (_, i) => ({ title: `Producto ${i + 1}`, quantity: 1 }));
    const mail = buildOrderAlert(
      {
        id: 1,
        code: "PED-000001",
        customerName: "Ana",
        customerPhone: "9",
        totalCents: 100,
        paymentMethodName: "Plin",
        fulfillment: "pickup",
        deliveryDistrict: "",
        lines,
      },
      ADMIN,
    );
    expect(mail.content.paragraphs[1]).toBe("Entrega: Recojo en tienda");
    expect(mail.content.paragraphs[3]).toMatch(/1 × Producto 20; …y 3 productos más$/);
  });

  test("a complaint names its code, the consumer and the legal deadline, and links to answer it", () => {
    const mail = buildComplaintAlert(
      {
        id: 7,
        code: "2026-000007",
        fullName: "Lucía Ramos",
        complaintType: "reclamo",
        productOrService: "Baño y corte",
        dueDate: "2026-12-17",
      },
      ADMIN,
    );
    expect(mail.subject).toBe("Nueva reclamación 2026-000007 en el Libro de Reclamaciones");
    expect(mail.content.paragraphs).toEqual([
      "Lucía Ramos registró un reclamo sobre «Baño y corte».",
      "Plazo legal: respóndela hasta el jueves, 17 de diciembre de 2026 (15 días hábiles).",
    ]);
    expect(mail.content.action?.url).toBe("https://patitas.pe/admin/reclamaciones/7");
    expect(buildComplaintAlert({ ...complaintBase(), complaintType: "queja" }, ADMIN).subject).toBe(
      "Nueva queja 2026-000008 en el Libro de Reclamaciones",
    );
  });

  test("a contact message quotes the sender and the message, clipped, and links to the inbox", () => {
    const mail = buildContactAlert(
      { fullName: "Pedro", email: "pedro@example.pe", subject: "Horario", message: "x".repeat(1500) },
      ADMIN,
    );
    expect(mail.subject).toBe("Nuevo mensaje de Pedro: Horario");
    expect(mail.content.paragraphs[0]).toBe("De: Pedro <pedro@example.pe>");
    expect(mail.content.paragraphs[2]).toHaveLength(1000);
    expect(mail.content.action?.url).toBe("https://patitas.pe/admin/mensajes");
    expect(
      buildContactAlert({ fullName: "Pedro", email: "p@e.pe", subject: " ", message: "Hola" }, ADMIN).subject,
    ).toBe("Nuevo mensaje de Pedro");
  });

  test("a contact message's name, subject and text arrive plain: a name like 'http://malo.example/x' is no link", () => {
    const mail = buildContactAlert(
      {
        fullName: "http://malo.example/x",
        email: "pedro@example.pe",
        subject: "www.malo.example",
        message: "Entra a http://malo.example/premio",
      },
      ADMIN,
    );
    const rendered = renderMail(
      { shopName: "Patitas Felices", logoUrl: `${ADMIN}/logo.png`, shopUrl: ADMIN },
      mail.content,
    );
    for (const part of [mail.subject, rendered.text, rendered.html]) {
      expect(part).not.toContain("malo.example");
      expect(part).not.toContain("http://malo");
    }
    const visible = rendered.text.replace(/\u200b/g, "");
    expect(visible).toContain("De: http://malo.example/x <pedro@example.pe>");
    expect(visible).toContain("Asunto: www.malo.example");
    expect(visible).toContain("Entra a http://malo.example/premio");
  });

  test("the digest lists complaints by deadline and unpaid orders; with nothing to tell there is no e-mail", () => {
    const empty = { date: "2026-11-26", complaints: [], complaintCount: 0, unpaidOrders: [], unpaidOrderCount: 0 };
    expect(buildDigest(empty, ADMIN)).toBeNull();
    const mail = buildDigest(
      {
        ...empty,
        complaints: [
          { id: 1, code: "2026-000001", fullName: "Ana", dueDate: "2026-11-25", businessDaysLeft: -1 },
          { id: 2, code: "2026-000002", fullName: "Luis", dueDate: "2026-11-26", businessDaysLeft: 0 },
          { id: 3, code: "2026-000003", fullName: "Rosa", dueDate: "2026-11-30", businessDaysLeft: 2 },
        ],
        complaintCount: 3,
        unpaidOrders: [{ code: "PED-000009", customerName: "Ana", totalCents: 5_000, status: "Pendiente de pago" }],
        unpaidOrderCount: 21,
      },
      ADMIN,
    );
    expect(mail?.subject).toBe("Resumen del 26/11/2026: 3 reclamaciones por vencer y 21 pedidos sin pagar");
    expect(mail?.content.paragraphs).toEqual([
      "3 reclamaciones vencen en 3 días hábiles o menos:",
      "• 2026-000001, Ana: vencido hace 1 día hábil (25/11/2026)",
      "• 2026-000002, Luis: vence hoy (26/11/2026)",
      "• 2026-000003, Rosa: vence en 2 días hábiles (30/11/2026)",
      "21 pedidos sin pagar:",
      "• PED-000009, Ana: S/\u00a050.00 (Pendiente de pago)",
      "…y 20 más en Pedidos.",
    ]);
    expect(mail?.content.action?.url).toBe("https://patitas.pe/admin/dashboard");
  });

  test("the digest tells the comprobantes SUNAT or the PSE refused, with their words", () => {
    const facts = { date: "2026-11-26", complaints: [], complaintCount: 0, unpaidOrders: [], unpaidOrderCount: 2 };
    const mail = buildDigest(
      {
        ...facts,
        unpaidOrders: [{ code: "PED-000009", customerName: "Ana", totalCents: 5_000, status: "Pendiente de pago" }],
        refusedDocuments: [
          {
            title: "Factura electrónica F001-7",
            orderCode: "PED-000012",
            reason: "El número de RUC del receptor no existe",
          },
        ],
        refusedDocumentCount: 1,
        complaintCount: 1,
        complaints: [{ id: 1, code: "2026-000001", fullName: "Ana", dueDate: "2026-11-26", businessDaysLeft: 0 }],
      },
      ADMIN,
    );
    expect(mail?.subject).toBe(
      "Resumen del 26/11/2026: 1 reclamación por vencer, 2 pedidos sin pagar y 1 comprobante rechazado",
    );
    expect(mail?.content.paragraphs.slice(-2)).toEqual([
      "1 comprobante rechazado:",
      "• Factura electrónica F001-7 (pedido PED-000012): El número de RUC del receptor no existe",
    ]);
    expect(
      buildDigest({ ...facts, unpaidOrderCount: 0, refusedDocumentCount: 1, refusedDocuments: [] }, ADMIN),
    ).not.toBeNull();
  });

  test("the digest is due from 8:00 in Lima (13:00 UTC) until midnight, whatever the server's zone", () => {
    expect(dueDigestDate(new Date("2026-11-26T12:59:59Z"), getLimaDate)).toBeNull();
    expect(dueDigestDate(new Date("2026-11-26T13:00:00Z"), getLimaDate)).toBe("2026-11-26");
    // 23:59 in Lima is 04:59 UTC of the next day: still the 26th's digest.
    expect(dueDigestDate(new Date("2026-11-27T04:59:00Z"), getLimaDate)).toBe("2026-11-26");
    expect(dueDigestDate(new Date("2026-11-27T05:00:00Z"), getLimaDate)).toBeNull();
    expect(formatShortDate("2026-01-05")).toBe("05/01/2026");
  });

  test("a flood's summary lists each alert by its own subject, up to the list's limit, and says why it came", () => {
    const subjects = Array.from({ length: ALERT_LIST_LIMIT + 3 }, (_, i) => `Nuevo mensaje de Cliente ${i}`);
    const mail = buildAlertSummary(subjects, ADMIN);
    expect(mail.subject).toBe(`Resumen de avisos: ${ALERT_LIST_LIMIT + 3} avisos nuevos`);
    expect(mail.content.paragraphs).toEqual([
      "Llegaron muchos avisos a la vez, así que por ahora te los enviamos juntos, en un solo correo cada 15 minutos como máximo:",
      ...subjects.slice(0, ALERT_LIST_LIMIT).map((subject) => `• ${subject}`),
      "…y 3 más en el panel.",
    ]);
    expect(mail.content.note).toBe("Cuando lleguen menos avisos, volverás a recibir un correo por cada uno.");
    expect(mail.content.action?.url).toBe("https://patitas.pe/admin/dashboard");

    const one = buildAlertSummary(["Nueva reserva RES-000001: Baño, sáb 5 dic 10:00"], ADMIN);
    expect(one.subject).toBe("Resumen de avisos: 1 aviso nuevo");
    expect(one.content.paragraphs.at(-1)).toBe("• Nueva reserva RES-000001: Baño, sáb 5 dic 10:00");
  });
});

function complaintBase() {
  return {
    id: 8,
    code: "2026-000008",
    fullName: "Luis",
    complaintType: "reclamo" as const,
    productOrService: "",
    dueDate: null,
  };
}
