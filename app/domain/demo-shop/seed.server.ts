import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import {
  brands,
  chatbotAnswers,
  deliveryZones,
  discounts,
  pageContents,
  paymentMethods,
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  productVariants,
  promotions,
  serviceCategories,
  serviceFamilies,
  services,
  serviceSubcategories,
  shopSettings,
} from "~/db/schema";
import { normalizeForSearch, toSlug } from "~/lib/text";

import { seedDemoBookableServices } from "./demo-bookings";
import {
  demoChatbotAnswers,
  demoPageContents,
  demoPaymentMethods,
  demoProducts,
  demoProductTaxonomy,
  demoPromotions,
  demoServices,
  demoServiceTaxonomy,
  demoSettings,
} from "./demo-data";
import { demoDeliveryZones } from "./demo-delivery";
import { demoProductsWithVariants } from "./demo-variants";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Ids = Map<string, number>;

/**
 * Creates the demo shop on an empty database, in one transaction. The settings row
 * is the marker: once it exists the seed never runs again, so whatever the owner
 * changed or deleted stays that way. Returns whether it seeded.
 */
export async function seedDemoShop(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // ON CONFLICT: a second instance starting at the same time on PostgreSQL waits
    // here for the first one's commit, then finds the row and does nothing.
    const inserted = await tx
      .insert(shopSettings)
      .values({ id: 1, ...demoSettings })
      .onConflictDoNothing()
      .returning({ id: shopSettings.id });
    if (inserted.length === 0) return false;

    await tx
      .insert(paymentMethods)
      .values(demoPaymentMethods.map((method, index) => ({ ...method, isDefault: true, sortOrder: index })));
    await tx
      .insert(pageContents)
      .values(Object.entries(demoPageContents).map(([key, content]) => ({ key, content }) as never));
    await tx
      .insert(chatbotAnswers)
      .values(demoChatbotAnswers.map((answer, index) => ({ ...answer, sortOrder: index })));

    const productIds = await seedTaxonomy(tx, demoProductTaxonomy.families, {
      families: productFamilies,
      categories: productCategories,
      subcategories: productSubcategories,
    });
    const brandIds: Ids = new Map();
    for (const [index, brand] of demoProductTaxonomy.brands.entries()) {
      const [row] = await tx
        .insert(brands)
        .values({ name: brand.name, slug: toSlug(brand.name), sortOrder: index })
        .returning({ id: brands.id });
      brandIds.set(brand.name, row!.id);
    }
    await tx.insert(products).values(
      demoProducts.map(({ family, category, subcategory, brand, ...product }) => ({
        ...product,
        familyId: resolve(productIds, family),
        categoryId: resolve(productIds, family, category),
        subcategoryId: subcategory ? resolve(productIds, family, category, subcategory) : null,
        brandId: resolve(brandIds, brand),
        searchText: normalizeForSearch(`${product.title} ${brand}`),
      })),
    );
    await seedVariantProducts(tx, productIds, brandIds);
    await tx.insert(deliveryZones).values(demoDeliveryZones.map((zone) => ({ ...zone })));
    await seedDemoPromotions(tx, productIds);

    const serviceIds = await seedTaxonomy(tx, demoServiceTaxonomy.families, {
      families: serviceFamilies,
      categories: serviceCategories,
      subcategories: serviceSubcategories,
    });
    await tx.insert(services).values(
      demoServices.map(({ family, category, subcategory, ...service }) => ({
        ...service,
        familyId: resolve(serviceIds, family),
        categoryId: resolve(serviceIds, family, category),
        subcategoryId: subcategory ? resolve(serviceIds, family, category, subcategory) : null,
        searchText: normalizeForSearch(service.title),
      })),
    );
    await seedDemoBookableServices(tx);
    return true;
  });
}

/**
 * The carousel's promises made real (issue 44): 20 % on food for a first purchase, and free
 * delivery from S/ 100.00 (the districts' own free-from amount already gives it in the demo);
 * then the carousel, whose first slide's button applies BIENVENIDA20.
 */
