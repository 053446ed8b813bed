import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { promotions } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { listActivePromotions } from "./promotions.server";

const { handle } = setUpTestDatabase();

describe("listActivePromotions", () => {
  test("gives the active promotions only, in the owner's order", async () => {
    const { db } = handle();
    await seedDemoShop(db);

    const seeded = await listActivePromotions();
    expect(seeded.map((promotion) => promotion.title)).toEqual(["¡Gran Inauguración!", "Mes de la Esterilización"]);
    expect(seeded[1]).toMatchObject({ link: "/servicios", buttonText: "Agendar Cita" });

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
