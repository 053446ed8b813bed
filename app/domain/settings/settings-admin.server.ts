import { eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { shopSettings } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { DEFAULT_LOGO_PATH } from "~/domain/media/image";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import type { ShopSettings } from "./settings.server";
import {
  type ContactSettings,
  type GeneralSettings,
  listChangedParts,
  pickPartFields,
  type SettingsPart,
} from "./settings-admin";

/** The general settings as the form edits them (a missing logo is the default one). */
export function toGeneralSettings(row: ShopSettings): GeneralSettings {
  return {
    logo: row.logo || DEFAULT_LOGO_PATH,
    shopName: row.shopName,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    fontFamily: row.fontFamily as GeneralSettings["fontFamily"],
    socialMedia: {
      facebook: row.socialMedia.facebook ?? { url: "", isActive: false },
      instagram: row.socialMedia.instagram ?? { url: "", isActive: false },
      tiktok: row.socialMedia.tiktok ?? { url: "", isActive: false },
      twitter: row.socialMedia.twitter ?? { url: "", isActive: false },
    },
    googleMapsApiKey: row.googleMapsApiKey,
    providerLegalName: row.providerLegalName,
    providerRuc: row.providerRuc,
    providerAddress: row.providerAddress,
    maxUnitsPerOrder: row.maxUnitsPerOrder,
    maxStockPercentPerOrder: row.maxStockPercentPerOrder,
    paymentHours: row.paymentHours,
  };
}

/**
 * Compares the submitted settings with the stored row and writes only the parts that
 * changed (with their audit entry). Returns those parts; none means nothing was written.
 */
export async function saveGeneralSettings(adminId: string, next: GeneralSettings): Promise<SettingsPart[]> {
  const saved = await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
    if (!row) throw new Error("shop_settings is empty: the database was not seeded.");
    const parts = listChangedParts(toGeneralSettings(row), next);
    if (parts.length === 0) return parts;
    const changes = pickPartFields(next, parts);
    await tx.update(shopSettings).set(changes).where(eq(shopSettings.id, 1));
    await recordAudit(
      { userId: adminId, action: "settings", entity: "settings", entityId: 1, summary: { parts, ...changes } },
      tx,
    );
    return parts;
  });
  // Every page shows the shop's name, logo, colours and links.
  if (saved.length > 0) invalidatePages([pageTags.settings]);
  return saved;
}

/** Replaces the contact fields (and the address for the shop's alerts); false when nothing differed (nothing written). */
export async function saveContactSettings(adminId: string, contact: ContactSettings): Promise<boolean> {
  const isSaved = await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
    if (!row) throw new Error("shop_settings is empty: the database was not seeded.");
    const isSame = (Object.keys(contact) as (keyof ContactSettings)[]).every((field) => row[field] === contact[field]);
    if (isSame) return false;
    await tx.update(shopSettings).set(contact).where(eq(shopSettings.id, 1));
    await recordAudit(
      { userId: adminId, action: "settings", entity: "settings:contact", entityId: 1, summary: contact },
      tx,
    );
    return true;
  });
  if (isSaved) invalidatePages([pageTags.settings]);
  return isSaved;
}
