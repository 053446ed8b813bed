import { describe, expect, test } from "vitest";

import {
  applyDiscounts,
  checkDiscount,
  type Discount,
  discountLabel,
  type DiscountLine,
  normalizeCouponCode,
  type ShopperHistory,
} from "./discount-rules";

const NOW = new Date("2026-12-01T15:00:00Z");
const NEW_SHOPPER: ShopperHistory = { isFirstPurchase: true, usesByDiscount: new Map() };
const FOOD_CATEGORY = 7;

function discount(overrides: Partial<Discount> = {}): Discount {
  return {
    id: 1,
    name: "Bienvenida",
    code: "BIENVENIDA20",
    kind: "percent",
    percent: 20,
    amountCents: null,
    minSubtotalCents: 0,
    isFirstPurchaseOnly: false,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    usesCount: 0,
    isCombinable: true,
    isActive: true,
    targets: { familyIds: [], categoryIds: [], brandIds: [], productIds: [] },
    ...overrides,
  };
}

function line(lineTotalCents: number, overrides: Partial<DiscountLine> = {}): DiscountLine {
  return { productId: 1, familyId: 1, categoryId: FOOD_CATEGORY, brandId: 3, lineTotalCents, ...overrides };
}

const facts = (lines: DiscountLine[], extra: { deliveryFeeCents?: number; shopper?: ShopperHistory } = {}) => ({
  lines,
  deliveryFeeCents: extra.deliveryFeeCents ?? 0,
  now: NOW,
  shopper: extra.shopper ?? NEW_SHOPPER,
});

describe("a discount's amount", () => {
  test("a percentage is rounded half up in céntimos: 20 % of S/ 64.90 is S/ 12.98", () => {
    expect(checkDiscount(discount(), facts([line(6490)]))).toEqual({ ok: true, amountCents: 1298 });
    // 15 % of S/ 0.10 is 1.5 céntimos: 2.
    expect(checkDiscount(discount({ percent: 15 }), facts([line(10)]))).toEqual({ ok: true, amountCents: 2 });
  });

  test("a fixed amount never takes more than the products it applies to", () => {
    const tenSoles = discount({ kind: "amount", percent: null, amountCents: 1000 });
    expect(checkDiscount(tenSoles, facts([line(6490)]))).toEqual({ ok: true, amountCents: 1000 });
    expect(checkDiscount(tenSoles, facts([line(750)]))).toEqual({ ok: true, amountCents: 750 });
  });

  test("only the lines of its families, categories, brands or products count", () => {
    const foodOnly = discount({
      targets: { familyIds: [], categoryIds: [FOOD_CATEGORY], brandIds: [], productIds: [] },
    });
    const lines = [line(5000), line(3000, { productId: 2, categoryId: 9, brandId: 4 })];
    expect(checkDiscount(foodOnly, facts(lines))).toEqual({ ok: true, amountCents: 1000 });
    expect(checkDiscount(foodOnly, facts([line(3000, { categoryId: 9 })]))).toEqual({
      ok: false,
      refusal: "no-products",
    });
  });

  test("free delivery takes the fee, and does not apply to a pickup", () => {
    const freeDelivery = discount({ kind: "free_delivery", percent: null, code: null, minSubtotalCents: 10_000 });
    expect(checkDiscount(freeDelivery, facts([line(12_000)], { deliveryFeeCents: 800 }))).toEqual({
      ok: true,
      amountCents: 800,
    });
    expect(checkDiscount(freeDelivery, facts([line(12_000)]))).toEqual({ ok: false, refusal: "no-delivery-fee" });
    expect(checkDiscount(freeDelivery, facts([line(9_999)], { deliveryFeeCents: 800 }))).toEqual({
      ok: false,
      refusal: "minimum",
    });
  });
});

