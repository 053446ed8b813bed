// The data a Peruvian shop needs to issue the comprobante of an order (issue 24): a boleta
// (the buyer's DNI or carné de extranjería, optional) or a factura (RUC, razón social and
// dirección fiscal). Pure rules, no zod: the checkout's form reads them in the browser too.

export const RUC_LENGTH_MESSAGE = "El RUC debe tener 11 dígitos.";
export const RUC_INVALID_MESSAGE = "El RUC no es válido.";
export const RAZON_SOCIAL_MESSAGE = "La razón social es obligatoria para factura.";
export const DIRECCION_FISCAL_MESSAGE = "La dirección fiscal es obligatoria para factura.";
export const IDENTITY_DOCUMENT_MESSAGE =
  "Escribe tu DNI (8 dígitos) o tu carné de extranjería (9 a 12 letras o números).";

const MAX_RAZON_SOCIAL = 200;
const MAX_DIRECCION_FISCAL = 300;

/** SUNAT's weights for the RUC's first ten digits (módulo 11). */
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The RUC's check digit from its first ten digits: 11 − (Σ dᵢ·wᵢ mod 11), 10 → 0 and 11 → 1. */
export function rucCheckDigit(firstTen: string): number {
  const sum = RUC_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstTen[index]), 0);
  const digit = 11 - (sum % 11);
  return digit === 10 ? 0 : digit === 11 ? 1 : digit;
}

/** Spaces, dots and dashes people type inside numbers ('20 131 312 955', '20-13131295-5'). */
function compact(raw: string): string {
  return raw.replace(/[\s.-]/g, "");
}

/**
 * A RUC as the owner can issue a factura to it: 11 digits, starting with 10 (a person with a
 * business) or 20 (a company), and SUNAT's check digit.
 */
export function readRuc(raw: string): { ruc: string } | { error: string } {
  const ruc = compact(raw);
  if (!/^\d{11}$/.test(ruc)) return { error: RUC_LENGTH_MESSAGE };
  if (!/^(10|20)/.test(ruc) || rucCheckDigit(ruc.slice(0, 10)) !== Number(ruc[10])) {
    return { error: RUC_INVALID_MESSAGE };
  }
  return { ruc };
}

export type IdentityDocument = { type: "dni" | "ce"; number: string };

/**
 * The boleta's optional document: empty is none; 8 digits a DNI; 9 to 12 letters or digits a
 * carné de extranjería (upper-cased).
 */
export function readIdentityDocument(raw: string): { document: IdentityDocument | null } | { error: string } {
  const value = compact(raw).toUpperCase();
  if (value === "") return { document: null };
  if (/^\d{8}$/.test(value)) return { document: { type: "dni", number: value } };
  if (/^[A-Z0-9]{9,12}$/.test(value)) return { document: { type: "ce", number: value } };
  return { error: IDENTITY_DOCUMENT_MESSAGE };
}

export type Comprobante =
  | { kind: "boleta"; document: IdentityDocument | null }
  | { kind: "factura"; ruc: string; razonSocial: string; direccionFiscal: string };

type ComprobanteFields = {
  comprobante?: string | undefined;
  documento?: string | undefined;
  ruc?: string | undefined;
  razonSocial?: string | undefined;
  direccionFiscal?: string | undefined;
};

/**
 * The checkout's 'Comprobante' fields read: the comprobante, or the Spanish message of each
 * field that is wrong (by field name). A boleta is the default.
 */
export function readComprobante(
  fields: ComprobanteFields,
): { comprobante: Comprobante } | { errors: Partial<Record<keyof ComprobanteFields, string>> } {
  if (fields.comprobante !== "factura") {
    const read = readIdentityDocument(fields.documento ?? "");
    return "error" in read ? { errors: { documento: read.error } } : { comprobante: { kind: "boleta", ...read } };
  }
  const errors: Partial<Record<keyof ComprobanteFields, string>> = {};
  const ruc = readRuc(fields.ruc ?? "");
  if ("error" in ruc) errors.ruc = ruc.error;
  const razonSocial = (fields.razonSocial ?? "").trim().replace(/\s+/g, " ");
  if (!razonSocial || razonSocial.length > MAX_RAZON_SOCIAL) errors.razonSocial = RAZON_SOCIAL_MESSAGE;
  const direccionFiscal = (fields.direccionFiscal ?? "").trim().replace(/\s+/g, " ");
  if (!direccionFiscal || direccionFiscal.length > MAX_DIRECCION_FISCAL)
    errors.direccionFiscal = DIRECCION_FISCAL_MESSAGE;
  if ("error" in ruc || Object.keys(errors).length > 0) return { errors };
  return { comprobante: { kind: "factura", ruc: ruc.ruc, razonSocial, direccionFiscal } };
}

/** An order's comprobante as the shopper reads it: on the order's page and in its WhatsApp message. */
export type ComprobanteSummary =
  { kind: "boleta"; document: string } | { kind: "factura"; ruc: string; businessName: string; fiscalAddress: string };

/** The comprobante's columns of a stored order (order-store.server.ts writes them). */
type StoredComprobante = {
  comprobante: "boleta" | "factura" | null;
  documentType: "dni" | "ce" | "ruc" | null;
  documentNumber: string;
  businessName: string;
  fiscalAddress: string;
};

/**
 * A stored order's comprobante: the factura's data, or a boleta with its document ('DNI
 * 45678912', '' without one); null for an order placed before the comprobante was asked.
 */
export function summarizeComprobante(order: StoredComprobante): ComprobanteSummary | null {
  if (order.comprobante === "factura") {
    return {
      kind: "factura",
      ruc: order.documentNumber,
      businessName: order.businessName,
      fiscalAddress: order.fiscalAddress,
    };
  }
  if (order.comprobante !== "boleta") return null;
  const documentLabel = order.documentType === "dni" ? "DNI" : order.documentType === "ce" ? "CE" : null;
  return {
    kind: "boleta",
    document: documentLabel && order.documentNumber ? `${documentLabel} ${order.documentNumber}` : "",
  };
}
