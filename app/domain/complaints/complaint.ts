import { z } from "zod";
// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";
import { findNulCharacters } from "~/lib/form-data";

/**
 * The Libro de Reclamaciones form: one schema for the browser's instant feedback and
 * the action's final say. Browser-safe (no database import): the enums repeat the
 * database's, and complaint.test.ts keeps them equal.
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
const MAX_AMOUNT_CENTS = 100_000_000;

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

function isOneOf<T extends string>(values: readonly T[]) {
  return (value: string): value is T => (values as readonly string[]).includes(value);
}

function requiredText(message: string, max: number) {
  return z.string().trim().min(1, message).max(max, `Máximo ${max} caracteres.`);
}

function optionalText(max: number) {
  return z.string().trim().max(max, `Máximo ${max} caracteres.`);
}

const checkbox = z.string().transform((value) => value === "on");

const documentNumberRules: Record<DocumentType, { pattern: RegExp; message: string }> = {
  DNI: { pattern: /^\d{8}$/, message: "El DNI debe tener 8 dígitos." },
  CE: {
    pattern: /^[A-Za-z0-9]{6,12}$/,
    message: "El carné de extranjería debe tener entre 6 y 12 letras o números.",
  },
  Pasaporte: {
    pattern: /^[A-Za-z0-9]{5,20}$/,
    message: "El pasaporte debe tener entre 5 y 20 letras o números.",
  },
};

/** '59.90' or '59,9' soles -> céntimos; '' -> null. Exact: no floating point. */
export function parseAmountToCents(value: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const amountSchema = z
  .string()
  .trim()
  .refine((value) => {
    if (value === "") return true;
    const cents = parseAmountToCents(value);
    return cents !== null && cents <= MAX_AMOUNT_CENTS;
  }, "Ingresa un monto válido en soles, por ejemplo 59.90.")
  .transform((value) => (value === "" ? null : parseAmountToCents(value)));

export const complaintFormSchema = z
  .object({
    fullName: requiredText("Ingresa tu nombre completo.", 150),
    documentType: z.string().refine(isOneOf(documentTypes), "Elige el tipo de documento."),
    documentNumber: requiredText("Ingresa tu número de documento.", 20),
    phone: requiredText("Ingresa tu teléfono.", 20).regex(
      /^\+?[\d\s()-]{6,20}$/,
      "Ingresa un teléfono válido: solo números, espacios, +, - o paréntesis.",
    ),
    email: requiredText("Ingresa tu correo electrónico.", 254).pipe(
      z.email("Ingresa un correo electrónico válido, por ejemplo nombre@correo.com."),
    ),
    address: requiredText("Ingresa tu dirección.", 250),
    isMinor: checkbox,
    guardianFullName: optionalText(150),
    guardianDocumentNumber: optionalText(20),
    complaintType: z.string().refine(isOneOf(complaintTypes), "Elige si es un reclamo o una queja."),
    productOrService: optionalText(200),
    amount: amountSchema,
    description: requiredText("Describe el detalle de tu reclamo o queja.", 5000),
    request: requiredText("Indica cuál es tu pedido.", 2000),
    acceptTerms: checkbox.refine((isAccepted) => isAccepted, TERMS_MESSAGE),
  })
  .superRefine((form, context) => {
    const rule = isOneOf(documentTypes)(form.documentType) ? documentNumberRules[form.documentType] : null;
    if (rule && form.documentNumber !== "" && !rule.pattern.test(form.documentNumber)) {
      context.addIssue({ code: "custom", path: ["documentNumber"], message: rule.message });
    }
    if (!form.isMinor) return;
    if (form.guardianFullName === "") {
      context.addIssue({
        code: "custom",
        path: ["guardianFullName"],
        message: "Ingresa el nombre completo del padre, madre o apoderado.",
      });
    }
    if (form.guardianDocumentNumber === "") {
      context.addIssue({
        code: "custom",
        path: ["guardianDocumentNumber"],
        message: "Ingresa el número de documento del padre, madre o apoderado.",
      });
    } else if (!/^[A-Za-z0-9]{5,20}$/.test(form.guardianDocumentNumber)) {
      context.addIssue({
        code: "custom",
        path: ["guardianDocumentNumber"],
        message: "El documento debe tener entre 5 y 20 letras o números.",
      });
    }
  })
  .transform(({ amount, acceptTerms: _accepted, ...form }) => ({
    fullName: form.fullName,
    documentType: form.documentType as DocumentType,
    documentNumber: form.documentNumber.toUpperCase(),
    phone: form.phone,
    email: form.email,
    address: form.address,
    isMinor: form.isMinor,
    // Guardian data typed before unticking the box is not the consumer's to keep.
    guardianFullName: form.isMinor ? form.guardianFullName : null,
    guardianDocumentNumber: form.isMinor ? form.guardianDocumentNumber.toUpperCase() : null,
    complaintType: form.complaintType as ComplaintType,
    productOrService: form.productOrService,
    amountCents: amount,
    description: form.description,
    request: form.request,
  }));

export type ComplaintInput = z.output<typeof complaintFormSchema>;

/** The form's fields as strings; a missing field (an unticked box) is ''. */
export function readComplaintForm(formData: FormData): ComplaintFormValues {
  const values = {} as ComplaintFormValues;
  for (const name of fieldNames) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

export type ComplaintParseResult =
  | { success: true; data: ComplaintInput }
  | { success: false; errors: ComplaintErrors };

/** Validates the form; on failure, the first Spanish message of each field. */
export function parseComplaintForm(values: ComplaintFormValues): ComplaintParseResult {
  const nul = findNulCharacters(values);
  if (Object.keys(nul).length > 0) return { success: false, errors: nul };
  const result = complaintFormSchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: ComplaintErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ComplaintField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/** The correlative code of the book: year and a six-digit sequence, '2026-000001'. */
export function formatComplaintCode(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}
