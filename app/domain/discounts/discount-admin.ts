import "~/lib/validation";

import { z } from "zod";

import { limaDateOf, limaInstant } from "~/domain/bookings/slots";
import { formatLimaDateTime } from "~/domain/calendar/lima-time";
import { readClockInput, readDateInput } from "~/lib/date-input";
import { formatMoney } from "~/lib/money";
import { centsToInput, isChecked, parseSoles, parseWholeNumber } from "~/lib/parse";

import { type Discount, type DiscountKind, discountKinds, normalizeCouponCode } from "./discount-rules";

// The back office's discount form (/admin/descuentos, issue 44): its fields, its Spanish
// messages, and the stored discount back to what the form shows.

export const discountKindLabels: Record<DiscountKind, string> = {
  percent: "Porcentaje de los productos",
  amount: "Monto fijo",
  free_delivery: "Delivery gratis",
};

/** What it takes off, as the list and its page say it: '20 %', 'S/ 10.00', 'Delivery gratis'. */
export function describeDiscountValue(discount: Pick<Discount, "kind" | "percent" | "amountCents">): string {
  if (discount.kind === "percent") return `${discount.percent} %`;
  if (discount.kind === "amount") return formatMoney(discount.amountCents ?? 0);
  return discountKindLabels.free_delivery;
}

/** Whether a shopper can get it now ('Vigente', 'Hasta …') or why not ('Inactivo', 'Vencido', 'Agotado'). */
export function describeDiscountState(
  discount: Pick<Discount, "isActive" | "startsAt" | "endsAt" | "maxUses" | "usesCount">,
  now: number,
): { label: string; isLive: boolean } {
  if (!discount.isActive) return { label: "Inactivo", isLive: false };
  if (discount.startsAt && discount.startsAt.getTime() > now) {
    return { label: `Desde ${formatLimaDateTime(discount.startsAt)}`, isLive: false };
  }
  if (discount.endsAt && discount.endsAt.getTime() <= now) return { label: "Vencido", isLive: false };
  if (discount.maxUses !== null && discount.usesCount >= discount.maxUses) return { label: "Agotado", isLive: false };
  return { label: discount.endsAt ? `Hasta ${formatLimaDateTime(discount.endsAt)}` : "Vigente", isLive: true };
}

export const CODE_TAKEN_MESSAGE = "El código ya existe.";
export const DISCOUNT_NOT_FOUND_MESSAGE = "Descuento no encontrado.";
const CODE_FORMAT_MESSAGE = "El código debe tener de 3 a 30 letras sin tildes, números, '-' o '_'.";
const MAX_USES = 1_000_000;

/** The ids ticked in a group of check boxes, posted as 'familyIds' = '3,7' by the form. */
function readIds(raw: string | undefined): number[] {
  return [...new Set((raw ?? "").split(",").map(Number))].filter((id) => Number.isInteger(id) && id > 0).slice(0, 500);
}

const text = z.string().trim().default("");

const formShape = z.object({
  name: text,
  application: z.enum(["code", "automatic"]).catch("code"),
  code: text,
  kind: z.enum(discountKinds, { error: "Elige el tipo de descuento." }),
  percent: text,
  amount: text,
  minSubtotal: text,
  isFirstPurchaseOnly: z.string().optional(),
  startDate: text,
  startTime: text,
  endDate: text,
  endTime: text,
  maxUses: text,
  maxUsesPerCustomer: text,
  isCombinable: z.string().optional(),
  isActive: z.string().optional(),
  familyIds: text,
  categoryIds: text,
  brandIds: text,
  products: text,
});

export type DiscountInput = {
  name: string;
  code: string | null;
  kind: DiscountKind;
  percent: number | null;
  amountCents: number | null;
  minSubtotalCents: number;
  isFirstPurchaseOnly: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  isCombinable: boolean;
  isActive: boolean;
  familyIds: number[];
  categoryIds: number[];
  brandIds: number[];
  productIds: number[];
};

/** The form's discount before its products are looked up: their SKUs or names, as typed. */
export type DiscountFormInput = Omit<DiscountInput, "productIds"> & { productNames: string[] };

type Issue = (path: string, message: string) => void;

export const MAX_TARGET_PRODUCTS = 200;

