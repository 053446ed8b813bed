import { eq, type SQL } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { products, productVariants } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";
import { setProductPrice } from "~test/variants";

import { listFeaturedOffers } from "./featured.server";
import { hasActiveOffer, MAX_FEATURED_OFFERS } from "./pricing";

const { handle } = setUpTestDatabase();

describe("listFeaturedOffers", () => {
  test("shows the seeded products whose offer applies", async () => {
    const { db } = handle();
    await seedDemoShop(db);
    const featured = await listFeaturedOffers();
    expect(featured.map((product) => product.title).sort()).toEqual([
      "Alimento Pro Plan Cachorro Razas Pequeñas",
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
    // (The offer is a presentación's: each of these products has one.)
    const idsWhere = async (condition: SQL | undefined) =>
      (await db.select({ id: products.id }).from(products).where(condition)).map((row) => row.id);
    await setProductPrice(db, await idsWhere(eq(products.description, "Producto de prueba")), { isOfferActive: false });
    await setProductPrice(db, await idsWhere(eq(products.title, "Agotado 80%")), { isOfferActive: true });
    await setProductPrice(db, await idsWhere(eq(products.title, "Archivado 90%")), { isOfferActive: true });
    const fewer = await listFeaturedOffers();
    // (The seeded food's 3 kg bag is 11.1% off, the croquetas 11.5%.)
    expect(fewer.map((product) => product.title)).toEqual([
      "Ratón de Juguete con Catnip",
      "Croquetas Ricocan Adulto Razas Medianas 15 kg",
      "Alimento Pro Plan Cachorro Razas Pequeñas",
      "Agotado 80%",
    ]);
  });

  test("a product is featured when any of its presentaciones is on offer, not only its cheapest", async () => {
    const { db } = handle();
    const [template] = await db.select().from(products).limit(1);
    const [product] = await db
      .insert(products)
      .values({
        title: "Dos presentaciones",
        familyId: template!.familyId,
        categoryId: template!.categoryId,
        priceCents: 3_000,
        stock: 5,
      })
      .returning({ id: products.id });
    await db.insert(productVariants).values({
      productId: product!.id,
      name: "15 kg",
      priceCents: 12_000,
      isOfferActive: true,
      offerPriceCents: 10_000,
      stock: 2,
      sortOrder: 1,
    });
    const featured = await listFeaturedOffers();
    // Shown at its cheapest presentación's price, which has no discount: after those with one.
    expect(featured.map((item) => item.title)).toEqual([
      "Ratón de Juguete con Catnip",
      "Croquetas Ricocan Adulto Razas Medianas 15 kg",
      "Alimento Pro Plan Cachorro Razas Pequeñas",
      "Dos presentaciones",
    ]);
    expect(featured[3]).toMatchObject({ priceCents: 3_000, isOfferActive: false, stock: 7, hasAnyOffer: true });
  });
});
