// A local fake of Nubefact's JSON API (issue 46, ADR 039): generar_comprobante and
// consultar_comprobante on one RUTA, with its error codes (10 token, 20 data, 23 already
// exists, 24 not found) and knobs for what a real PSE does on a bad day: reject with a SUNAT
// code, answer 5xx, drop the connection, or take the document and lose the answer. Plain
// JavaScript, so the end-to-end server can start it too. No test reaches the real Nubefact.
import { createServer } from "node:http";

/** A token the fake refuses (Nubefact's codigo 10). */
export const FAKE_PSE_BAD_TOKEN = "token-malo";

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * Starts the fake on `port` (0: any). Its RUTA is `${url}/api/v1/ruta-de-prueba`. `next` is a
 * queue of what the next calls do: 'accept' (the default), 'await' (taken, SUNAT's answer
 * pending), 'reject', 'invalid', 'fail' (500), 'drop' (connection closed), 'lose' (taken,
 * then the connection closed before the answer), 'slow' (taken, answered after `slowMs`).
 */
export async function startFakeNubefact({ port = 0 } = {}) {
  const state = {
    /** Documents by 'tipo-serie-numero', as received, with what the fake answered. */
    documents: new Map(),
    /** Every request's body, in order. */
    requests: /** @type {Record<string, unknown>[]} */ ([]),
    next: /** @type {string[]} */ ([]),
    /** How long a 'slow' answer takes. */
    slowMs: 1000,
  };
  let base = "";

  function answerFor(body, outcome) {
    const key = `${body.tipo_de_comprobante}-${body.serie}-${body.numero}`;
    const files = `${base}/cpe/${key}`;
    return {
      tipo_de_comprobante: body.tipo_de_comprobante,
      serie: body.serie,
      numero: body.numero,
      enlace: files,
      enlace_del_pdf: `${files}.pdf`,
      enlace_del_xml: `${files}.xml`,
      enlace_del_cdr: `${files}.zip`,
      aceptada_por_sunat: outcome === "accept",
      sunat_description:
        outcome === "reject"
          ? "El número de RUC del receptor no existe"
          : outcome === "accept"
            ? `La ${body.tipo_de_comprobante === 1 ? "Factura" : "Boleta"} numero ${body.serie}-${body.numero}, ha sido aceptada`
            : null,
      sunat_note: null,
      sunat_responsecode: outcome === "reject" ? "2800" : outcome === "accept" ? "0" : null,
      sunat_soap_error: "",
      cadena_para_codigo_qr: `20600000001|0${body.tipo_de_comprobante}|${body.serie}|${body.numero}|${body.total_igv}|${body.total}|`,
      codigo_hash: `hash-${key}`,
    };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, base);
    if (req.method === "GET" && url.pathname.startsWith("/cpe/")) {
      res.writeHead(200, { "Content-Type": url.pathname.endsWith(".pdf") ? "application/pdf" : "application/xml" });
      return res.end(url.pathname.endsWith(".pdf") ? "%PDF-1.4 comprobante de prueba" : "<Invoice/>");
    }
    if (req.method !== "POST" || url.pathname !== "/api/v1/ruta-de-prueba") return send(res, 404, { errors: "ruta" });
    const raw = await readBody(req);
    const auth = req.headers.authorization ?? "";
    if (!/^Token token="[^"]+"$/.test(auth) || auth.includes(FAKE_PSE_BAD_TOKEN)) {
      return send(res, 401, { errors: "El token no es válido", codigo: 10 });
    }
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, { errors: "JSON inválido", codigo: 20 });
    }
    state.requests.push(body);
    const outcome = state.next.shift() ?? "accept";
    if (outcome === "fail") return send(res, 500, { errors: "error interno" });
    if (outcome === "drop") return res.destroy();
    const key = `${body.tipo_de_comprobante}-${body.serie}-${body.numero}`;
    if (body.operacion === "consultar_comprobante") {
      const stored = state.documents.get(key);
      return stored ? send(res, 200, stored.answer) : send(res, 400, { errors: "El documento no existe", codigo: 24 });
    }
    if (body.operacion !== "generar_comprobante") return send(res, 400, { errors: "operación", codigo: 20 });
    if (state.documents.has(key)) {
      return send(res, 400, { errors: "Este documento ya existe en NubeFacT", codigo: 23 });
    }
    if (outcome === "invalid") {
      return send(res, 400, { errors: "El campo cliente_denominacion no puede estar vacío", codigo: 20 });
    }
    const answer = answerFor(body, ["lose", "slow"].includes(outcome) ? "accept" : outcome);
    state.documents.set(key, { body, answer });
    if (outcome === "lose") return res.destroy();
    if (outcome === "slow") await new Promise((resolve) => setTimeout(resolve, state.slowMs));
    return send(res, 200, answer);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    route: `${base}/api/v1/ruta-de-prueba`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
