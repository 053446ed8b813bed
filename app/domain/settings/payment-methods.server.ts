import { and, asc, eq, isNotNull, max } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { paymentMethods } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import {
  type AdminPaymentMethod,
  derivePaymentMethodId,
  type NewPaymentMethod,
  type PaymentMethodUpdate,
} from "./payment-methods";

const adminColumns = {
  id: paymentMethods.id,
  name: paymentMethods.name,
  details: paymentMethods.details,
  kind: paymentMethods.kind,
  isActive: paymentMethods.isActive,
  isDefault: paymentMethods.isDefault,
  publishableKey: paymentMethods.publishableKey,
  priceId: paymentMethods.priceId,
  qrImage: paymentMethods.qrImage,
};

export async function listPaymentMethods(): Promise<AdminPaymentMethod[]> {
  return getDb()
    .select(adminColumns)
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name));
}

/** The QR code of each active method that has one, by method id (for the cart). */
export async function listPaymentQrImages(): Promise<Record<string, string>> {
  const rows = await getDb()
    .select({ id: paymentMethods.id, qrImage: paymentMethods.qrImage })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.isActive, true), isNotNull(paymentMethods.qrImage)));
  return Object.fromEntries(rows.flatMap((row) => (row.qrImage ? [[row.id, row.qrImage]] : [])));
}

/** Saves every method of the 'Guardar' form in one transaction. */
export async function updatePaymentMethods(
  adminId: string,
  updates: Record<string, PaymentMethodUpdate>,
): Promise<void> {
  await getDb().transaction(async (tx) => {
    // The log names each method as the owner does, not by its id.
    const methods: ({ name: string } & PaymentMethodUpdate)[] = [];
    for (const [id, update] of Object.entries(updates)) {
      const [saved] = await tx
        .update(paymentMethods)
        .set({
          isActive: update.isActive,
          details: update.details,
          ...(update.qrImage !== undefined ? { qrImage: update.qrImage || null } : {}),
          ...(update.publishableKey !== undefined ? { publishableKey: update.publishableKey } : {}),
          ...(update.priceId !== undefined ? { priceId: update.priceId } : {}),
        })
        .where(eq(paymentMethods.id, id))
        .returning({ name: paymentMethods.name });
      if (saved) methods.push({ name: saved.name, ...update });
    }
    await recordAudit({ userId: adminId, action: "update", entity: "payment-method", summary: { methods } }, tx);
  });
  invalidatePages([pageTags.paymentMethods]);
}

export type AddPaymentMethodResult =
  { status: "added"; method: { id: string; name: string } } | { status: "similar-name" };

/** Adds a manual method at the end of the list; its id comes from the name. */
export async function addPaymentMethod(adminId: string, input: NewPaymentMethod): Promise<AddPaymentMethodResult> {
  const id = derivePaymentMethodId(input.name);
  const result = await getDb().transaction(async (tx) => {
    const [last] = await tx.select({ sortOrder: max(paymentMethods.sortOrder) }).from(paymentMethods);
    const inserted = await tx
      .insert(paymentMethods)
      .values({
        id,
        name: input.name,
        details: input.details,
        kind: "manual",
        isActive: input.isActive,
        isDefault: false,
        sortOrder: (last?.sortOrder ?? -1) + 1,
      })
      .onConflictDoNothing()
      .returning({ id: paymentMethods.id, name: paymentMethods.name });
    const method = inserted[0];
    if (!method) return { status: "similar-name" } as const;
    await recordAudit(
      { userId: adminId, action: "create", entity: "payment-method", entityId: id, summary: input },
      tx,
    );
    return { status: "added", method } as const;
  });
  if (result.status === "added") invalidatePages([pageTags.paymentMethods]);
  return result;
}

export type DeletePaymentMethodResult =
  { status: "deleted"; name: string } | { status: "default" } | { status: "missing" };

/**
 * Removes a method the owner added. Default methods stay. Orders keep working: they hold
 * a copy of the method's name and their reference to it becomes empty.
 */
export async function deletePaymentMethod(adminId: string, id: string): Promise<DeletePaymentMethodResult> {
  // No stored id holds a NUL character, and PostgreSQL refuses one even in a comparison.
  if (id.includes("\u0000")) return { status: "missing" };
  const result = await getDb().transaction(async (tx) => {
    const [method] = await tx
      .select({ name: paymentMethods.name, isDefault: paymentMethods.isDefault })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, id))
      .for("update");
    if (!method) return { status: "missing" } as const;
    if (method.isDefault) return { status: "default" } as const;
    await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.isDefault, false)));
    await recordAudit(
      { userId: adminId, action: "delete", entity: "payment-method", entityId: id, summary: { name: method.name } },
      tx,
    );
    return { status: "deleted", name: method.name } as const;
  });
  if (result.status === "deleted") invalidatePages([pageTags.paymentMethods]);
  return result;
}
