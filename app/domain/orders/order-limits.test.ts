import { describe, expect, test } from "vitest";

import {
  DEFAULT_ORDER_LIMITS,
  describeOrderLimitProblem,
  describeOrderLimitProblems,
  getOrderCap,
  toPhoneKey,
} from "./order-limits";

describe("the most units of a product one order may hold", () => {
  test("10 units or half the stock, whichever is smaller, and at least one while there is stock", () => {
    const cases: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 1],
      [7, 3],
      [19, 9],
      [20, 10],
      [40, 10],
      [1_000_000, 10],
    ];
    for (const [stock, cap] of cases) expect(getOrderCap(DEFAULT_ORDER_LIMITS, stock), `stock ${stock}`).toBe(cap);
  });

  test("the owner's numbers, never past a cart line's 99 units", () => {
    expect(getOrderCap({ maxUnitsPerOrder: 3, maxStockPercentPerOrder: 50 }, 40)).toBe(3);
    expect(getOrderCap({ maxUnitsPerOrder: 99, maxStockPercentPerOrder: 100 }, 30)).toBe(30);
    expect(getOrderCap({ maxUnitsPerOrder: 99, maxStockPercentPerOrder: 100 }, 5000)).toBe(99);
    expect(getOrderCap({ maxUnitsPerOrder: 99, maxStockPercentPerOrder: 1 }, 150)).toBe(1);
  });

  test("with a share of half or less, no product with 2 units or more can be emptied by one shopper", () => {
    for (let stock = 2; stock <= 500; stock++) {
      expect(getOrderCap(DEFAULT_ORDER_LIMITS, stock), `stock ${stock}`).toBeLessThan(stock);
    }
  });
});

test("a phone is the same however it is typed", () => {
  expect(toPhoneKey("987 654 321")).toBe("987654321");
  expect(toPhoneKey("+51 987-654-321")).toBe("987654321");
  expect(toPhoneKey("(51) 987654321")).toBe("987654321");
  expect(toPhoneKey("01 234 5678")).toBe("012345678");
  expect(toPhoneKey("234 5678")).toBe("2345678");
});

describe("what the shopper reads when a line goes over the limit", () => {
  const base = { productId: 1, title: "Cama Acolchada Redonda para Gato" };

  test("with no earlier orders, the cap per order", () => {
    expect(describeOrderLimitProblem({ ...base, requested: 12, allowed: 10, held: 0 })).toBe(
      "Cama Acolchada Redonda para Gato: puedes pedir hasta 10 unidades por pedido y pediste 12.",
    );
    expect(describeOrderLimitProblem({ ...base, requested: 2, allowed: 1, held: 0 })).toBe(
      "Cama Acolchada Redonda para Gato: puedes pedir hasta 1 unidad por pedido y pediste 2.",
    );
  });

  test("with earlier unpaid orders, what is left of it, or that none is", () => {
    expect(describeOrderLimitProblem({ ...base, requested: 5, allowed: 4, held: 6 })).toBe(
      "Cama Acolchada Redonda para Gato: ya tienes 6 unidades en pedidos sin pagar de la última hora; puedes pedir hasta 4 unidades más y pediste 5.",
    );
    expect(describeOrderLimitProblem({ ...base, requested: 1, allowed: 0, held: 10 })).toBe(
      "Cama Acolchada Redonda para Gato: ya tienes 10 unidades en pedidos sin pagar de la última hora, el máximo por ahora.",
    );
  });

  test("the toast names every line and the way to order more", () => {
    expect(
      describeOrderLimitProblems([
        { ...base, requested: 12, allowed: 10, held: 0 },
        { productId: 2, title: "Ratón de Juguete con Catnip", requested: 3, allowed: 1, held: 0 },
      ]),
    ).toEqual({
      title: "Cantidad máxima por pedido",
      description:
        "Cama Acolchada Redonda para Gato: puedes pedir hasta 10 unidades por pedido y pediste 12. Ratón de Juguete con Catnip: puedes pedir hasta 1 unidad por pedido y pediste 3. Ajusta tu carrito, o escríbenos por WhatsApp para cantidades mayores.",
      variant: "destructive",
    });
  });
});