async function seedDemoPromotions(tx: Transaction, productIds: Ids) {
  const seededDiscounts = await tx
    .insert(discounts)
    .values([
      {
        name: "Bienvenida: 20 % en alimentos",
        code: "BIENVENIDA20",
        kind: "percent",
        percent: 20,
        isFirstPurchaseOnly: true,
        maxUsesPerCustomer: 1,
        categoryIds: [resolve(productIds, "Perros", "Alimentos"), resolve(productIds, "Gatos", "Alimentos")],
      },
      { name: "Delivery gratis desde S/ 100", kind: "free_delivery", minSubtotalCents: 10_000 },
    ])
    .returning({ id: discounts.id, code: discounts.code });
  await tx.insert(promotions).values(
    demoPromotions.map(({ couponCode, ...promotion }, index) => ({
      ...promotion,
      discountId: seededDiscounts.find((discount) => couponCode !== null && discount.code === couponCode)?.id ?? null,
      sortOrder: index,
    })),
  );
}

function resolve(ids: Ids, ...path: string[]): number {
  const id = ids.get(path.join("/"));
  if (id === undefined) throw new Error(`Seed data names an unknown taxonomy item: ${path.join(" > ")}`);
  return id;
}

async function seedTaxonomy(
  tx: Transaction,
  families: (typeof demoProductTaxonomy)["families"],
  tables: {
    families: typeof productFamilies | typeof serviceFamilies;
    categories: typeof productCategories | typeof serviceCategories;
    subcategories: typeof productSubcategories | typeof serviceSubcategories;
  },
): Promise<Ids> {
  const ids: Ids = new Map();
  for (const [familyOrder, family] of families.entries()) {
    const [familyRow] = await tx
      .insert(tables.families)
      .values({ name: family.name, slug: toSlug(family.name), icon: family.icon, sortOrder: familyOrder })
      .returning({ id: tables.families.id });
    ids.set(family.name, familyRow!.id);
    for (const [categoryOrder, category] of family.categories.entries()) {
      const [categoryRow] = await tx
        .insert(tables.categories)
        .values({
          name: category.name,
          slug: toSlug(category.name),
          icon: category.icon,
          sortOrder: categoryOrder,
          familyId: familyRow!.id,
        })
        .returning({ id: tables.categories.id });
      ids.set(`${family.name}/${category.name}`, categoryRow!.id);
      for (const [subOrder, subcategory] of category.subcategories.entries()) {
        const [subRow] = await tx
          .insert(tables.subcategories)
          .values({
            name: subcategory.name,
            slug: toSlug(subcategory.name),
            icon: subcategory.icon,
            sortOrder: subOrder,
            categoryId: categoryRow!.id,
          })
          .returning({ id: tables.subcategories.id });
        ids.set(`${family.name}/${category.name}/${subcategory.name}`, subRow!.id);
      }
    }
  }
  return ids;
}

/** The products with several presentaciones: each size replaces the one its insert created. */
async function seedVariantProducts(tx: Transaction, productIds: Ids, brandIds: Ids) {
  for (const { family, category, subcategory, brand, variants, ...product } of demoProductsWithVariants) {
    const [created] = await tx
      .insert(products)
      .values({
        ...product,
        familyId: resolve(productIds, family),
        categoryId: resolve(productIds, family, category),
        subcategoryId: resolve(productIds, family, category, subcategory),
        brandId: resolve(brandIds, brand),
        searchText: normalizeForSearch(`${product.title} ${brand}`),
      })
      .returning({ id: products.id });
    // The insert gave the product one unnamed presentación (a trigger): the sizes replace it.
    await tx.delete(productVariants).where(eq(productVariants.productId, created!.id));
    await tx
      .insert(productVariants)
      .values(variants.map((item, index) => ({ ...item, productId: created!.id, sortOrder: index })));
  }
}
