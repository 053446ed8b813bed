import path from "node:path";

import { eq } from "drizzle-orm";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { IMAGE_TOO_LARGE_MESSAGE } from "~/domain/media/image";
import { readPrivateImage, removePrivateImage, storePrivateImage } from "~/domain/media/image-upload.server";
import { type FormValues, readFormValues } from "~/lib/form-data";
import { readBodyWithLimit } from "~/lib/read-body.server";

import {
  checkReceiptOperation,
  MAX_RECEIPT_BODY_BYTES,
  RECEIPT_FIELDS,
  RECEIPT_MESSAGES,
  type ReceiptField,
  receiptRefusal,
} from "./order-page";

// 'Subir comprobante de pago' on the order page: the shopper's picture of the transfer and/or
// its operation number. The picture passes the back office's checks (a real image, 5 MB at
// most, re-encoded without its metadata) but is private: it is written under receipts/ in the
// file storage ($DATA_DIR/receipts or the bucket), which nothing serves, and read back only
// through the order's own address (/pedido/{code}/comprobante) for its owner or an administrator.

/** Where the receipts are on this server's disk when no bucket is configured. */
export function getReceiptsDir(): string {
  return path.join(readConfig().dataDir, "receipts");
}

export type ReceiptSubmission = { image: Uint8Array | null; operation: string };

export type ReceiptFormReading =
  | { ok: true; submission: ReceiptSubmission; values: FormValues }
  | { ok: false; errors: Partial<Record<ReceiptField, string>>; values: FormValues; status: number };

/**
 * Reads the posted multipart form, at most MAX_RECEIPT_BODY_BYTES (a larger body is refused
 * before it is kept), and checks it: an image and/or a valid operation number. What was
 * typed comes back in `values` either way, so a refusal loses nothing.
 */
export async function readReceiptForm(request: Request): Promise<ReceiptFormReading> {
  const bytes = await readBodyWithLimit(request, MAX_RECEIPT_BODY_BYTES);
  if (!bytes) return { ok: false, errors: { image: IMAGE_TOO_LARGE_MESSAGE }, values: {}, status: 413 };
  const headers = { "Content-Type": request.headers.get("Content-Type") ?? "" };
  const form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers }).formData().catch(() => null);
  if (!form) return { ok: false, errors: { image: RECEIPT_MESSAGES.unreadable }, values: {}, status: 400 };
  const all = readFormValues(form);
  const values: FormValues = { [RECEIPT_FIELDS.operation]: all[RECEIPT_FIELDS.operation] ?? "" };
  const operation = checkReceiptOperation(values[RECEIPT_FIELDS.operation]!);
  if (!operation.ok) return { ok: false, errors: { operation: operation.message }, values, status: 400 };
  const file = form.get(RECEIPT_FIELDS.image);
  const image = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  if (!image && !operation.value)
    return { ok: false, errors: { image: RECEIPT_MESSAGES.missing }, values, status: 400 };
  return { ok: true, submission: { image, operation: operation.value }, values };
}

export type ReceiptOutcome =
  | { status: "received" }
  | { status: "refused"; message: string }
  | { status: "invalid-image"; message: string; httpStatus: number }
  | { status: "unknown" };

function removeReceiptFile(fileName: string): Promise<void> {
  return removePrivateImage("receipts", fileName);
}

async function readReceiptState(orderId: number) {
  const [order] = await getDb()
    .select({ status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/**
 * Stores a receipt for an order still waiting for its payment (not paid, delivered or
 * cancelled). A new picture replaces the previous one, whose file is deleted; an empty part
 * keeps what was sent before (a shopper may send the picture first and the number later).
 */
export async function savePaymentReceipt(orderId: number, submission: ReceiptSubmission): Promise<ReceiptOutcome> {
  const before = await readReceiptState(orderId);
  if (!before) return { status: "unknown" };
  const early = receiptRefusal(before.status, before.paidAt !== null);
  // Refused before the picture costs any work.
  if (early) return { status: "refused", message: early };

  let fileName: string | null = null;
  if (submission.image) {
    const stored = await storePrivateImage(submission.image, "receipts");
    if (!stored.ok) return { status: "invalid-image", message: stored.message, httpStatus: stored.status };
    fileName = stored.fileName;
  }
  const outcome = await recordReceipt(orderId, fileName, submission.operation).catch(async (error: unknown) => {
    if (fileName) await removeReceiptFile(fileName);
    throw error;
  });
  if (outcome.status !== "received") {
    if (fileName) await removeReceiptFile(fileName);
    return outcome;
  }
  if (outcome.replaced) await removeReceiptFile(outcome.replaced);
  return { status: "received" };
}

/** The row is locked while it is checked and written: the owner marking it paid meanwhile wins or waits. */
async function recordReceipt(
  orderId: number,
  fileName: string | null,
  operation: string,
): Promise<{ status: "received"; replaced: string | null } | Exclude<ReceiptOutcome, { status: "received" }>> {
  return getDb().transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, paidAt: orders.paidAt, receiptImage: orders.receiptImage })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return { status: "unknown" };
    const refusal = receiptRefusal(order.status, order.paidAt !== null);
    if (refusal) return { status: "refused", message: refusal };
    await tx
      .update(orders)
      .set({
        ...(fileName ? { receiptImage: fileName } : {}),
        ...(operation ? { receiptOperation: operation } : {}),
        receiptUploadedAt: new Date(),
      })
      .where(eq(orders.id, orderId));
    return { status: "received", replaced: fileName && order.receiptImage !== fileName ? order.receiptImage : null };
  });
}

/** A stored receipt's bytes and the type they really are; null when the name or the file is not one. */
export function readReceiptImage(fileName: string | null) {
  return readPrivateImage("receipts", fileName);
}
