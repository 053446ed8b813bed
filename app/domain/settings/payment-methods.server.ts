import { and, asc, eq, isNotNull, max } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { paymentMethods } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import {
  providerFor,
  readOnlineMethod,
  SECRET_KEY_PURPOSE,
  WEBHOOK_SECRET_PURPOSE,
} from "~/domain/payments/payment-methods.server";
import { type ConnectionCheck, isOnlineProviderId, type OnlineProviderId } from "~/domain/payments/provider";
import { pageTags } from "~/lib/page-cache/page-tags";
import { readShared } from "~/lib/page-cache/shared-reads.server";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { openSecret, sealSecret, secretHint } from "~/lib/secret-box.server";

import {
  type AdminPaymentMethod,
  derivePaymentMethodId,
  keyMode,
  type NewPaymentMethod,
  onlineMethodNames,
  type PaymentMethodRow,
  type PaymentMethodUpdate,
  providerNames,
  type StoredSecret,
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

export async function listPaymentMethods(): Promise<PaymentMethodRow[]> {
  return getDb()
    .select(adminColumns)
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name));
}

/** What the screen may know of a sealed secret: its last four characters and its mode. */
function describeSecret(purpose: string, sealed: string, kind: string): StoredSecret {
  if (!sealed) return null;
  const plain = openSecret(purpose, sealed);
  // Sealed under another shop's secret (a database copied without its DATA_DIR).
  if (plain === null) return { status: "unreadable" };
  return { status: "stored", hint: secretHint(plain), mode: isOnlineProviderId(kind) ? keyMode(kind, plain) : null };
}

/** The methods as the back office shows them: an online one's secrets only as hints, never sealed or plain. */
export async function listAdminPaymentMethods(): Promise<AdminPaymentMethod[]> {
  const rows = await getDb()
    .select({
      ...adminColumns,
      isLive: paymentMethods.isLive,
      secretKeySealed: paymentMethods.secretKeySealed,
      webhookSecretSealed: paymentMethods.webhookSecretSealed,
      updatedAt: paymentMethods.updatedAt,
    })
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name));
  return rows.map(({ secretKeySealed, webhookSecretSealed, updatedAt, ...method }) => ({
    ...method,
    secretKey: describeSecret(SECRET_KEY_PURPOSE, secretKeySealed, method.kind),
    webhookSecret: describeSecret(WEBHOOK_SECRET_PURPOSE, webhookSecretSealed, method.kind),
    savedAt: updatedAt.getTime(),
  }));
}

/** A secret's new sealed value: unchanged (undefined), cleared ('') or the typed one sealed. */
function sealedUpdate(purpose: string, secret: string | null): string | undefined {
  if (secret === null) return undefined;
  return secret === "" ? "" : sealSecret(purpose, secret);
}

/** The QR code of each active method that has one, by method id (for the cart). */
export async function listPaymentQrImages(): Promise<Record<string, string>> {
  const db = getDb();
  // Kept in memory until the owner saves the payment methods (ADR 043).
  return readShared(db, "payment-qr-images", [pageTags.paymentMethods], async () => {
    const rows = await db
      .select({ id: paymentMethods.id, qrImage: paymentMethods.qrImage })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.isActive, true), isNotNull(paymentMethods.qrImage)));
    return Object.fromEntries(rows.flatMap((row) => (row.qrImage ? [[row.id, row.qrImage]] : [])));
  });
}

/** What the audit log keeps of a method saved: never a secret, only whether one changed. */
type SavedMethodSummary = {
  name: string;
  isActive: boolean;
  details: string;
  qrImage?: string;
  provider?: string;
  isLive?: boolean;
  publishableKey?: string;
  priceId?: string;
  credentials?: "actualizadas" | "borradas";
};

function credentialsChange(update: PaymentMethodUpdate["online"]): SavedMethodSummary["credentials"] {
  const changes = [update?.secretKey, update?.webhookSecret].filter(
    (secret) => secret !== null && secret !== undefined,
  );
  if (changes.length === 0) return undefined;
  return changes.some((secret) => secret !== "") ? "actualizadas" : "borradas";
}