/** The products box: one SKU or product name a line, blanks and repeats (any case) left out. */
export function readProductLines(raw: string): string[] {
  const seen = new Set<string>();
  return raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => {
      const key = line.toLowerCase();
      if (line === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A date and an optional time (default: the day's start, or its last minute for an end) in Lima. */
function readInstant(date: string, time: string, field: string, isEnd: boolean, issue: Issue): Date | null {
  if (date === "" && time === "") return null;
  const iso = readDateInput(date);
  if (!iso) {
    issue(field, "Escribe la fecha como dd/mm/aaaa.");
    return null;
  }
  const clock = time === "" ? (isEnd ? "23:59" : "00:00") : readClockInput(time);
  if (!clock || clock === "24:00") {
    issue(field, "Escribe la hora como hh:mm, de 00:00 a 23:59.");
    return null;
  }
  const [hours, minutes] = clock.split(":").map(Number);
  return limaInstant(iso, hours! * 60 + minutes!);
}

function readLimit(raw: string, field: string, issue: Issue): number | null {
  const value = parseWholeNumber(raw, { max: MAX_USES, empty: 0 });
  if (value === "invalid" || value === "too-high") {
    issue(field, `Escribe un número entero de 1 a ${MAX_USES.toLocaleString("es-PE")}, o déjalo vacío.`);
    return null;
  }
  return value === 0 ? null : value;
}

function readValue(form: z.output<typeof formShape>, issue: Issue): Pick<DiscountInput, "percent" | "amountCents"> {
  if (form.kind === "percent") {
    const percent = parseWholeNumber(form.percent, { max: 100, empty: 0 });
    if (typeof percent !== "number" || percent < 1) issue("percent", "El porcentaje debe estar entre 1 y 100.");
    return { percent: typeof percent === "number" ? percent : null, amountCents: null };
  }
  if (form.kind === "amount") {
    const amount = parseSoles(form.amount);
    if ("error" in amount) issue("amount", amount.error.replace("El precio", "El monto"));
    else if (amount.cents === 0) issue("amount", "Escribe el monto del descuento en soles (por ejemplo 10.00).");
    return { percent: null, amountCents: "cents" in amount ? amount.cents : null };
  }
  return { percent: null, amountCents: null };
}

export const discountFormSchema = formShape.transform((form, ctx): DiscountFormInput => {
  const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path: [path], message });
  if (form.name === "") issue("name", "El nombre es obligatorio.");
  else if (form.name.length > 80) issue("name", "El nombre puede tener hasta 80 caracteres.");
  const code = form.application === "code" ? normalizeCouponCode(form.code) : null;
  if (code === "") issue("code", "Escribe el código del cupón, o elige 'Automático'.");
  else if (code !== null && !/^[A-Z0-9_-]{3,30}$/.test(code)) issue("code", CODE_FORMAT_MESSAGE);
  const minimum = parseSoles(form.minSubtotal);
  if ("error" in minimum) issue("minSubtotal", minimum.error.replace("El precio", "El pedido mínimo"));
  const startsAt = readInstant(form.startDate, form.startTime, "startDate", false, issue);
  const endsAt = readInstant(form.endDate, form.endTime, "endDate", true, issue);
  if (startsAt && endsAt && endsAt <= startsAt) issue("endDate", "La fecha de fin debe ser posterior a la de inicio.");
  const productNames = readProductLines(form.products);
  if (productNames.length > MAX_TARGET_PRODUCTS) {
    issue(
      "products",
      `Puedes elegir hasta ${MAX_TARGET_PRODUCTS} productos. Si son más, elige su categoría o su marca.`,
    );
  }
  return {
    name: form.name,
    code: code || null,
    kind: form.kind,
    ...readValue(form, issue),
    minSubtotalCents: "cents" in minimum ? minimum.cents : 0,
    isFirstPurchaseOnly: isChecked(form.isFirstPurchaseOnly),
    startsAt,
    endsAt,
    maxUses: readLimit(form.maxUses, "maxUses", issue),
    maxUsesPerCustomer: readLimit(form.maxUsesPerCustomer, "maxUsesPerCustomer", issue),
    isCombinable: isChecked(form.isCombinable),
    isActive: isChecked(form.isActive),
    familyIds: readIds(form.familyIds),
    categoryIds: readIds(form.categoryIds),
    brandIds: readIds(form.brandIds),
    productNames,
  };
});

/** The form's values for a new discount: a coupon, active, combinable. */
export const NEW_DISCOUNT_VALUES: Record<string, string> = {
  application: "code",
  kind: "percent",
  isActive: "on",
  isCombinable: "on",
};

function limaClockOf(instant: Date): string {
  const minutes = Math.round((instant.getTime() - limaInstant(limaDateOf(instant), 0).getTime()) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * A stored discount as the form shows it (dates as 'YYYY-MM-DD' and times in Lima); its products
 * as `productLines` writes them (a SKU or a name a line, read from the catalogue).
 */
export function toDiscountFormValues(discount: DiscountInput, productLines: string[]): Record<string, string> {
  const on = (flag: boolean) => (flag ? "on" : "");
  return {
    name: discount.name,
    application: discount.code ? "code" : "automatic",
    code: discount.code ?? "",
    kind: discount.kind,
    percent: discount.percent === null ? "" : String(discount.percent),
    amount: centsToInput(discount.amountCents),
    minSubtotal: discount.minSubtotalCents > 0 ? centsToInput(discount.minSubtotalCents) : "",
    isFirstPurchaseOnly: on(discount.isFirstPurchaseOnly),
    startDate: discount.startsAt ? limaDateOf(discount.startsAt) : "",
    startTime: discount.startsAt ? limaClockOf(discount.startsAt) : "",
    endDate: discount.endsAt ? limaDateOf(discount.endsAt) : "",
    endTime: discount.endsAt ? limaClockOf(discount.endsAt) : "",
    maxUses: discount.maxUses === null ? "" : String(discount.maxUses),
    maxUsesPerCustomer: discount.maxUsesPerCustomer === null ? "" : String(discount.maxUsesPerCustomer),
    isCombinable: on(discount.isCombinable),
    isActive: on(discount.isActive),
    familyIds: discount.familyIds.join(","),
    categoryIds: discount.categoryIds.join(","),
    brandIds: discount.brandIds.join(","),
    products: productLines.join("\n"),
  };
}
