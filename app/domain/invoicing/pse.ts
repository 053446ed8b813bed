import type { DocumentKind } from "~/db/schema";

import type { DocumentAmounts } from "./igv";

// The one interface a PSE (proveedor de servicios electrónicos) implements (ADR 039): send a
// document, ask about one, check the connection. Nubefact today (nubefact.server.ts); another
// PSE, or SUNAT's own SEE with a signed UBL 2.1 XML, is one more file.

/** A document as the shop sends it: numbered, its amounts computed (igv.ts), in céntimos. */
export type PseDocument = DocumentAmounts & {
  kind: DocumentKind;
  series: string;
  number: number;
  /** The date of issue (Lima's calendar day is what the PSE is told). */
  issuedAt: Date;
  customer: {
    /** SUNAT's catálogo 06: '6' RUC, '1' DNI, '4' carné de extranjería, '-' none. */
    docType: string;
    docNumber: string;
    name: string;
    address: string;
    email: string;
  };
  /** A nota de crédito: the document it modifies and SUNAT's reason (catálogo 09). */
  modifies?: { kind: "boleta" | "factura"; series: string; number: number };
  creditReason?: string;
  creditReasonText?: string;
  /** The order's code, for the document's observations. */
  orderCode: string;
};

/** What SUNAT answered and where the PSE keeps the files. */
export type PseRecord = {
  sunatCode: string;
  sunatDescription: string;
  pdfUrl: string;
  xmlUrl: string;
  cdrUrl: string;
  qrText: string;
  hash: string;
};

export type PseAnswer =
  /** SUNAT accepted it. */
  | ({ status: "accepted" } & PseRecord)
  /** The PSE has it; SUNAT's answer is still to come (boletas go in the day's summary). */
  | ({ status: "sent" } & PseRecord)
  /** SUNAT rejected it: the number is spent; fixed, it is issued again under a new one. */
  | ({ status: "rejected" } & PseRecord)
  /** The PSE refused the data before SUNAT saw it: the number was not used. */
  | { status: "invalid"; message: string }
  /** The PSE already has a document with this series and number (a send whose answer was lost). */
  | { status: "exists" }
  /** Asked about a document, the PSE has none with that series and number. */
  | { status: "unknown" }
  /** No answer (network, 5xx, timeout, a token refused): try again later. */
  | { status: "unreachable"; message: string };

export type PseConnectionCheck = { status: "ok" } | { status: "failed"; reason: string };

export interface Pse {
  send(document: PseDocument): Promise<PseAnswer>;
  consult(kind: DocumentKind, series: string, number: number): Promise<PseAnswer>;
  checkConnection(): Promise<PseConnectionCheck>;
}