/**
 * Saves every method of the 'Guardar' form in one transaction. An online method's typed
 * secrets are sealed here (lib/secret-box.server.ts); switching its provider renames it.
 */
export async function updatePaymentMethods(
  adminId: string,
  updates: Record<string, PaymentMethodUpdate>,
): Promise<void> {
  await getDb().transaction(async (tx) => {
    // The log names each method as the owner does, not by its id.
    const methods: SavedMethodSummary[] = [];
    for (const [id, update] of Object.entries(updates)) {
      const online = update.online;
      const [current] = online
        ? await tx
            .select({ kind: paymentMethods.kind })
            .from(paymentMethods)
            .where(eq(paymentMethods.id, id))
            .for("update")
        : [];
      const secretKeySealed = sealedUpdate(SECRET_KEY_PURPOSE, online?.secretKey ?? null);
      const webhookSecretSealed = sealedUpdate(WEBHOOK_SECRET_PURPOSE, online?.webhookSecret ?? null);
      const [saved] = await tx
        .update(paymentMethods)
        .set({
          isActive: update.isActive,
          details: update.details,
          ...(update.qrImage !== undefined ? { qrImage: update.qrImage || null } : {}),
          ...(online
            ? {
                kind: online.kind,
                isLive: online.isLive,
                publishableKey: online.publishableKey,
                ...(online.priceId !== undefined ? { priceId: online.priceId } : {}),
                ...(current && current.kind !== online.kind ? { name: onlineMethodNames[online.kind] } : {}),
                ...(secretKeySealed !== undefined ? { secretKeySealed } : {}),
                ...(webhookSecretSealed !== undefined ? { webhookSecretSealed } : {}),
              }
            : {}),
        })
        .where(eq(paymentMethods.id, id))
        .returning({ name: paymentMethods.name });
      if (!saved) continue;
      const credentials = credentialsChange(online);
      methods.push({
        name: saved.name,
        isActive: update.isActive,
        details: update.details,
        ...(update.qrImage !== undefined ? { qrImage: update.qrImage } : {}),
        ...(online
          ? {
              provider: providerNames[online.kind],
              isLive: online.isLive,
              publishableKey: online.publishableKey,
              ...(online.priceId !== undefined ? { priceId: online.priceId } : {}),
              ...(credentials ? { credentials } : {}),
            }
          : {}),
      });
    }
    await recordAudit({ userId: adminId, action: "update", entity: "payment-method", summary: { methods } }, tx);
  });
  invalidatePages([pageTags.paymentMethods]);
}

/** The keys the owner typed on the screen for 'Probar conexión'; an empty secret means the stored one. */
export type ConnectionTestInput = {
  provider: OnlineProviderId;
  isLive: boolean;
  publicKey: string;
  secretKey: string;
  webhookSecret: string;
};

export type ConnectionTestResult = ConnectionCheck | { status: "missing-secret" };

/**
 * Asks the provider whether it knows these keys (its account), saving nothing: the typed
 * access token or secret key, or the stored one when the box was left empty and the provider
 * is the stored one.
 */
export async function testPaymentMethodConnection(
  methodId: string,
  input: ConnectionTestInput,
): Promise<ConnectionTestResult> {
  const stored = input.secretKey === "" ? await readOnlineMethod(methodId) : null;
  const storedCredentials = stored?.provider === input.provider ? stored.credentials : null;
  const secretKey = input.secretKey || storedCredentials?.secretKey || "";
  if (!secretKey) return { status: "missing-secret" };
  const provider = await providerFor({
    provider: input.provider,
    credentials: {
      publicKey: input.publicKey,
      secretKey,
      webhookSecret: input.webhookSecret || storedCredentials?.webhookSecret || "",
      isLive: input.isLive,
    },
  });
  try {
    return await provider.checkConnection();
  } catch {
    return {
      status: "failed",
      reason: `No pudimos conectar con ${providerNames[input.provider]}. Intenta de nuevo en unos minutos.`,
    };
  }
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
