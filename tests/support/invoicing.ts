// The set-up of the comprobante tests (issue 46): the shop's PSE pointed at a local fake of
// Nubefact (its token sealed as the back office seals it), and one product at S/ 64.90.
import { afterAll, beforeAll } from "vitest";

import type { Database } from "~/db/client.server";
import { invoicingSettings, products } from "~/db/schema";
import { TOKEN_PURPOSE } from "~/domain/invoicing/invoicing.server";
import { sealSecret } from "~/lib/secret-box.server";

import { startFakeNubefact } from "./fake-nubefact.js";
import { setVariantValues } from "./variants";

/** The fake PSE and the product are there from the file's beforeAll on. */
export function shopIssuingThroughFakeNubefact(handle: () => { db: Database }, { isAutomatic = true } = {}) {
  const shop = {} as { pse: Awaited<ReturnType<typeof startFakeNubefact>>; productId: number };
  beforeAll(async () => {
    shop.pse = await startFakeNubefact();
    const { db } = handle();
    await db.insert(invoicingSettings).values({
      apiUrl: shop.pse.route,
      tokenSealed: sealSecret(TOKEN_PURPOSE, "token-de-prueba-1234"),
      isAutomatic,
    });
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    shop.productId = product!.id;
    await setVariantValues(db, shop.productId, { stock: 100_000, priceCents: 6490, isOfferActive: false });
  });
  afterAll(async () => {
    await shop.pse.close();
  });
  return shop;
}
