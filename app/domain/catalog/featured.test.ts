import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { seedDemoShop } from "~/db/seed/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { listFeaturedOffers } from "./featured.server";
import { hasActiveOffer, MAX_FEATURED_OFFERS } from "./pricing";

const { handle } = setUpTestDatabase();

describe("listFeaturedOffers", () => {
  test("shows the seeded products whose offer applies", async () => {
    const { db } = handle();
    await seedDemoShop(db);
    const featured = await listFeaturedOffers();
    expect(featured.map((product) => product.title).sort()).toEqual([
      "Croquetas Ricocan Adulto Razas Medianas 15 kg",
      "Ratón de Juguete con Catnip",
    ]);
    expect(featured.every(hasActiveOffer)).toBe(true);
  });

  test("at most four, only applying offers, never archived, in-stock and deepest discounts first", async () => {
    const { db } = handle();
    const [template] = await db.select().from(products).limit(1);
    const base = {
      familyId: template!.familyId,
      categoryId: template!.categoryId,
      description: "Producto de prueba",
      priceCents: 10_000,
      stock: 10,
    };
    await db.insert(products).values([
      { ...base, title: "Oferta 50%", isOfferActive: true, offerPriceCents: 5_000 },
      { ...base, title: "Oferta 40%", isOfferActive: true, offerPriceCents: 6_000 },
      { ...base, title: "Oferta 30%", isOfferActive: true, offerPriceCents: 7_000 },
      { ...base, title: "Oferta 5%", isOfferActive: true, offerPriceCents: 9_500 },
      { ...base, title: "Archivado 90%", isOfferActive: true, offerPriceCents: 1_000, isArchived: true },
      { ...base, title: "Agotado 80%", isOfferActive: true, offerPriceCents: 2_000, stock: 0 },
      { ...base, title: "Oferta apagada", isOfferActive: false, offerPriceCents: 1_000 },
      { ...base, title: "Oferta sin precio", isOfferActive: true, offerPriceCents: null },
    ]);

    const featured = await listFeaturedOffers();
    expect(featured).toHaveLength(MAX_FEATURED_OFFERS);
    // Croquetas are 11.5% off, the mouse 17.2% off: both below the 30% offer.
    expect(featured.map((product) => product.title)).toEqual([
      "Oferta 50%",
      "Oferta 40%",
      "Oferta 30%",
      "Ratón de Juguete con Catnip",
    ]);

    // With fewer than four in stock, a sold-out offer fills the gap, but never an archived one.
    await db.update(products).set({ isOfferActive: false }).where(eq(products.description, "Producto de prueba"));
    await db.update(products).set({ isOfferActive: true }).where(eq(products.title, "Agotado 80%"));
    await db.update(products).set({ isOfferActive: true }).where(eq(products.title, "Archivado 90%"));
    const fewer = await listFeaturedOffers();
    expect(fewer.map((product) => product.title)).toEqual([
      "Ratón de Juguete con Catnip",
      "Croquetas Ricocan Adulto Razas Medianas 15 kg",
      "Agotado 80%",
    ]);
  });
});
