/**
 * The Libro de Reclamaciones form: its fields, labels and legends, without zod, so that the
 * page's first load stays small. The schema (`complaint-schema.ts`) gives the browser's
 * instant feedback, loaded when the shopper first touches the form, and the action's final
 * say. Browser-safe (no database import): the enums repeat the database's, and
 * complaint.test.ts keeps them equal.
 */

export const documentTypes = ["DNI", "CE", "Pasaporte"] as const;
export type DocumentType = (typeof documentTypes)[number];
export const complaintTypes = ["reclamo", "queja"] as const;
export type ComplaintType = (typeof complaintTypes)[number];

export const documentTypeLabels: Record<DocumentType, string> = {
  DNI: "DNI",
  CE: "Carné de Extranjería (CE)",
  Pasaporte: "Pasaporte",
};

export const complaintTypeLabels: Record<ComplaintType, string> = {
  reclamo: "Reclamo",
  queja: "Queja",
};

/** Código de Protección y Defensa del Consumidor (Ley 29571), art. 24. */
export const RESPONSE_BUSINESS_DAYS = 15;
export const RESPONSE_DEADLINE_LEGEND =
  "El proveedor deberá dar respuesta al reclamo o queja en un plazo no mayor a quince (15) días hábiles improrrogables.";
export const CONSUMER_AUTHORITY_LEGEND =
  "La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.";
export const COMPLAINT_TYPE_EXPLANATIONS: Record<ComplaintType, string> = {
  reclamo: "Disconformidad relacionada a los productos o servicios.",
  queja:
    "Disconformidad no relacionada a los productos o servicios; o malestar o descontento respecto a la atención al público.",
};
export const TERMS_MESSAGE = "Debes aceptar los términos y condiciones.";
export const MAX_AMOUNT_CENTS = 100_000_000;

const fieldNames = [
  "fullName",
  "documentType",
  "documentNumber",
  "phone",
  "email",
  "address",
  "isMinor",
  "guardianFullName",
  "guardianDocumentNumber",
  "complaintType",
  "productOrService",
  "amount",
  "description",
  "request",
  "acceptTerms",
] as const;
export type ComplaintField = (typeof fieldNames)[number];
export type ComplaintFormValues = Record<ComplaintField, string>;
export type ComplaintErrors = Partial<Record<ComplaintField, string>>;

/** '59.90' or '59,9' soles -> céntimos; '' -> null. Exact: no floating point. */
export function parseAmountToCents(value: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The form's fields as strings; a missing field (an unticked box) is ''. */
export function readComplaintForm(formData: FormData): ComplaintFormValues {
  const values = {} as ComplaintFormValues;
  for (const name of fieldNames) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The correlative code of the book: year and a six-digit sequence, '2026-000001'. */
export function formatComplaintCode(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}
