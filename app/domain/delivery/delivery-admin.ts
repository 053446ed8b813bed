// The back office's form of a delivery district (/admin/configuracion/delivery).
import { z } from "zod";

import { isChecked, parseSoles } from "~/lib/parse";

const DISTRICT_REQUIRED_MESSAGE = "Escribe el nombre del distrito.";
const DISTRICT_TOO_LONG_MESSAGE = "El nombre del distrito admite hasta 60 caracteres.";
export const DISTRICT_TAKEN_MESSAGE = "Ese distrito ya está en la lista.";
export const FEE_REQUIRED_MESSAGE = "Escribe el costo de envío en soles (por ejemplo 8.00).";
const AMOUNT_POSITIVE_MESSAGE = "Escribe un monto mayor a 0, o déjalo vacío.";
export const FREE_BELOW_MINIMUM_MESSAGE = "El envío gratis debe empezar en el pedido mínimo o por encima de él.";

export type DeliveryZoneInput = {
  district: string;
  feeCents: number;
  minimumOrderCents: number | null;
  freeFromCents: number | null;
  isActive: boolean;
};

type AddIssue = (message: string, field: string) => void;

/** An optional amount: empty is none; otherwise soles above 0. */
function readOptionalAmount(raw: string | undefined, field: string, addIssue: AddIssue): number | null {
  if ((raw ?? "").trim() === "") return null;
  const parsed = parseSoles(raw);
  if ("error" in parsed) {
    addIssue(parsed.error, field);
    return null;
  }
  if (parsed.cents <= 0) addIssue(AMOUNT_POSITIVE_MESSAGE, field);
  return parsed.cents;
}

export const deliveryZoneSchema = z
  .object({
    district: z.string().optional(),
    fee: z.string().optional(),
    minimumOrder: z.string().optional(),
    freeFrom: z.string().optional(),
    isActive: z.string().optional(),
  })
  .transform((raw, ctx): DeliveryZoneInput => {
    const addIssue: AddIssue = (message, field) => ctx.addIssue({ code: "custom", message, path: [field] });
    const district = (raw.district ?? "").trim().replace(/\s+/g, " ");
    if (!district) addIssue(DISTRICT_REQUIRED_MESSAGE, "district");
    else if (district.length > 60) addIssue(DISTRICT_TOO_LONG_MESSAGE, "district");
    const fee = (raw.fee ?? "").trim() === "" ? { error: FEE_REQUIRED_MESSAGE } : parseSoles(raw.fee);
    if ("error" in fee) addIssue(fee.error, "fee");
    const minimumOrderCents = readOptionalAmount(raw.minimumOrder, "minimumOrder", addIssue);
    const freeFromCents = readOptionalAmount(raw.freeFrom, "freeFrom", addIssue);
    if (minimumOrderCents !== null && freeFromCents !== null && freeFromCents < minimumOrderCents) {
      addIssue(FREE_BELOW_MINIMUM_MESSAGE, "freeFrom");
    }
    return {
      district,
      feeCents: "cents" in fee ? fee.cents : 0,
      minimumOrderCents,
      freeFromCents,
      isActive: isChecked(raw.isActive),
    };
  });
