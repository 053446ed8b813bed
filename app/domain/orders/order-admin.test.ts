import { describe, expect, test } from "vitest";

import { formatMoney } from "~/lib/money";

import {
  buildOrderNoticeText,
  canChangeOrderStatus,
  describePaymentDifference,
  exportFileName,
  formatLimaShortDateTime,
  getPaymentState,
  illegalTransitionMessage,
  limaDayStart,
  nextCivilDate,
  nextOrderStatuses,
  orderExportHref,
  orderStatusTransitions,
  parseCivilDate,
} from "./order-admin";

describe("order status transitions", () => {
  const statuses = Object.keys(orderStatusTransitions) as (keyof typeof orderStatusTransitions)[];
  const allowed = (fulfillment: "delivery" | "pickup" | null) =>
    statuses.flatMap((from) =>
      statuses.filter((to) => canChangeOrderStatus(from, to, fulfillment)).map((to) => `${from}→${to}`),
    );
  /** The steps an order can really take, walking from 'Pendiente de pago'. */
  const reachable = (fulfillment: "delivery" | "pickup") => {
    const seen = new Set(["pendiente"]);
    const steps: string[] = [];
    for (const from of seen) {
      for (const to of nextOrderStatuses(from as keyof typeof orderStatusTransitions, fulfillment)) {
        steps.push(`${from}→${to}`);
        seen.add(to);
      }
    }
    return steps.sort();
  };

  test("delivery: Pendiente de pago → Pagado → En preparación → En camino → Entregado; cancelled before Entregado", () => {
    expect(reachable("delivery")).toEqual(
      [
        "pendiente→pagado",
        "pendiente→en_preparacion",
        "pendiente→cancelado",
        "pagado→en_preparacion",
        "pagado→cancelado",
        "en_preparacion→en_camino",
        "en_preparacion→cancelado",
        "en_camino→entregado",
        "en_camino→cancelado",
      ].sort(),
    );
  });

  test("pickup goes through Listo para recoger instead of En camino", () => {
    expect(nextOrderStatuses("en_preparacion", "pickup")).toEqual(["listo_recoger", "cancelado"]);
    expect(reachable("pickup")).toContain("listo_recoger→entregado");
    expect(reachable("pickup").some((step) => step.includes("en_camino"))).toBe(false);
    expect(reachable("delivery").some((step) => step.includes("listo_recoger"))).toBe(false);
  });

  test("an order from before the choice may take either way; nothing leaves Entregado or Cancelado", () => {
    expect(nextOrderStatuses("en_preparacion", null)).toEqual(["en_camino", "listo_recoger", "cancelado"]);
    for (const fulfillment of ["delivery", "pickup", null] as const) {
      expect(nextOrderStatuses("entregado", fulfillment)).toEqual([]);
      expect(nextOrderStatuses("cancelado", fulfillment)).toEqual([]);
      // Nothing goes back to 'Pendiente de pago'.
      expect(allowed(fulfillment).some((step) => step.endsWith("→pendiente"))).toBe(false);
    }
  });

  test("refusals say why in Spanish", () => {
    expect(illegalTransitionMessage("pendiente", "entregado")).toBe(
      "Un pedido Pendiente de pago no puede pasar a Entregado.",
    );
    expect(illegalTransitionMessage("cancelado", "pendiente")).toBe(
      "El pedido está Cancelado y ya no puede cambiar de estado.",
    );
  });
});

describe("payments and notices", () => {
  test("the payment state: paid, a receipt to review, unpaid; a cancelled unpaid order owes nothing", () => {
    expect(getPaymentState({ status: "cancelado", isPaid: true, hasReceipt: false })).toBe("pagado");
    expect(getPaymentState({ status: "pendiente", isPaid: false, hasReceipt: true })).toBe("comprobante");
    expect(getPaymentState({ status: "en_camino", isPaid: false, hasReceipt: false })).toBe("sin-pagar");
    expect(getPaymentState({ status: "cancelado", isPaid: false, hasReceipt: true })).toBeNull();
  });

  test("an amount received that is not the total is spelled out", () => {
    expect(describePaymentDifference(5500, 6000)).toBe(`Falta ${formatMoney(500)}`);
    expect(describePaymentDifference(6500, 6000)).toBe(`Pagó ${formatMoney(500)} de más`);
    expect(describePaymentDifference(6000, 6000)).toBeNull();
  });

  test("the WhatsApp notice names the status and links the order's page when it has a link", () => {
    const notice = { customerName: "Ana", code: "PED-000007", shopName: "Patitas Felices" };
    expect(
      buildOrderNoticeText({ ...notice, status: "en_camino", pageUrl: "https://t.pe/pedido/PED-000007?t=x" }),
    ).toBe(
      "Hola Ana, tu pedido PED-000007 de Patitas Felices está en camino. Puedes verlo aquí: https://t.pe/pedido/PED-000007?t=x",
    );
    expect(buildOrderNoticeText({ ...notice, customerName: " ", status: "listo_recoger", pageUrl: null })).toBe(
      "Hola, tu pedido PED-000007 de Patitas Felices está listo para recoger en la tienda.",
    );
  });
});

describe("Lima days", () => {
  test("a Lima day starts at 05:00 UTC, across a year end", () => {
    expect(limaDayStart("2026-01-01").toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(nextCivilDate("2026-12-31")).toBe("2027-01-01");
    expect(nextCivilDate("2028-02-28")).toBe("2028-02-29");
    expect(formatLimaShortDateTime(new Date("2027-01-01T04:59:00Z"))).toBe("31/12/2026 23:59");
    // Just after midnight is 00:02, not the 24:02 some ICU versions give for hour12: false.
    expect(formatLimaShortDateTime(new Date("2026-11-26T05:02:00Z"))).toBe("26/11/2026 00:02");
  });

  test("only real calendar days are accepted", () => {
    expect(parseCivilDate("2026-02-28")).toBe("2026-02-28");
    expect(parseCivilDate("2026-02-29")).toBeNull();
    expect(parseCivilDate("31/02/2026")).toBeNull();
    expect(parseCivilDate("")).toBeNull();
  });

  test("a day typed day first, as the date boxes show it, reads as that day (issue 40)", () => {
    expect(parseCivilDate("28/02/2026")).toBe("2026-02-28");
    expect(parseCivilDate("5/1/2027")).toBe("2027-01-05");
    expect(parseCivilDate("01/01/1999")).toBeNull();
  });
});

test("the export link keeps the range and filters, and names the file after the range", () => {
  expect(orderExportHref({ status: "pendiente", from: "2026-11-01", to: "2026-11-30" })).toBe(
    "/admin/pedidos/exportar?desde=2026-11-01&hasta=2026-11-30&estado=pendiente",
  );
  expect(orderExportHref({ status: null, payment: "sin-pagar", fulfillment: "recojo", from: null, to: null })).toBe(
    "/admin/pedidos/exportar?pago=sin-pagar&entrega=recojo",
  );
  expect(orderExportHref({ status: null, from: null, to: null })).toBe("/admin/pedidos/exportar");
  expect(exportFileName("2026-11-01", "2026-11-30")).toBe("pedidos-2026-11-01-2026-11-30.xlsx");
});
