// A discount as the owner's form gives it (10 % off everything, no limits), for the tests that
// save one through the shop's own code; a test overrides what it checks.
import type { DiscountInput } from "~/domain/discounts/discount-admin";

export const DISCOUNT_INPUT: DiscountInput = {
  name: "Prueba",
  code: null,
  kind: "percent",
  percent: 10,
  amountCents: null,
  minSubtotalCents: 0,
  isFirstPurchaseOnly: false,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  isCombinable: true,
  isActive: true,
  familyIds: [],
  categoryIds: [],
  brandIds: [],
  productIds: [],
};
