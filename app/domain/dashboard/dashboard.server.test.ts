import { beforeAll, describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { fileComplaint } from "~/domain/complaints/complaint.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { validComplaintInput } from "~test/complaint-input";
import { setUpTestDatabase } from "~test/test-database";
import { setProductStock } from "~test/variants";

import { getDashboardFigures } from "./dashboard.server";

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

describe("getDashboardFigures", () => {
  test("counts the seeded shop: 6 products, 2 active promotions, nothing pending", async () => {
    const figures = await getDashboardFigures();
    expect(figures).toMatchObject({
      productCount: 6,
      // Presentaciones: the 15 kg bag (2) and the collar's L (5) are low; its M is sold out.
      lowStockCount: 2,
      soldOutCount: 1,
      serviceCount: 3,
      activePromotionCount: 2,
      pendingOrderCount: 0,
      openComplaintCount: 0,
      nearestComplaint: null,
    });
  });

  test("follows stock changes and names the complaint nearest to its deadline", async () => {
    const [first, second] = await handle().db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
    await setProductStock(handle().db, first!.id, 3);
    await setProductStock(handle().db, second!.id, 0);
    // Filed on Monday 2 November 2026: due 15 business days later, on Monday 23 November.
    await fileComplaint(validComplaintInput(), { now: new Date("2026-11-02T15:00:00Z"), log: () => {} });
    await fileComplaint(validComplaintInput(), { now: new Date("2026-11-10T15:00:00Z"), log: () => {} });

    const figures = await getDashboardFigures(new Date("2026-11-20T15:00:00Z"));
    // One more of each than the seeded shop's (2 low, 1 sold out).
    expect(figures.lowStockCount).toBe(3);
    expect(figures.soldOutCount).toBe(2);
    expect(figures.openComplaintCount).toBe(2);
    expect(figures.nearestComplaint).toEqual({ code: "2026-000001", dueDate: "2026-11-23", businessDaysLeft: 1 });
  });
});
