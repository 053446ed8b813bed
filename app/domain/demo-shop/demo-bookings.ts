import { eq, inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { serviceBookingSizes, services } from "~/db/schema";

import { type demoServices } from "./demo-data";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type DemoTitle = (typeof demoServices)[number]["title"];

/**
 * The demo shop's reservable services (issue 28): a new user can book a bath or a consultation
 * at once, on the schedule migration 0014 inserts. Bath and cut: 2 groomers, longer and dearer
 * for bigger dogs; the consultation: one vet, 30 minutes, the service's own price.
 */
const demoBookableServices: Partial<
  Record<
    DemoTitle,
    { capacity: number; sizes: { size: "small" | "medium" | "large"; minutes: number; priceCents: number | null }[] }
  >
> = {
  "Baño y Corte para Perro": {
    capacity: 2,
    sizes: [
      { size: "small", minutes: 60, priceCents: 5000 },
      { size: "medium", minutes: 90, priceCents: 6000 },
      { size: "large", minutes: 120, priceCents: 8000 },
    ],
  },
  "Consulta Veterinaria General": {
    capacity: 1,
    sizes: [
      { size: "small", minutes: 30, priceCents: null },
      { size: "medium", minutes: 30, priceCents: null },
      { size: "large", minutes: 30, priceCents: null },
    ],
  },
};

export async function seedDemoBookableServices(tx: Transaction) {
  const titles = Object.keys(demoBookableServices);
  const rows = await tx
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(inArray(services.title, titles));
  for (const row of rows) {
    const setup = demoBookableServices[row.title as DemoTitle]!;
    await tx.update(services).set({ isBookable: true, bookingCapacity: setup.capacity }).where(eq(services.id, row.id));
    await tx.insert(serviceBookingSizes).values(
      setup.sizes.map((size) => ({
        serviceId: row.id,
        size: size.size,
        durationMinutes: size.minutes,
        priceCents: size.priceCents,
      })),
    );
  }
}
