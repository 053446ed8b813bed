import { describe, expect, test } from "vitest";

import { complaintTypes as storedComplaintTypes, documentTypes as storedDocumentTypes } from "~/db/schema/complaints";

import {
  type ComplaintFormValues,
  complaintTypes,
  documentTypes,
  formatComplaintCode,
  parseAmountToCents,
  readComplaintForm,
} from "./complaint";
import { parseComplaintForm } from "./complaint-schema";

const validForm: ComplaintFormValues = {
  fullName: "María Quispe Huamán",
  documentType: "DNI",
  documentNumber: "45678912",
  phone: "+51 987 654 321",
  email: "maria@example.pe",
  address: "Jr. Los Pinos 456, Miraflores, Lima",
  isMinor: "",
  guardianFullName: "",
  guardianDocumentNumber: "",
  complaintType: "reclamo",
  productOrService: "Alimento para gato 3 kg",
  amount: "59.90",
  description: "El saco llegó roto.",
  request: "Cambio del producto.",
  acceptTerms: "on",
};

function errorsOf(overrides: Partial<ComplaintFormValues>) {
  const result = parseComplaintForm({ ...validForm, ...overrides });
  return result.success ? {} : result.errors;
}

describe("the complaint form", () => {
  test("a complete form gives the values to store, amount in céntimos", () => {
    const result = parseComplaintForm(validForm);
    expect(result).toEqual({
      success: true,
      data: {
        fullName: "María Quispe Huamán",
        documentType: "DNI",
        documentNumber: "45678912",
        phone: "+51 987 654 321",
        email: "maria@example.pe",
        address: "Jr. Los Pinos 456, Miraflores, Lima",
        isMinor: false,
        guardianFullName: null,
        guardianDocumentNumber: null,
        complaintType: "reclamo",
        productOrService: "Alimento para gato 3 kg",
        amountCents: 5990,
        description: "El saco llegó roto.",
        request: "Cambio del producto.",
      },
    });
  });

  test("each required field has its Spanish message; whitespace counts as empty", () => {
    const errors = errorsOf({
      fullName: "  ",
      documentType: "",
      documentNumber: "",
      phone: "",
      email: "",
      address: "",
      description: " ",
      request: "",
      complaintType: "",
    });
    expect(errors).toEqual({
      fullName: "Ingresa tu nombre completo.",
      documentType: "Elige el tipo de documento.",
      documentNumber: "Ingresa tu número de documento.",
      phone: "Ingresa tu teléfono.",
      email: "Ingresa tu correo electrónico.",
      address: "Ingresa tu dirección.",
      complaintType: "Elige si es un reclamo o una queja.",
      description: "Describe el detalle de tu reclamo o queja.",
      request: "Indica cuál es tu pedido.",
    });
  });

  test("the product or service and the amount are optional", () => {
    const result = parseComplaintForm({ ...validForm, productOrService: "", amount: "" });
    expect(result.success && result.data).toMatchObject({ productOrService: "", amountCents: null });
  });

  test("terms must be accepted", () => {
    expect(errorsOf({ acceptTerms: "" })).toEqual({
      acceptTerms: "Debes aceptar los términos y condiciones.",
    });
  });

  test("guardian fields are required only when the consumer is a minor", () => {
    expect(errorsOf({ isMinor: "on" })).toEqual({
      guardianFullName: "Ingresa el nombre completo del padre, madre o apoderado.",
      guardianDocumentNumber: "Ingresa el número de documento del padre, madre o apoderado.",
    });
    const minor = parseComplaintForm({
      ...validForm,
      isMinor: "on",
      guardianFullName: "Rosa Huamán Torres",
      guardianDocumentNumber: "40123456",
    });
    expect(minor.success && minor.data).toMatchObject({
      isMinor: true,
      guardianFullName: "Rosa Huamán Torres",
      guardianDocumentNumber: "40123456",
    });
    // Typed, then the box unticked: not a minor, so nothing of it is kept.
    const adult = parseComplaintForm({ ...validForm, guardianFullName: "Rosa", guardianDocumentNumber: "1" });
    expect(adult.success && adult.data).toMatchObject({ guardianFullName: null, guardianDocumentNumber: null });
  });

  test("guardian errors are reported together with the other fields' errors", () => {
    expect(errorsOf({ isMinor: "on", fullName: "", documentType: "Otro" })).toEqual({
      fullName: "Ingresa tu nombre completo.",
      documentType: "Elige el tipo de documento.",
      guardianFullName: "Ingresa el nombre completo del padre, madre o apoderado.",
      guardianDocumentNumber: "Ingresa el número de documento del padre, madre o apoderado.",
    });
  });

  test("document numbers follow their type", () => {
    expect(errorsOf({ documentNumber: "1234567" })).toEqual({
      documentNumber: "El DNI debe tener 8 dígitos.",
    });
    expect(errorsOf({ documentType: "CE", documentNumber: "001234567" })).toEqual({});
    expect(errorsOf({ documentType: "Pasaporte", documentNumber: "AB-12" })).toEqual({
      documentNumber: "El pasaporte debe tener entre 5 y 20 letras o números.",
    });
  });

  test("e-mail, phone and amount must be well formed", () => {
    expect(errorsOf({ email: "maria@", phone: "llámame", amount: "-5" })).toEqual({
      email: "Ingresa un correo electrónico válido, por ejemplo nombre@correo.com.",
      phone: "Ingresa un teléfono válido: solo números, espacios, +, - o paréntesis.",
      amount: "Ingresa un monto válido en soles, por ejemplo 59.90.",
    });
    expect(errorsOf({ amount: "12.345" })).toHaveProperty("amount");
    expect(errorsOf({ amount: "1000000.01" })).toHaveProperty("amount");
  });

  test("amounts become exact céntimos", () => {
    expect(parseAmountToCents("59.9")).toBe(5990);
    expect(parseAmountToCents("0,05")).toBe(5);
    expect(parseAmountToCents("1000000")).toBe(100_000_000);
    expect(parseAmountToCents("0.1")).toBe(10);
    expect(parseAmountToCents("abc")).toBeNull();
  });

  test("reads a form whose unticked boxes are absent", () => {
    const formData = new FormData();
    formData.set("fullName", "Ana");
    expect(readComplaintForm(formData)).toMatchObject({ fullName: "Ana", isMinor: "", acceptTerms: "" });
  });

  test("the correlative code is the year and six digits", () => {
    expect(formatComplaintCode(2026, 1)).toBe("2026-000001");
    expect(formatComplaintCode(2026, 123456)).toBe("2026-123456");
  });

  test("its enums are the database's", () => {
    expect(documentTypes).toEqual(storedDocumentTypes);
    expect(complaintTypes).toEqual(storedComplaintTypes);
  });
});
