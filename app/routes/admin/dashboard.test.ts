import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { bookings, services } from "~/db/schema";
import { addDays, limaDateOf, limaInstant } from "~/domain/bookings/slots";
import { requestAs } from "~test/auth";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import DashboardPage, { loader } from "./dashboard";

// The dashboard's 'Citas de hoy' (issue 28): today's bookings in Lima that still hold time.

const { handle, adminCookie } = seededShopWithAdmin();

async function renderDashboard(): Promise<string> {
  const page = await renderRoute(
    { Page: DashboardPage, loader, action: () => null } as never,
    requestAs(adminCookie(), "/admin/dashboard"),
  );
  expect(page.status).toBe(200);
  return page.html.replaceAll("<!-- -->", "");
}

/** A booking written straight to the table: the dashboard only reads them. */
async function insertBooking(date: string, minutes: number, petName: string, status: "confirmed" | "cancelled") {
  const [bath] = await handle()
    .db.select({ id: services.id, title: services.title })
    .from(services)
    .where(eq(services.title, "Baño y Corte para Perro"));
  await handle()
    .db.insert(bookings)
    .values({
      code: `RES-TEST-${petName}`,
      accessToken: `token-${petName}`,
      serviceId: bath!.id,
      serviceTitle: bath!.title,
      size: "medium",
      startsAt: limaInstant(date, minutes),
      endsAt: limaInstant(date, minutes + 90),
      status,
      petName,
      petSpecies: "dog",
      customerName: `Dueño de ${petName}`,
      customerPhone: "987 654 321",
    });
}

describe("the dashboard's 'Citas de hoy'", () => {
  test("says there are none, and links to the agenda", async () => {
    const html = await renderDashboard();
    expect(html).toContain("Citas de hoy");
    expect(html).toContain("No hay citas hoy.");
    expect(html).toMatch(/href="\/admin\/reservas"[^>]*>Ver agenda</);
  });

  test("lists today's bookings in Lima by time, without the cancelled ones or tomorrow's", async () => {
    const today = limaDateOf(new Date());
    await insertBooking(today, 15 * 60, "Canela", "confirmed");
    await insertBooking(today, 9 * 60, "Bobby", "confirmed");
    await insertBooking(today, 10 * 60, "Nieve", "cancelled");
    await insertBooking(addDays(today, 1), 9 * 60, "Mañanero", "confirmed");
    const html = await renderDashboard();
    expect(html).not.toContain("No hay citas hoy.");
    expect(html).toContain("09:00");
    expect(html).toContain("Bobby (Mediano)");
    expect(html).toContain("Dueño de Bobby");
    expect(html).toContain("Baño y Corte para Perro");
    expect(html.indexOf("Bobby")).toBeLessThan(html.indexOf("Canela"));
    expect(html).not.toContain("Nieve");
    expect(html).not.toContain("Mañanero");
  });
});
