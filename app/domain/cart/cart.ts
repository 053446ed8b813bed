import { href } from "react-router";

import type { ToastMessage } from "~/lib/toast";

/**
 * The contract of `POST /carrito`, shared by the cart page and every "add to cart"
 * button (the product page posts `intent=add`, `productId`, the chosen presentación's
 * `variantId` and optionally `quantity`); the cart page's lines are presentaciones, and
 * their forms post `variantId`.
 */
export const CART_PATH = href("/carrito");

export const cartIntents = {
  add: "add",
  update: "update",
  remove: "remove",
  clear: "clear",
  checkout: "checkout",
} as const;
export type CartIntent = (typeof cartIntents)[keyof typeof cartIntents];

/**
 * The most units of one product a cart line holds, whatever the owner's limits: it keeps
 * every line total far inside the database's integers. What one order may take is usually
 * less: the owner's share of the stock (domain/orders/order-limits.ts), which the cart line
 * explains and the checkout enforces; a larger purchase is arranged by WhatsApp.
 */
export const MAX_UNITS_PER_LINE = 99;

export type AddCartLineResult =
  | { status: "added"; title: string; quantity: number }
  | { status: "unknown-product" }
  /** A product with several presentaciones posted without a valid one of its own. */
  | { status: "choose-variant"; title: string }
  | { status: "out-of-stock"; title: string }
  | { status: "exceeds-stock"; title: string; available: number; inCart: number }
  | { status: "over-line-limit"; title: string; inCart: number };

export type UpdateCartLineResult =
  | { status: "updated"; title: string; quantity: number }
  | { status: "limited"; title: string; quantity: number }
  | { status: "capped"; title: string }
  | { status: "removed"; title: string }
  | { status: "sold-out"; title: string }
  | { status: "missing" };

const productNotFound: ToastMessage = {
  title: "Error",
  description: "Producto no encontrado.",
  variant: "destructive",
};

export function describeAddResult(result: AddCartLineResult): ToastMessage {
  switch (result.status) {
    case "added":
      return {
        title: "¡Producto Agregado!",
        description: `${result.title} se ha añadido al carrito.`,
        action: { label: "Ver carrito", href: CART_PATH },
      };
    case "unknown-product":
      return productNotFound;
    case "choose-variant":
      return {
        title: "Elige una presentación",
        description: `Elige la presentación de ${result.title} que quieres agregar.`,
        variant: "destructive",
      };
    case "out-of-stock":
      return {
        title: "Producto Agotado",
        description: `${result.title} no tiene stock disponible por ahora.`,
        variant: "destructive",
      };
    case "exceeds-stock":
      return {
        title: "Stock insuficiente",
        description:
          result.inCart > 0
            ? `Solo hay ${describeUnits(result.available)} de ${result.title} y ya tienes ${result.inCart} en tu carrito.`
            : `Solo hay ${describeUnits(result.available)} de ${result.title}.`,
        variant: "destructive",
      };
    case "over-line-limit":
      return {
        title: "Cantidad máxima",
        description:
          result.inCart > 0
            ? `Tu carrito admite hasta ${MAX_UNITS_PER_LINE} unidades de ${result.title} y ya tienes ${result.inCart}. Para una cantidad mayor, escríbenos por WhatsApp.`
            : `Tu carrito admite hasta ${MAX_UNITS_PER_LINE} unidades de ${result.title}. Para una cantidad mayor, escríbenos por WhatsApp.`,
        variant: "destructive",
      };
  }
}

export function describeUpdateResult(result: UpdateCartLineResult): ToastMessage | undefined {
  switch (result.status) {
    case "updated":
      return undefined;
    case "limited":
      return {
        title: "Stock insuficiente",
        description: `Solo hay ${describeUnits(result.quantity)} de ${result.title}; ajustamos la cantidad.`,
        variant: "destructive",
      };
    case "capped":
      return {
        title: "Cantidad máxima",
        description: `Tu carrito admite hasta ${MAX_UNITS_PER_LINE} unidades de ${result.title}; ajustamos la cantidad. Para una cantidad mayor, escríbenos por WhatsApp.`,
        variant: "destructive",
      };
    case "removed":
      return describeRemoval(result.title);
    case "sold-out":
      return {
        title: "Producto Agotado",
        description: `${result.title} se agotó y lo quitamos de tu carrito.`,
        variant: "destructive",
      };
    case "missing":
      return productNotFound;
  }
}

