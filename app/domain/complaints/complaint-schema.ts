// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { type ParseResult, parseWithSchema } from "~/lib/form-data";

import {
  type ComplaintFormValues,
  type ComplaintType,
  complaintTypes,
  type DocumentType,
  documentTypes,
  MAX_AMOUNT_CENTS,
  parseAmountToCents,
  TERMS_MESSAGE,
} from "./complaint";

/**
 * The Libro de Reclamaciones schema: the browser's instant feedback (loaded by the form on
 * first use, see complaint-form.tsx) and the action's final say.
 */

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

/**
 * Validates the form with the form kit's parse (lib/form-data.ts), in the browser (loaded on
 * first use) and in tests: the valid complaint, or the first Spanish message of each field.
 */
export function parseComplaintForm(values: ComplaintFormValues): ParseResult<ComplaintInput> {
  return parseWithSchema(complaintFormSchema, values);
}
