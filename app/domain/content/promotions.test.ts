import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { discounts, promotions } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { listActivePromotions, msUntilCarouselChanges } from "./promotions.server";

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

describe("listActivePromotions", () => {
  test("gives the active promotions only, in the owner's order", async () => {
    const { db } = handle();
    const seeded = await listActivePromotions();
    expect(seeded.map((promotion) => promotion.title)).toEqual(["¡Gran Inauguración!", "Mes de la Esterilización"]);
    expect(seeded[0]).toMatchObject({
      description: "Usa el código BIENVENIDA20: 20 % en alimentos en tu primera compra.",
      couponCode: "BIENVENIDA20",
    });
    expect(seeded[1]).toMatchObject({ link: "/servicios", buttonText: "Agendar Cita", couponCode: null });

    // The owner reorders, switches the free-delivery promotion on and another one off.
    await db.update(promotions).set({ sortOrder: 10 }).where(eq(promotions.title, "¡Gran Inauguración!"));
    await db.update(promotions).set({ isActive: true, sortOrder: 5 }).where(eq(promotions.title, "Delivery Gratis"));
    await db.update(promotions).set({ isActive: false }).where(eq(promotions.title, "Mes de la Esterilización"));
    await db.insert(promotions).values({ title: "Semana del Gato", sortOrder: 0, isActive: true });

    const reordered = await listActivePromotions();
    expect(reordered.map((promotion) => promotion.title)).toEqual([
      "Semana del Gato",
      "Delivery Gratis",
      "¡Gran Inauguración!",
    ]);
    // A promotion created without a button text gets the spec's default.
    expect(reordered[0]!.buttonText).toBe("Ver Más");
  });
});

describe("a slide's coupon", () => {
  test("shows while its coupon is valid, and the cached home page lasts until that changes", async () => {
    const { db } = handle();
    const now = new Date("2026-12-10T15:00:00Z");
    const couponOf = async (at: Date) =>
      (await listActivePromotions(at)).find((promotion) => promotion.title === "¡Gran Inauguración!")!.couponCode;
    const coupon = eq(discounts.code, "BIENVENIDA20");
    expect(await couponOf(now)).toBe("BIENVENIDA20");
    expect(await msUntilCarouselChanges(now)).toBeUndefined();

    // Valid until 31/12/2026 23:59 in Lima: the page may be kept until then, and no longer.
    const endsAt = new Date("2027-01-01T04:59:00Z");
    await db.update(discounts).set({ endsAt }).where(coupon);
    expect(await msUntilCarouselChanges(now)).toBe(endsAt.getTime() - now.getTime());
    expect(await couponOf(endsAt)).toBeNull();

    // Starting later: no button yet, and the page lasts until it starts.
    const startsAt = new Date("2026-12-20T05:00:00Z");
    await db.update(discounts).set({ startsAt }).where(coupon);
    expect(await couponOf(now)).toBeNull();
    expect(await msUntilCarouselChanges(now)).toBe(startsAt.getTime() - now.getTime());
    expect(await couponOf(startsAt)).toBe("BIENVENIDA20");

    // Switched off, or made automatic: the slide keeps its own link.
    await db.update(discounts).set({ startsAt: null, endsAt: null, isActive: false }).where(coupon);
    expect(await couponOf(now)).toBeNull();
    await db.update(discounts).set({ isActive: true, code: null }).where(coupon);
    expect(await couponOf(now)).toBeNull();
  });
});
