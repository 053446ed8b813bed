// The delivery districts and the pickup option, as the back office edits them and the
// checkout reads them (issue 24). Every change is audited.
import { and, asc, eq, ne, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { deliveryZones, shopSettings } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { getShopSettings } from "~/domain/settings/settings.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared } from "~/lib/page-cache/shared-reads.server";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import type { DeliveryZone } from "./delivery";
import { type DeliveryZoneInput, DISTRICT_TAKEN_MESSAGE } from "./delivery-admin";

type Admin = { id: string };
export type AdminDeliveryZone = DeliveryZone & { isActive: boolean };

const zoneColumns = {
  id: deliveryZones.id,
  district: deliveryZones.district,
  feeCents: deliveryZones.feeCents,
  minimumOrderCents: deliveryZones.minimumOrderCents,
  freeFromCents: deliveryZones.freeFromCents,
};

/** Every district, active or not, in the order the owner sees them (alphabetical). */
export async function listDeliveryZonesForAdmin(): Promise<AdminDeliveryZone[]> {
  return getDb()
    .select({ ...zoneColumns, isActive: deliveryZones.isActive })
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.sortOrder), asc(sql`lower(${deliveryZones.district})`));
}

/** The districts the checkout offers, kept in memory until the owner changes one (ADR 043). */
export async function listActiveDeliveryZones(): Promise<readonly DeliveryZone[]> {
  const db = getDb();
  return readShared(db, "delivery-zones", [pageTags.delivery], () =>
    db
      .select(zoneColumns)
      .from(deliveryZones)
      .where(eq(deliveryZones.isActive, true))
      .orderBy(asc(deliveryZones.sortOrder), asc(sql`lower(${deliveryZones.district})`)),
  );
}

/** One active district (the server's copy of the one the shopper chose), or null. */
export async function findActiveDeliveryZone(id: number): Promise<DeliveryZone | null> {
  const [zone] = await getDb()
    .select(zoneColumns)
    .from(deliveryZones)
    .where(and(eq(deliveryZones.id, id), eq(deliveryZones.isActive, true)));
  return zone ?? null;
}

export async function isPickupEnabled(): Promise<boolean> {
  return (await getShopSettings()).isPickupEnabled;
}

export type ZoneSaveResult =
  { ok: true; district: string } | { ok: false; field: "district"; message: string } | { ok: false; notFound: true };

async function isDistrictTaken(district: string, exceptId?: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: deliveryZones.id })
    .from(deliveryZones)
    .where(
      and(
        sql`lower(${deliveryZones.district}) = lower(${district})`,
        exceptId === undefined ? undefined : ne(deliveryZones.id, exceptId),
      ),
    );
  return Boolean(row);
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

/** Adds a district, or updates it (`id`); one name once, whatever its case. */
export async function saveDeliveryZone(admin: Admin, input: DeliveryZoneInput, id?: number): Promise<ZoneSaveResult> {
  if (await isDistrictTaken(input.district, id))
    return { ok: false, field: "district", message: DISTRICT_TAKEN_MESSAGE };
  try {
    const result = await getDb().transaction(async (tx) => {
      const [saved] =
        id === undefined
          ? await tx.insert(deliveryZones).values(input).returning({ id: deliveryZones.id })
          : await tx
              .update(deliveryZones)
              .set(input)
              .where(eq(deliveryZones.id, id))
              .returning({ id: deliveryZones.id });
      if (!saved) return { ok: false, notFound: true } as const;
      await recordAudit(
        {
          userId: admin.id,
          action: id === undefined ? "create" : "update",
          entity: "delivery-zone",
          entityId: saved.id,
          summary: {
            district: input.district,
            feeCents: input.feeCents,
            minimumOrderCents: input.minimumOrderCents,
            freeFromCents: input.freeFromCents,
            isActive: input.isActive,
          },
        },
        tx,
      );
      return { ok: true, district: input.district } as const;
    });
    if (result.ok) invalidatePages([pageTags.delivery]);
    return result;
  } catch (error) {
    // Two saves of one name at once: the unique index lets one through.
    if (isUniqueViolation(error)) return { ok: false, field: "district", message: DISTRICT_TAKEN_MESSAGE };
    throw error;
  }
}

/** Deletes a district: orders keep the name and fee they copied. */
export async function deleteDeliveryZone(admin: Admin, id: number): Promise<{ district: string } | null> {
  const result = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(deliveryZones)
      .where(eq(deliveryZones.id, id))
      .returning({ district: deliveryZones.district });
    if (!deleted) return null;
    await recordAudit(
      {
        userId: admin.id,
        action: "delete",
        entity: "delivery-zone",
        entityId: id,
        summary: { district: deleted.district },
      },
      tx,
    );
    return deleted;
  });
  if (result) invalidatePages([pageTags.delivery]);
  return result;
}

/** 'Recojo en tienda' offered at the checkout or not. */
export async function setPickupEnabled(admin: Admin, isEnabled: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.update(shopSettings).set({ isPickupEnabled: isEnabled });
    await recordAudit(
      { userId: admin.id, action: "settings", entity: "settings", summary: { isPickupEnabled: isEnabled } },
      tx,
    );
  });
  // A column of the shop's settings row, though no page but the (uncached) cart shows it.
  invalidatePages([pageTags.delivery, pageTags.settings]);
}
