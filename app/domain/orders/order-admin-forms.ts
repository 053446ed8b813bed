import "~/lib/validation";

import { z } from "zod";

import type { OrderStatus } from "~/db/schema";
import { parseSoles } from "~/lib/parse";

import { CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_TOO_LONG_MESSAGE, isOrderStatus } from "./order-admin";

// The order detail's two forms: a status change (with the reason of a cancellation) and
// 'Marcar como pagado'. Parsed in the action with parseForm; the Spanish messages sit beside
// the fields.

export const INVALID_ACTION_MESSAGE = "Acción no válida.";
export const PAYMENT_METHOD_REQUIRED_MESSAGE = "Escribe el método de pago (por ejemplo Yape).";
const PAYMENT_METHOD_TOO_LONG_MESSAGE = "El método de pago admite hasta 60 caracteres.";
const PAID_AMOUNT_REQUIRED_MESSAGE = "Escribe el monto recibido en soles (por ejemplo 60.00).";
export const PAID_AMOUNT_POSITIVE_MESSAGE = "El monto recibido debe ser mayor a S/ 0.00.";
export const OPERATION_MAX_LENGTH = 40;
const OPERATION_TOO_LONG_MESSAGE = `El número de operación admite hasta ${OPERATION_MAX_LENGTH} caracteres.`;

/** The status the admin saw ('from'): anything else is no expectation at all. */
const seenStatus = z
  .string()
  .optional()
  .transform((value) => (isOrderStatus(value) ? value : undefined));

export const statusFormSchema = z.object({
  status: z.custom<OrderStatus>((value) => isOrderStatus(value), INVALID_ACTION_MESSAGE),
  from: seenStatus,
  cancelReason: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_TOO_LONG_MESSAGE)),
});

/** What 'Marcar como pagado' records. */
export type PaymentInput = { methodName: string; amountCents: number; operation: string };

export const paymentFormSchema = z
  .object({
    from: seenStatus,
    paidMethodName: z.string().optional(),
    paidAmount: z.string().optional(),
    paidOperation: z.string().optional(),
  })
  .transform((raw, ctx) => {
    const addIssue = (message: string, field: string) => ctx.addIssue({ code: "custom", message, path: [field] });
    const methodName = (raw.paidMethodName ?? "").trim().replace(/\s+/g, " ");
    if (!methodName) addIssue(PAYMENT_METHOD_REQUIRED_MESSAGE, "paidMethodName");
    else if (methodName.length > 60) addIssue(PAYMENT_METHOD_TOO_LONG_MESSAGE, "paidMethodName");
    const amount =
      (raw.paidAmount ?? "").trim() === "" ? { error: PAID_AMOUNT_REQUIRED_MESSAGE } : parseSoles(raw.paidAmount);
    if ("error" in amount) addIssue(amount.error, "paidAmount");
    else if (amount.cents <= 0) addIssue(PAID_AMOUNT_POSITIVE_MESSAGE, "paidAmount");
    const operation = (raw.paidOperation ?? "").trim();
    if (operation.length > OPERATION_MAX_LENGTH) addIssue(OPERATION_TOO_LONG_MESSAGE, "paidOperation");
    const payment: PaymentInput = {
      methodName,
      amountCents: "cents" in amount ? amount.cents : 0,
      operation,
    };
    return { from: raw.from, payment };
  });
