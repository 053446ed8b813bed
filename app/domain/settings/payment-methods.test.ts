import { expect, test } from "vitest";

import { derivePaymentMethodId } from "./payment-methods";

test("a payment method's id: lowercased, spaces to underscores, without accents or symbols", () => {
  expect(derivePaymentMethodId("  Depósito en  Efectivo ")).toBe("deposito_en_efectivo");
  expect(derivePaymentMethodId("Tarjeta Crédito/Débito")).toBe("tarjeta_creditodebito");
});
