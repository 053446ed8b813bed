import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import {
  chatbotAnswers,
  pageContents,
  paymentMethods,
  productCategories,
  productFamilies,
  products,
  productVariants,
  promotions,
  services,
  shopSettings,
} from "~/db/schema";
import { setUpTestDatabase } from "~test/test-database";
import { setProductPrice } from "~test/variants";

import { seedDemoShop } from "./seed.server";

const { handle } = setUpTestDatabase();

describe("the demo shop seed", () => {
  test("creates the runtime contract's catalogue and content on an empty database", async () => {
    const { db } = handle();
    expect(await seedDemoShop(db)).toBe(true);

    const families = await db.select().from(productFamilies);
    expect(families.map((family) => family.name).sort()).toEqual(["Gatos", "Perros"]);
    expect((await db.select().from(productCategories)).length).toBeGreaterThan(0);

    const allProducts = await db.select().from(products);
    expect(allProducts).toHaveLength(6);
    // The four without sizes; the two with presentaciones are checked below.
    const seededProducts = allProducts.filter((product) => !product.priceVaries);
    expect(seededProducts).toHaveLength(4);
    for (const product of seededProducts) {
      expect(product.stock).toBeGreaterThanOrEqual(30);
      expect(product.stock).toBeLessThanOrEqual(100);
      expect(product.image).toMatch(/^\/images\/products\/.+\.webp$/);
    }
    expect(seededProducts.some((product) => product.isOfferActive && product.offerPriceCents)).toBe(true);
    // Each with one unnamed presentación holding its price, offer and stock.
    const variants = await db.select().from(productVariants);
    expect(variants).toHaveLength(4 + 2 + 3);
    for (const product of seededProducts) {
      expect(variants.find((variant) => variant.productId === product.id)).toMatchObject({
        name: "",
        priceCents: product.priceCents,
        isOfferActive: product.isOfferActive,
        offerPriceCents: product.offerPriceCents,
        stock: product.stock,
      });
    }

    // A new shop shows presentaciones: a food in 3 kg (on offer) and 15 kg (2 left), a collar
    // in S, M (sold out) and L.
    const sizesOf = async (title: string) => {
      const product = allProducts.find((item) => item.title === title)!;
      return (await db.select().from(productVariants).where(eq(productVariants.productId, product.id)))
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map(({ name, priceCents, isOfferActive, stock }) => ({ name, priceCents, isOfferActive, stock }));
    };
    expect(await sizesOf("Alimento Pro Plan Cachorro Razas Pequeñas")).toEqual([
      { name: "3 kg", priceCents: 8990, isOfferActive: true, stock: 12 },
      { name: "15 kg", priceCents: 32990, isOfferActive: false, stock: 2 },
    ]);
    expect((await sizesOf("Collar Reflectivo Ajustable")).map((size) => [size.name, size.stock])).toEqual([
      ["Talla S", 8],
      ["Talla M", 0],
      ["Talla L", 5],
    ]);

    const byTitle = Object.fromEntries((await db.select().from(services)).map((s) => [s.title, s]));
    expect(byTitle["Baño y Corte para Perro"]).toMatchObject({ priceCents: 6000, showPrice: true });
    expect(byTitle["Consulta Veterinaria General"]).toMatchObject({
      priceCents: 8000,
      isOfferActive: true,
      offerPriceCents: 7000,
    });
    expect(byTitle["Desparasitación"]).toMatchObject({ priceCents: 5000, showPrice: false });

    const seededPromotions = await db.select().from(promotions).orderBy(promotions.sortOrder);
    expect(seededPromotions.map((p) => [p.link, p.isActive])).toEqual([
      ["/productos", true],
      ["/servicios", true],
      ["/productos", false],
    ]);
    expect(seededPromotions[1]!.buttonText).toBe("Agendar Cita");

    // The spec's seed keywords, each the first of its answer's keywords, and 'pagos'; the
    // greeting after the answers a greeting may come before ('Hola, ¿dónde están?').
    const keywords = (await db.select().from(chatbotAnswers).orderBy(chatbotAnswers.sortOrder)).map(
      (answer) => answer.keyword.split(",")[0],
    );
    expect(keywords).toEqual([
      "horario",
      "ubicacion",
      "delivery",
      "pagos",
      "servicios",
      "productos",
      "contacto",
      "hola",
      "gracias",
      "adios",
      "default",
    ]);

    const methods = Object.fromEntries((await db.select().from(paymentMethods)).map((m) => [m.id, m.isActive]));
    expect(methods).toEqual({ yape: true, plin: true, transferencia: true, stripe: false });

    const pages = (await db.select().from(pageContents)).map((page) => page.key).sort();
    expect(pages).toEqual(["about", "home", "products", "services"]);

    const [settings] = await db.select().from(shopSettings);
    expect(settings).toMatchObject({ primaryColor: "#2ea8a8", secondaryColor: "#f8a78b", fontFamily: "Fredoka" });
    expect(settings!.providerRuc).toMatch(/^\d{11}$/);
  });

  test("runs once: a restart neither duplicates nor restores what the owner changed", async () => {
    const { db } = handle();
    const [croquetas] = await db
      .select()
      .from(products)
      .where(sql`${products.title} like 'Croquetas%'`);
    await setProductPrice(db, croquetas!.id, { priceCents: 9990 });
    await db.delete(promotions).where(eq(promotions.isActive, false));

    expect(await seedDemoShop(db)).toBe(false);

    expect(await db.select().from(products)).toHaveLength(6);
    expect(await db.select().from(productVariants)).toHaveLength(9);
    const [after] = await db.select().from(products).where(eq(products.id, croquetas!.id));
    expect(after!.priceCents).toBe(9990);
    expect(await db.select().from(promotions)).toHaveLength(2);
    expect(await db.select().from(chatbotAnswers)).toHaveLength(11);
  });
});
