// What a discount takes off an order (issue 44, ADR 036): pure, in céntimos, so the checkout's
// transaction, the cart's summary and the tests compute it the same way. The server is the only
// one that decides: a code, an amount or a total posted by the browser is never read.
import { formatMoney } from "~/lib/money";

export const discountKinds = ["percent", "amount", "free_delivery"] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** The products a discount is limited to; all four empty: every product. */
type DiscountTargets = {
  familyIds: number[];
  categoryIds: number[];
  brandIds: number[];
  productIds: number[];
};

export type Discount = {
  id: number;
  /** The owner's name for it, shown on the order's line when it has no code ('Delivery gratis'). */
  name: string;
  /** The coupon's code as the owner wrote it ('BIENVENIDA20'); null: applied automatically. */
  code: string | null;
  kind: DiscountKind;
  /** 1 to 100, for a percentage. */
  percent: number | null;
  /** For a fixed amount. */
  amountCents: number | null;
  /** The products' subtotal the order must reach (0: none). */
  minSubtotalCents: number;
  isFirstPurchaseOnly: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  /** How many orders may carry it in all, and per customer; null: no limit. */
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  usesCount: number;
  isCombinable: boolean;
  isActive: boolean;
  targets: DiscountTargets;
};

/** An order's line as a discount reads it. */
export type DiscountLine = {
  productId: number;
  familyId: number | null;
  categoryId: number | null;
  brandId: number | null;
  lineTotalCents: number;
};

/** What is known of the shopper when the order is placed (counted by account, phone and e-mail). */
export type ShopperHistory = {
  isFirstPurchase: boolean;
  /** How many of the shopper's live orders carry each discount, by its id. */
  usesByDiscount: ReadonlyMap<number, number>;
};

type DiscountRefusal =
  | "inactive"
  | "not-started"
  | "expired"
  | "used-up"
  | "customer-limit"
  | "first-purchase"
  | "minimum"
  | "no-products"
  | "no-delivery-fee"
  | "not-combined";

/** Why a coupon does not apply, as the checkout says it beside the coupon box. */
function describeRefusal(refusal: DiscountRefusal, discount: Pick<Discount, "minSubtotalCents">): string {
  switch (refusal) {
    case "inactive":
      return "Este cupón ya no está disponible.";
    case "used-up":
      return "Este cupón se agotó.";
    case "not-started":
      return "Este cupón todavía no está vigente.";
    case "expired":
      return "Este cupón ya venció.";
    case "customer-limit":
      return "Ya usaste este cupón.";
    case "first-purchase":
      return "Este cupón es solo para tu primera compra.";
    case "minimum":
      return `El pedido mínimo para este cupón es ${formatMoney(discount.minSubtotalCents)}.`;
    case "no-products":
      return "Este cupón no aplica a los productos de tu carrito.";
    case "no-delivery-fee":
      return "Este cupón es de delivery gratis: elige delivery para usarlo.";
    case "not-combined":
      return "Este cupón no se combina con los descuentos de tu pedido, que te ahorran más.";
  }
}

export const UNKNOWN_COUPON_MESSAGE = "No encontramos ese cupón. Revisa que esté bien escrito.";

/** Codes are compared without case or surrounding spaces: 'bienvenida20 ' is BIENVENIDA20. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

function hasTargets(targets: DiscountTargets): boolean {
  return Object.values(targets).some((ids) => ids.length > 0);
}

function isLineTargeted(line: DiscountLine, targets: DiscountTargets): boolean {
  if (!hasTargets(targets)) return true;
  return (
    targets.productIds.includes(line.productId) ||
    (line.familyId !== null && targets.familyIds.includes(line.familyId)) ||
    (line.categoryId !== null && targets.categoryIds.includes(line.categoryId)) ||
    (line.brandId !== null && targets.brandIds.includes(line.brandId))
  );
}

type OrderFacts = {
  lines: DiscountLine[];
  deliveryFeeCents: number;
  now: Date;
  shopper: ShopperHistory;
};

type DiscountCheck = { ok: true; amountCents: number } | { ok: false; refusal: DiscountRefusal };

/** Half up, in céntimos: 20 % of S/ 64.90 is S/ 12.98. */
function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** Whether a discount applies to an order, and how much it takes off (never more than what it applies to). */
export function checkDiscount(discount: Discount, order: OrderFacts): DiscountCheck {
  const refuse = (refusal: DiscountRefusal): DiscountCheck => ({ ok: false, refusal });
  if (!discount.isActive) return refuse("inactive");
  if (discount.startsAt && order.now < discount.startsAt) return refuse("not-started");
  if (discount.endsAt && order.now >= discount.endsAt) return refuse("expired");
  if (discount.maxUses !== null && discount.usesCount >= discount.maxUses) return refuse("used-up");
  // A first-purchase coupon used once is refused as such, the clearer of the two reasons.
  if (discount.isFirstPurchaseOnly && !order.shopper.isFirstPurchase) return refuse("first-purchase");
  const customerUses = order.shopper.usesByDiscount.get(discount.id) ?? 0;
  if (discount.maxUsesPerCustomer !== null && customerUses >= discount.maxUsesPerCustomer) {
    return refuse("customer-limit");
  }
  const subtotal = order.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (subtotal < discount.minSubtotalCents) return refuse("minimum");
  const eligible = order.lines
    .filter((line) => isLineTargeted(line, discount.targets))
    .reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (eligible === 0) return refuse("no-products");
  if (discount.kind === "free_delivery") {
    return order.deliveryFeeCents > 0 ? { ok: true, amountCents: order.deliveryFeeCents } : refuse("no-delivery-fee");
  }
  const amount =
    discount.kind === "percent"
      ? percentOf(eligible, discount.percent ?? 0)
      : Math.min(discount.amountCents ?? 0, eligible);
  return amount > 0 ? { ok: true, amountCents: amount } : refuse("no-products");
}

