import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { auditLog, deliveryZones, shopSettings } from "~/db/schema";
import { listActiveDeliveryZones } from "~/domain/delivery/delivery.server";
import { requestAs } from "~test/auth";
import { readRedirect } from "~test/catalog-editor";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./delivery";

// /admin/configuracion/delivery as the owner uses it (issue 24).

const { handle, adminCookie } = seededShopWithAdmin();

type Failure = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

function post(fields: Record<string, string>) {
  const request = requestAs(adminCookie(), "/admin/configuracion/delivery", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: {} } as never) as Promise<unknown>;
}

async function zoneNamed(district: string) {
  const [zone] = await handle().db.select().from(deliveryZones).where(eq(deliveryZones.district, district));
  return zone;
}

describe("the delivery districts", () => {
  test("the demo shop serves twelve Lima districts, free from S/ 100.00", async () => {
    const request = requestAs(adminCookie(), "/admin/configuracion/delivery");
    const data = (await loader({ request, params: {}, context: {} } as never)) as {
      zones: { district: string; freeFromCents: number | null }[];
      isPickupEnabled: boolean;
    };
    expect(data.zones).toHaveLength(12);
    expect(data.zones.map((zone) => zone.district)).toContain("Miraflores");
    expect(data.zones.every((zone) => (zone.freeFromCents ?? 0) >= 10000)).toBe(true);
    expect(data.isPickupEnabled).toBe(true);
  });

  test("adds a district, refuses the same name twice whatever its case, and keeps what was typed", async () => {
    const added = await readRedirect(
      await post({ intent: "save", district: "Chorrillos", fee: "12.50", minimumOrder: "50", isActive: "on" }),
    );
    expect(added.toast).toMatchObject({ title: "Distrito Añadido" });
    expect(await zoneNamed("Chorrillos")).toMatchObject({
      feeCents: 1250,
      minimumOrderCents: 5000,
      freeFromCents: null,
      isActive: true,
    });
    const again = (await post({ intent: "save", district: "CHORRILLOS", fee: "9" })) as Failure;
    expect(again.init.status).toBe(409);
    expect(again.data.errors.district).toBe("Ese distrito ya está en la lista.");
    expect(again.data.values).toMatchObject({ district: "CHORRILLOS", fee: "9" });
  });

  test("a bad amount is refused beside its field, and nothing changes", async () => {
    const chorrillos = (await zoneNamed("Chorrillos"))!;
    const refused = (await post({
      intent: "save",
      id: String(chorrillos.id),
      district: "Chorrillos",
      fee: "abc",
      isActive: "on",
    })) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.fee).toMatch(/soles/);
    expect(refused.data.values.id).toBe(String(chorrillos.id));
    expect(await zoneNamed("Chorrillos")).toEqual(chorrillos);
  });

  test("updates, deactivates (the checkout no longer offers it) and deletes a district, each audited", async () => {
    const chorrillos = (await zoneNamed("Chorrillos"))!;
    await post({ intent: "save", id: String(chorrillos.id), district: "Chorrillos", fee: "11", freeFrom: "120" });
    expect(await zoneNamed("Chorrillos")).toMatchObject({ feeCents: 1100, freeFromCents: 12000, isActive: false });
    expect((await listActiveDeliveryZones()).map((zone) => zone.district)).not.toContain("Chorrillos");
    const deleted = await readRedirect(await post({ intent: "delete", id: String(chorrillos.id) }));
    expect(deleted.toast).toMatchObject({ title: "Distrito Eliminado" });
    expect(await zoneNamed("Chorrillos")).toBeUndefined();
    const audits = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "delivery-zone"));
    expect(audits.map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
    // A forged or stale id changes nothing.
    const stale = await readRedirect(await post({ intent: "delete", id: String(chorrillos.id) }));
    expect(stale.toast).toMatchObject({ title: "Error" });
  });

  test("'Recojo en tienda' is switched off and on", async () => {
    await post({ intent: "pickup" });
    const [off] = await handle().db.select({ isPickupEnabled: shopSettings.isPickupEnabled }).from(shopSettings);
    expect(off!.isPickupEnabled).toBe(false);
    await post({ intent: "pickup", isPickupEnabled: "on" });
    const [on] = await handle().db.select({ isPickupEnabled: shopSettings.isPickupEnabled }).from(shopSettings);
    expect(on!.isPickupEnabled).toBe(true);
  });
});
