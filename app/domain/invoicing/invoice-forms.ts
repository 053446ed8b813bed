import type { Comprobante } from "~/domain/orders/comprobante";
import type { ToastMessage } from "~/lib/toast";

// The order detail's 'Comprobante electrónico' card (issue 46): its messages, and the buyer's
// data as corrected there, to the order's columns.

export const INVOICING_NOT_CONFIGURED_MESSAGE =
  "Configura Comprobantes electrónicos (la ruta y el token de Nubefact) para emitir comprobantes.";
export const INVOICE_NOT_PAID_MESSAGE = "Solo se emite el comprobante de un pedido pagado y no cancelado.";
export const BUYER_DOCUMENT_REQUIRED_MESSAGE =
  "Una boleta de más de S/ 700 debe indicar el DNI o carné de extranjería del comprador.";

/** What the owner reads after the button, by what the PSE answered. */
export function invoiceToast(documentStatus: string | null): ToastMessage {
  switch (documentStatus) {
    case "accepted":
      return { title: "Comprobante Emitido", description: "SUNAT aceptó el comprobante." };
    case "sent":
      return { title: "Comprobante Enviado", description: "Nubefact lo recibió; SUNAT lo confirmará en unas horas." };
    case "rejected":
      return {
        title: "Error",
        description: "SUNAT rechazó el comprobante: revisa su mensaje.",
        variant: "destructive",
      };
    case "error":
      return {
        title: "Error",
        description: "Nubefact no aceptó los datos: revisa su mensaje.",
        variant: "destructive",
      };
    default:
      return {
        title: "Comprobante Pendiente",
        description: "Nubefact no respondió: lo reintentaremos automáticamente en unos minutos.",
      };
  }
}

/** The buyer's data as the checkout's rules read it (readComprobante), as the order stores it. */
export function toOrderColumns(comprobante: Comprobante) {
  if (comprobante.kind === "factura") {
    return {
      documentType: "ruc" as const,
      documentNumber: comprobante.ruc,
      businessName: comprobante.razonSocial,
      fiscalAddress: comprobante.direccionFiscal,
    };
  }
  return {
    documentType: comprobante.document?.type ?? null,
    documentNumber: comprobante.document?.number ?? "",
  };
}
