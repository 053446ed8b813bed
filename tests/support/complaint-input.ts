// A valid adult's complaint, through the book's own form parser, for the tests that file one.
import { type ComplaintInput, parseComplaintForm } from "~/domain/complaints/complaint-schema";

export function validComplaintInput(overrides: Record<string, string> = {}): ComplaintInput {
  const result = parseComplaintForm({
    fullName: "Lucía Ramos Quispe",
    documentType: "DNI",
    documentNumber: "71234567",
    phone: "987654321",
    email: "lucia@example.pe",
    address: "Calle Las Flores 123, Surco",
    isMinor: "",
    guardianFullName: "",
    guardianDocumentNumber: "",
    complaintType: "reclamo",
    productOrService: "",
    amount: "",
    description: "El producto llegó dañado.",
    request: "Cambio del producto.",
    acceptTerms: "on",
    ...overrides,
  });
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.data;
}
