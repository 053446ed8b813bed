import { describe, expect, test } from "vitest";

import {
  canChangeOrderStatus,
  exportFileName,
  formatLimaShortDateTime,
  illegalTransitionMessage,
  limaDayStart,
  nextCivilDate,
  orderExportHref,
  parseCivilDate,
} from "./order-admin";

describe("order status transitions", () => {
  test("only Pendiente → En Proceso → Entregado and Pendiente / En Proceso → Cancelado", () => {
    const statuses = ["pendiente", "en_proceso", "entregado", "cancelado"] as const;
    const allowed = statuses.flatMap((from) =>
      statuses.filter((to) => canChangeOrderStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      "pendiente→en_proceso",
      "pendiente→cancelado",
      "en_proceso→entregado",
      "en_proceso→cancelado",
    ]);
  });

  test("refusals say why in Spanish", () => {
    expect(illegalTransitionMessage("pendiente", "entregado")).toBe("Un pedido Pendiente no puede pasar a Entregado.");
    expect(illegalTransitionMessage("cancelado", "pendiente")).toBe(
      "El pedido está Cancelado y ya no puede cambiar de estado.",
    );
  });
});

describe("Lima days", () => {
  test("a Lima day starts at 05:00 UTC, across a year end", () => {
    expect(limaDayStart("2026-01-01").toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(nextCivilDate("2026-12-31")).toBe("2027-01-01");
    expect(nextCivilDate("2028-02-28")).toBe("2028-02-29");
    expect(formatLimaShortDateTime(new Date("2027-01-01T04:59:00Z"))).toBe("31/12/2026 23:59");
  });

  test("only real calendar days are accepted", () => {
    expect(parseCivilDate("2026-02-28")).toBe("2026-02-28");
    expect(parseCivilDate("2026-02-29")).toBeNull();
    expect(parseCivilDate("28/02/2026")).toBeNull();
    expect(parseCivilDate("")).toBeNull();
  });
});

test("the export link keeps the range and status, and names the file after the range", () => {
  expect(orderExportHref({ status: "pendiente", from: "2026-11-01", to: "2026-11-30" })).toBe(
    "/admin/pedidos/exportar?desde=2026-11-01&hasta=2026-11-30&estado=pendiente",
  );
  expect(orderExportHref({ status: null, from: null, to: null })).toBe("/admin/pedidos/exportar");
  expect(exportFileName("2026-11-01", "2026-11-30")).toBe("pedidos-2026-11-01-2026-11-30.xlsx");
});