export type AppliedDiscount = {
  discountId: number;
  name: string;
  code: string | null;
  kind: DiscountKind;
  amountCents: number;
};

export type DiscountOutcome = {
  applied: AppliedDiscount[];
  /** Why the coupon typed does not apply; null when it does or none was typed. */
  couponRefusal: string | null;
  productsSubtotalCents: number;
  /** Off the products (percentages and amounts) and off the delivery fee (free delivery). */
  productsDiscountCents: number;
  deliveryDiscountCents: number;
  totalCents: number;
};

type Candidate = { discount: Discount; amountCents: number };

function sumOf(set: Candidate[]): number {
  return set.reduce((sum, candidate) => sum + candidate.amountCents, 0);
}

/**
 * The discounts that go together: every combinable one at once, or one that combines with
 * nothing alone; the set that saves the shopper most wins, and on a tie the one with the coupon
 * (the shopper typed it for a reason).
 */
function chooseSet(candidates: Candidate[]): Candidate[] {
  const together = candidates.filter((candidate) => candidate.discount.isCombinable);
  const sets = [together, ...candidates.filter((c) => !c.discount.isCombinable).map((c) => [c])];
  const hasCoupon = (set: Candidate[]) => set.some((candidate) => candidate.discount.code !== null);
  return sets.reduce((best, set) => {
    const [a, b] = [sumOf(set), sumOf(best)];
    return a > b || (a === b && hasCoupon(set) && !hasCoupon(best)) ? set : best;
  }, [] as Candidate[]);
}

/**
 * An order's discounts: the automatic ones that apply and, at most one, the coupon typed.
 * Product discounts never take the products below S/ 0.00, nor free delivery the fee.
 */
export function applyDiscounts(
  input: OrderFacts & { coupon: Discount | null; automatic: Discount[] },
): DiscountOutcome {
  const productsSubtotalCents = input.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const candidates: Candidate[] = [];
  let couponRefusal: string | null = null;
  for (const discount of [...(input.coupon ? [input.coupon] : []), ...input.automatic]) {
    const check = checkDiscount(discount, input);
    if (check.ok) candidates.push({ discount, amountCents: check.amountCents });
    else if (discount === input.coupon) couponRefusal = describeRefusal(check.refusal, discount);
  }
  const chosen = chooseSet(candidates);
  if (input.coupon && !couponRefusal && !chosen.some((c) => c.discount === input.coupon)) {
    couponRefusal = describeRefusal("not-combined", input.coupon);
  }
  let productsLeft = productsSubtotalCents;
  let feeLeft = input.deliveryFeeCents;
  const applied: AppliedDiscount[] = [];
  for (const { discount, amountCents } of chosen) {
    const isDelivery = discount.kind === "free_delivery";
    const amount = Math.min(amountCents, isDelivery ? feeLeft : productsLeft);
    if (amount <= 0) continue;
    if (isDelivery) feeLeft -= amount;
    else productsLeft -= amount;
    applied.push({
      discountId: discount.id,
      name: discount.name,
      code: discount.code,
      kind: discount.kind,
      amountCents: amount,
    });
  }
  return {
    applied,
    couponRefusal,
    productsSubtotalCents,
    productsDiscountCents: productsSubtotalCents - productsLeft,
    deliveryDiscountCents: input.deliveryFeeCents - feeLeft,
    totalCents: productsLeft + feeLeft,
  };
}

/** The order's line for a discount: 'Cupón BIENVENIDA20' or the automatic one's name. */
export function discountLabel(discount: Pick<AppliedDiscount, "name" | "code">): string {
  return discount.code ? `Cupón ${discount.code}` : discount.name;
}

/** What a discount took off, as every summary writes it: '−S/ 12.98'. */
export function formatAmountOff(amountCents: number): string {
  return `−${formatMoney(amountCents)}`;
}

/** A discount's line in a text (WhatsApp, e-mail, export): 'Cupón BIENVENIDA20: −S/ 12.98'. */
export function formatDiscountLine(line: { label: string; amountCents: number }): string {
  return `${line.label}: ${formatAmountOff(line.amountCents)}`;
}
