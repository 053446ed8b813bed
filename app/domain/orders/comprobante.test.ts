import { describe, expect, test } from "vitest";

import {
  DIRECCION_FISCAL_MESSAGE,
  IDENTITY_DOCUMENT_MESSAGE,
  RAZON_SOCIAL_MESSAGE,
  readComprobante,
  readIdentityDocument,
  readRuc,
  RUC_INVALID_MESSAGE,
  RUC_LENGTH_MESSAGE,
  rucCheckDigit,
} from "./comprobante";

describe("RUC", () => {
  test("real RUCs pass SUNAT's check digit (SUNAT, BCP, Supermercados Peruanos)", () => {
    for (const ruc of ["20131312955", "20100047218", "20100070970", "20512528458"]) {
      expect(readRuc(ruc)).toEqual({ ruc });
    }
    expect(rucCheckDigit("2013131295")).toBe(5);
  });

  test("typed with spaces, dots or dashes it still reads", () => {
    expect(readRuc(" 20-13131295-5 ")).toEqual({ ruc: "20131312955" });
    expect(readRuc("20.131.312.955")).toEqual({ ruc: "20131312955" });
  });

  test("a wrong check digit, a wrong prefix or a wrong length is refused in Spanish", () => {
    expect(readRuc("20131312954")).toEqual({ error: RUC_INVALID_MESSAGE });
    expect(readRuc("20100047211")).toEqual({ error: RUC_INVALID_MESSAGE });
    // Right check digit, but neither a person (10) nor a company (20).
    const firstTen = "3013131295";
    expect(readRuc(`${firstTen}${rucCheckDigit(firstTen)}`)).toEqual({ error: RUC_INVALID_MESSAGE });
    expect(readRuc("2013131295")).toEqual({ error: RUC_LENGTH_MESSAGE });
    expect(readRuc("201313129555")).toEqual({ error: RUC_LENGTH_MESSAGE });
    expect(readRuc("2013131295A")).toEqual({ error: RUC_LENGTH_MESSAGE });
    expect(readRuc("")).toEqual({ error: RUC_LENGTH_MESSAGE });
  });

  test("the check digit maps 10 to 0 and 11 to 1", () => {
    // Every ten-digit start with a computed digit reads back as valid.
    for (const firstTen of ["1046881344", "2060103001", "1000000000", "2000000000", "1012345678"]) {
      const ruc = `${firstTen}${rucCheckDigit(firstTen)}`;
      expect(readRuc(ruc), ruc).toEqual({ ruc });
      expect(rucCheckDigit(firstTen)).toBeLessThan(10);
    }
  });
});

describe("DNI and carné de extranjería", () => {
  test("8 digits are a DNI, 9 to 12 letters or digits a CE, nothing is none", () => {
    expect(readIdentityDocument("45678912")).toEqual({ document: { type: "dni", number: "45678912" } });
    expect(readIdentityDocument("001234567")).toEqual({ document: { type: "ce", number: "001234567" } });
    expect(readIdentityDocument("ab12345cd")).toEqual({ document: { type: "ce", number: "AB12345CD" } });
    expect(readIdentityDocument("  ")).toEqual({ document: null });
  });

  test("anything else is refused in Spanish", () => {
    for (const raw of ["1234567", "1234567890123", "4567891Ñ", "<b>12345678</b>", "1234-567_8"]) {
      expect(readIdentityDocument(raw), raw).toEqual({ error: IDENTITY_DOCUMENT_MESSAGE });
    }
  });
});

describe("the checkout's comprobante", () => {
  test("a boleta is the default, with or without a document", () => {
    expect(readComprobante({})).toEqual({ comprobante: { kind: "boleta", document: null } });
    expect(readComprobante({ comprobante: "boleta", documento: "45678912" })).toEqual({
      comprobante: { kind: "boleta", document: { type: "dni", number: "45678912" } },
    });
    expect(readComprobante({ comprobante: "boleta", documento: "12" })).toEqual({
      errors: { documento: IDENTITY_DOCUMENT_MESSAGE },
    });
  });

  test("a factura needs a valid RUC, the razón social and the dirección fiscal, each said beside its field", () => {
    expect(
      readComprobante({
        comprobante: "factura",
        ruc: "20131312955",
        razonSocial: "  Superintendencia   Nacional de Aduanas ",
        direccionFiscal: "Av. Garcilaso de la Vega 1472, Lima",
      }),
    ).toEqual({
      comprobante: {
        kind: "factura",
        ruc: "20131312955",
        razonSocial: "Superintendencia Nacional de Aduanas",
        direccionFiscal: "Av. Garcilaso de la Vega 1472, Lima",
      },
    });
    expect(readComprobante({ comprobante: "factura", ruc: "123", razonSocial: "", direccionFiscal: " " })).toEqual({
      errors: {
        ruc: RUC_LENGTH_MESSAGE,
        razonSocial: RAZON_SOCIAL_MESSAGE,
        direccionFiscal: DIRECCION_FISCAL_MESSAGE,
      },
    });
    expect(
      readComprobante({ comprobante: "factura", ruc: "20131312954", razonSocial: "X", direccionFiscal: "Y" }),
    ).toEqual({ errors: { ruc: RUC_INVALID_MESSAGE } });
  });
});