export function describeRemoval(title: string): ToastMessage {
  return {
    title: "Producto Eliminado",
    description: `${title} se ha eliminado del carrito.`,
    variant: "destructive",
  };
}

export const cartClearedToast: ToastMessage = {
  title: "Carrito Vacío",
  description: "Se han eliminado todos los productos del carrito.",
};

export const invalidCartRequestToast: ToastMessage = {
  title: "Error",
  description: "No pudimos entender la solicitud. Recarga la página e inténtalo de nuevo.",
  variant: "destructive",
};

export function describeUnits(count: number): string {
  return count === 1 ? "1 unidad" : `${count} unidades`;
}

/** A cart line as the cart page shows it, priced at today's price (offer included). */
export type CartLineView = {
  productId: number;
  /** The presentación: a cart line is one size of a product. */
  variantId: number;
  /** '15 kg', 'Talla M'; empty for a product without sizes. */
  variantName: string;
  title: string;
  image: string | null;
  imageAlt: string;
  priceCents: number;
  isOfferActive: boolean;
  offerPriceCents: number | null;
  unitPriceCents: number;
  quantity: number;
  stock: number;
  /** The most units one order may take of it now (the owner's limits, order-limits.ts). */
  maxPerOrder: number;
  lineTotalCents: number;
  /** False when the product was archived or sold out since it was added. */
  isAvailable: boolean;
};

export type CartView = {
  lines: CartLineView[];
  itemCount: number;
  totalCents: number;
};

export type PendingCartChange =
  | { intent: typeof cartIntents.update; variantId: number; quantity: number }
  | { intent: typeof cartIntents.remove; variantId: number }
  | { intent: typeof cartIntents.clear };

const MAX_RECORD_ID = 2_147_483_647;

// zod's z.coerce.number() on a form value: Number() of the text, finite; a file is not a number.
function readInteger(value: FormDataEntryValue | undefined): number | null {
  // Number("") and Number("  ") are 0: a blank box is no number.
  if (typeof value !== "string" || value.trim() === "") return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/**
 * A cart change still on its way to the server, read from a fetcher's form data. The same
 * rules as the action's schemas (cart-schemas.ts, and a test holds the two equal), written
 * out so that the cart page does not ship zod.
 */
export function readPendingCartChange(formData: FormData | undefined): PendingCartChange | null {
  if (!formData) return null;
  const fields = Object.fromEntries(formData);
  const intent = fields.intent;
  if (intent === cartIntents.clear) return { intent };
  if (intent !== cartIntents.update && intent !== cartIntents.remove) return null;
  const variantId = readInteger(fields.variantId);
  if (variantId === null || variantId < 1 || variantId > MAX_RECORD_ID) return null;
  if (intent === cartIntents.remove) return { intent, variantId };
  const quantity = readInteger(fields.quantity);
  return quantity === null ? null : { intent, variantId, quantity };
}

/**
 * The cart as it will be once the pending changes land, so the page answers at once:
 * the same rules as the server (never above the stock, zero or less removes).
 */
export function applyPendingCartChanges(cart: CartView, changes: PendingCartChange[]): CartView {
  if (changes.length === 0) return cart;
  if (changes.some((change) => change.intent === cartIntents.clear)) {
    return { lines: [], itemCount: 0, totalCents: 0 };
  }
  const lines = cart.lines.flatMap((line): CartLineView[] => {
    let quantity = line.quantity;
    for (const change of changes) {
      if (change.intent === cartIntents.clear || change.variantId !== line.variantId) continue;
      quantity = change.intent === cartIntents.remove ? 0 : Math.min(change.quantity, line.stock);
    }
    if (quantity <= 0) return [];
    return [{ ...line, quantity, lineTotalCents: line.unitPriceCents * quantity }];
  });
  return {
    lines,
    itemCount: lines.reduce((units, line) => units + line.quantity, 0),
    totalCents: lines.reduce((total, line) => total + line.lineTotalCents, 0),
  };
}
