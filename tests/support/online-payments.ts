// The set-up of the online payment tests (issue 45): the seeded card method turned into a
// configured Mercado Pago or Stripe method (its secrets sealed as the back office seals them),
// one product with a known price and stock, and a guest cart holding it.
import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { paymentMethods, products } from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import { SECRET_KEY_PURPOSE, WEBHOOK_SECRET_PURPOSE } from "~/domain/payments/payment-methods.server";
import type { OnlineProviderId } from "~/domain/payments/provider";
import { sealSecret } from "~/lib/secret-box.server";

import { setVariantValues } from "./variants";

/** The seeded card method ('stripe' row) paying through `provider`, active, in test mode. */
export async function configureCardMethod(
  db: Database,
  provider: OnlineProviderId,
  keys: { secretKey: string; webhookSecret: string; name?: string },
): Promise<void> {
  await db
    .update(paymentMethods)
    .set({
      kind: provider,
      ...(keys.name ? { name: keys.name } : {}),
      isActive: true,
      isLive: false,
      publishableKey: provider === "stripe" ? "pk_test_prueba" : "TEST-public-key",
      secretKeySealed: sealSecret(SECRET_KEY_PURPOSE, keys.secretKey),
      webhookSecretSealed: sealSecret(WEBHOOK_SECRET_PURPOSE, keys.webhookSecret),
    })
    .where(eq(paymentMethods.id, "stripe"));
}

/** A live product of the seeded shop, given this price and stock (no offer). */
export async function productPricedAt(db: Database, priceCents: number, stock: number): Promise<number> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.isArchived, false)).limit(1);
  await setVariantValues(db, product!.id, { stock, priceCents, isOfferActive: false });
  return product!.id;
}

/** A new guest cart with `quantity` units of the product. */
export async function guestCartWith(productId: number, quantity = 1): Promise<string> {
  const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
  const added = await addCartLine(cartId, { productId, quantity });
  if (added.status !== "added") throw new Error(`not added: ${added.status}`);
  return cartId;
}