describe("when a discount does not apply", () => {
  test.each([
    [{ isActive: false }, "inactive"],
    [{ startsAt: new Date("2026-12-02T05:00:00Z") }, "not-started"],
    [{ endsAt: NOW }, "expired"],
    [{ maxUses: 10, usesCount: 10 }, "used-up"],
    [{ minSubtotalCents: 5000 }, "minimum"],
  ] as const)("%o → %s", (overrides, refusal) => {
    expect(checkDiscount(discount(overrides), facts([line(4000)]))).toEqual({ ok: false, refusal });
  });

  test("first purchase and uses per customer read the shopper's history", () => {
    const returning: ShopperHistory = { isFirstPurchase: false, usesByDiscount: new Map([[1, 1]]) };
    expect(checkDiscount(discount({ isFirstPurchaseOnly: true }), facts([line(4000)], { shopper: returning }))).toEqual(
      {
        ok: false,
        refusal: "first-purchase",
      },
    );
    expect(checkDiscount(discount({ maxUsesPerCustomer: 1 }), facts([line(4000)], { shopper: returning }))).toEqual({
      ok: false,
      refusal: "customer-limit",
    });
  });
});

describe("an order's discounts together", () => {
  const freeDelivery = discount({ id: 2, name: "Delivery gratis", code: null, kind: "free_delivery", percent: null });

  test("a coupon and an automatic discount that combine both apply; the total is what is left", () => {
    const outcome = applyDiscounts({
      ...facts([line(6490)], { deliveryFeeCents: 800 }),
      coupon: discount(),
      automatic: [freeDelivery],
    });
    expect(outcome.applied.map((d) => [discountLabel(d), d.amountCents])).toEqual([
      ["Cupón BIENVENIDA20", 1298],
      ["Delivery gratis", 800],
    ]);
    expect(outcome).toMatchObject({
      couponRefusal: null,
      productsSubtotalCents: 6490,
      productsDiscountCents: 1298,
      deliveryDiscountCents: 800,
      totalCents: 6490 - 1298,
    });
  });

  test("a coupon that combines with nothing applies alone when it saves more, and says so when it does not", () => {
    const alone = discount({ isCombinable: false });
    const better = applyDiscounts({
      ...facts([line(10_000)], { deliveryFeeCents: 800 }),
      coupon: alone,
      automatic: [freeDelivery],
    });
    expect(better.applied.map((d) => d.discountId)).toEqual([1]);
    expect(better.totalCents).toBe(8000 + 800);

    const small = discount({ isCombinable: false, percent: 5 });
    const worse = applyDiscounts({
      ...facts([line(10_000)], { deliveryFeeCents: 800 }),
      coupon: small,
      automatic: [freeDelivery],
    });
    expect(worse.applied.map((d) => d.discountId)).toEqual([2]);
    expect(worse.couponRefusal).toBe("Este cupón no se combina con los descuentos de tu pedido, que te ahorran más.");
  });

  test("discounts never take the products below zero", () => {
    const big = discount({ kind: "amount", percent: null, amountCents: 5000 });
    const other = discount({
      id: 3,
      code: null,
      name: "Aniversario",
      kind: "amount",
      percent: null,
      amountCents: 5000,
    });
    const outcome = applyDiscounts({ ...facts([line(6000)]), coupon: big, automatic: [other] });
    expect(outcome.productsDiscountCents).toBe(6000);
    expect(outcome.applied.map((d) => d.amountCents)).toEqual([5000, 1000]);
    expect(outcome.totalCents).toBe(0);
  });

  test("a coupon that does not apply says why, and the order goes on without it", () => {
    const outcome = applyDiscounts({
      ...facts([line(3000)]),
      coupon: discount({ minSubtotalCents: 5000 }),
      automatic: [],
    });
    expect(outcome.applied).toEqual([]);
    expect(outcome.couponRefusal).toBe("El pedido mínimo para este cupón es S/\u00a050.00.");
    expect(outcome.totalCents).toBe(3000);
  });

  test("codes are read without case or spaces", () => {
    expect(normalizeCouponCode("  bienvenida20 ")).toBe("BIENVENIDA20");
  });
});
