import { describe, expect, test } from "vitest";

import { freeDeliveryMessage, minimumOrderMessage, missingForMinimumMessage, quoteDelivery } from "./delivery";
import { deliveryZoneSchema, FEE_REQUIRED_MESSAGE, FREE_BELOW_MINIMUM_MESSAGE } from "./delivery-admin";

const surco = { id: 1, district: "Santiago de Surco", feeCents: 1000, minimumOrderCents: 4000, freeFromCents: 10000 };

describe("the delivery fee of an order", () => {
  test("the district's fee; free from its threshold; refused below its minimum", () => {
    expect(quoteDelivery(surco, 3999)).toEqual({ status: "below-minimum", minimumOrderCents: 4000 });
    expect(quoteDelivery(surco, 4000)).toEqual({ status: "ok", feeCents: 1000, isFree: false });
    expect(quoteDelivery(surco, 9999)).toEqual({ status: "ok", feeCents: 1000, isFree: false });
    expect(quoteDelivery(surco, 10000)).toEqual({ status: "ok", feeCents: 0, isFree: true });
    const anywhere = { ...surco, minimumOrderCents: null, freeFromCents: null };
    expect(quoteDelivery(anywhere, 1)).toEqual({ status: "ok", feeCents: 1000, isFree: false });
    expect(quoteDelivery(anywhere, 1_000_000)).toEqual({ status: "ok", feeCents: 1000, isFree: false });
  });

  test("says the rules in the shop's words", () => {
    expect(minimumOrderMessage(surco, 4000)).toBe("Pedido mínimo para Santiago de Surco: S/\u00a040.00");
    expect(missingForMinimumMessage(surco, 4000, 2450)).toBe(
      "Te faltan S/\u00a015.50 para el pedido mínimo en Santiago de Surco",
    );
    expect(freeDeliveryMessage(10000)).toBe("Envío gratis desde S/\u00a0100.00");
  });
});

describe("the district form", () => {
  const parse = (raw: Record<string, string>) => deliveryZoneSchema.safeParse(raw);

  test("reads soles as céntimos, empty optional amounts as none, the checkbox as active", () => {
    expect(
      parse({ district: "  San   Isidro ", fee: "8", minimumOrder: "", freeFrom: "100.00", isActive: "on" }),
    ).toMatchObject({
      success: true,
      data: { district: "San Isidro", feeCents: 800, minimumOrderCents: null, freeFromCents: 10000, isActive: true },
    });
    expect(parse({ district: "Lince", fee: "0" })).toMatchObject({
      success: true,
      data: { feeCents: 0, isActive: false },
    });
  });

  test("refuses a missing fee, a negative or zero threshold, and free delivery below the minimum", () => {
    const messages = (raw: Record<string, string>) => {
      const result = parse(raw);
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
    };
    expect(messages({ district: "", fee: "" })).toEqual({
      district: "Escribe el nombre del distrito.",
      fee: FEE_REQUIRED_MESSAGE,
    });
    expect(messages({ district: "Lince", fee: "-1" })).toEqual({ fee: "El precio no puede ser negativo." });
    expect(messages({ district: "Lince", fee: "5", minimumOrder: "0" })).toEqual({
      minimumOrder: "Escribe un monto mayor a 0, o déjalo vacío.",
    });
    expect(messages({ district: "Lince", fee: "5", minimumOrder: "50", freeFrom: "40" })).toEqual({
      freeFrom: FREE_BELOW_MINIMUM_MESSAGE,
    });
  });
});
