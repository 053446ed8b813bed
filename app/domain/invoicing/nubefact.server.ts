import type { DocumentKind } from "~/db/schema";

import { toSoles } from "./igv";
import type { Pse, PseAnswer, PseConnectionCheck, PseDocument, PseRecord } from "./pse";

// Nubefact's JSON API (ADR 039): one POST to the shop's RUTA with its TOKEN, an `operacion`
// ('generar_comprobante', 'consultar_comprobante'). No official Node SDK exists; this is the
// whole client, on fetch. What its documentation says and what we assumed is in the ADR.

const TIMEOUT_MS = 20_000;

/** Nubefact's tipo_de_comprobante. */
const KIND_CODES: Record<DocumentKind, number> = { factura: 1, boleta: 2, nota_credito: 3 };
/** Nubefact's tipo_de_igv for a sale ('Operación onerosa'). */
const IGV_TYPE_CODES = { gravado: 1, exonerado: 8, inafecto: 9 } as const;
/** Nubefact's error code for a series-number it already has. */
const ALREADY_EXISTS = 23;
/** Nubefact's error code for a document it does not have (consultar_comprobante). */
const NOT_FOUND = 24;

/** 'DD-MM-YYYY', the day in Lima (UTC−5 all year since 1994, whatever the server's zone). */
function limaDay(instant: Date): string {
  const [year, month, day] = new Date(instant.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10).split("-");
  return `${day}-${month}-${year}`;
}

function documentBody(document: PseDocument) {
  return {
    operacion: "generar_comprobante",
    tipo_de_comprobante: KIND_CODES[document.kind],
    serie: document.series,
    numero: document.number,
    sunat_transaction: 1,
    cliente_tipo_de_documento: document.customer.docType,
    cliente_numero_de_documento: document.customer.docNumber || "-",
    cliente_denominacion: document.customer.name,
    cliente_direccion: document.customer.address,
    cliente_email: document.customer.email,
    fecha_de_emision: limaDay(document.issuedAt),
    moneda: 1,
    porcentaje_de_igv: 18,
    descuento_global: document.discountBaseCents > 0 ? toSoles(document.discountBaseCents) : "",
    total_descuento: document.discountBaseCents > 0 ? toSoles(document.discountBaseCents) : "",
    total_gravada: document.gravadaCents > 0 ? toSoles(document.gravadaCents) : "",
    total_exonerada: document.exoneradaCents > 0 ? toSoles(document.exoneradaCents) : "",
    total_inafecta: document.inafectaCents > 0 ? toSoles(document.inafectaCents) : "",
    total_igv: toSoles(document.igvCents),
    total: toSoles(document.totalCents),
    observaciones: `Pedido ${document.orderCode}`,
    documento_que_se_modifica_tipo: document.modifies ? KIND_CODES[document.modifies.kind] : "",
    documento_que_se_modifica_serie: document.modifies?.series ?? "",
    documento_que_se_modifica_numero: document.modifies?.number ?? "",
    tipo_de_nota_de_credito: document.creditReason ? Number(document.creditReason) : "",
    enviar_automaticamente_a_la_sunat: true,
    enviar_automaticamente_al_cliente: false,
    formato_de_pdf: "",
    items: document.lines.map((line) => ({
      unidad_de_medida: line.unit,
      codigo: "",
      descripcion: line.description,
      cantidad: line.quantity,
      valor_unitario: line.unitValue,
      precio_unitario: toSoles(line.unitPriceCents),
      descuento: "",
      subtotal: toSoles(line.subtotalCents),
      tipo_de_igv: IGV_TYPE_CODES[line.treatment],
      igv: toSoles(line.igvCents),
      total: toSoles(line.totalCents),
      anticipo_regularizacion: false,
    })),
  };
}

type NubefactAnswer = {
  aceptada_por_sunat?: boolean;
  sunat_description?: string | null;
  sunat_responsecode?: string | null;
  sunat_note?: string | null;
  enlace_del_pdf?: string;
  enlace_del_xml?: string;
  enlace_del_cdr?: string;
  cadena_para_codigo_qr?: string;
  codigo_hash?: string;
  errors?: string;
  codigo?: number;
};

function toRecord(answer: NubefactAnswer): PseRecord {
  return {
    sunatCode: answer.sunat_responsecode ?? "",
    sunatDescription: [answer.sunat_description, answer.sunat_note].filter(Boolean).join(" "),
    pdfUrl: answer.enlace_del_pdf ?? "",
    xmlUrl: answer.enlace_del_xml ?? "",
    cdrUrl: answer.enlace_del_cdr ?? "",
    qrText: answer.cadena_para_codigo_qr ?? "",
    hash: answer.codigo_hash ?? "",
  };
}

/**
 * SUNAT's answer: accepted; rejected (a response code of 2000 to 3999 is a rejection, 0100 to
 * 1999 an exception to send again, 4000+ an observation on an accepted one); else awaited.
 */
function toAnswer(answer: NubefactAnswer): PseAnswer {
  const record = toRecord(answer);
  if (answer.aceptada_por_sunat) return { status: "accepted", ...record };
  const code = Number(answer.sunat_responsecode);
  if (code >= 2000 && code < 4000) return { status: "rejected", ...record };
  return { status: "sent", ...record };
}

/** `timeoutMs`: how long a send may wait for its answer (20 s; less in the tests of a slow PSE). */
export function createNubefactPse(settings: { apiUrl: string; token: string; timeoutMs?: number }): Pse {
  async function post(body: object): Promise<{ ok: true; answer: NubefactAnswer } | { ok: false; answer: PseAnswer }> {
    let response: Response;
    try {
      response = await fetch(settings.apiUrl, {
        method: "POST",
        headers: { Authorization: `Token token="${settings.token}"`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, answer: { status: "unreachable", message: (error as Error).message || "sin respuesta" } };
    }
    const answer = (await response.json().catch(() => ({}))) as NubefactAnswer;
    if (response.status >= 500)
      return { ok: false, answer: { status: "unreachable", message: `HTTP ${response.status}` } };
    if (answer.codigo === ALREADY_EXISTS) return { ok: false, answer: { status: "exists" } };
    if (answer.codigo === NOT_FOUND) return { ok: false, answer: { status: "unknown" } };
    // 10-11: the token or the route refused: not the document's fault, try again once fixed.
    if (answer.codigo === 10 || answer.codigo === 11 || response.status === 401) {
      return { ok: false, answer: { status: "unreachable", message: answer.errors ?? `HTTP ${response.status}` } };
    }
    if (!response.ok || answer.errors) {
      return { ok: false, answer: { status: "invalid", message: answer.errors ?? `HTTP ${response.status}` } };
    }
    return { ok: true, answer };
  }

  return {
    async send(document) {
      const result = await post(documentBody(document));
      return result.ok ? toAnswer(result.answer) : result.answer;
    },
    async consult(kind, series, number) {
      const result = await post({
        operacion: "consultar_comprobante",
        tipo_de_comprobante: KIND_CODES[kind],
        serie: series,
        numero: number,
      });
      return result.ok ? toAnswer(result.answer) : result.answer;
    },
    async checkConnection(): Promise<PseConnectionCheck> {
      // Asking about a document that cannot exist: 'unknown' means the RUTA and TOKEN work.
      const answer = await this.consult("boleta", "B999", 99_999_999);
      if (answer.status === "unknown" || answer.status === "accepted" || answer.status === "sent") {
        return { status: "ok" };
      }
      return {
        status: "failed",
        reason: "message" in answer ? answer.message : "Nubefact no respondió como se esperaba.",
      };
    },
  };
}
