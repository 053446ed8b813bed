import type { Request, RequestHandler, Response } from "express";

import { sendPlainPage } from "./plain-page.server";

/** What a route accepts as a request body. */
export type BodyRule = {
  /** Bytes, counted as they arrive, whatever Content-Length says. */
  limit: number;
  /** The whole body must have arrived within this long of the request's start. */
  deadlineMs: number;
  /** Media types accepted, without parameters (`multipart/form-data`). */
  contentTypes: readonly string[];
  /** The answer to a body over the limit: a page by default, JSON for a script's upload. */
  tooLarge?: (res: Response) => void;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The request's body, read whole and bounded before the request may render. */
      body?: Buffer;
    }
  }
}

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * After refusing a body, how long what the client still sends is read and dropped (a
 * lingering close, as nginx's): closing at once with unread bytes sends a reset, and a reset
 * can wipe the answer from a busy client's buffer before it reads it. Dropped bytes cost no
 * memory; the byte bound only caps the bandwidth one refused client may use.
 */
const DRAIN = { bytes: 256 * 1024 * 1024, ms: 2_000 };

/**
 * How many large bodies (uploads: a receipt, a pet's photo, an image, an Excel file) may be
 * held in memory at once (issue 41): their limits reserved in bytes overall, and a count per
 * client address. A body over either waits for nobody: it is answered 503 with Retry-After at
 * once, before a byte of it is read, so a hundred stalled 5 MB posts hold no memory.
 */
export type LargeBodyBudget = {
  /** A rule whose limit is over this is a large body. */
  thresholdBytes: number;
  /** The sum of the limits of the large bodies being read or handled at once. */
  totalBytes: number;
  /** Large bodies one client address may have being read or handled at once. */
  perClient: number;
};

/** Seconds an uploader turned away should wait before trying again. */
const BUSY_RETRY_AFTER_SECONDS = 10;

const BODY_MESSAGES = {
  tooLarge: {
    title: "Envío demasiado grande",
    message: "Lo que enviaste supera el tamaño permitido. Revisa el formulario e inténtalo de nuevo.",
  },
  tooSlow: {
    title: "El envío tardó demasiado",
    message: "No recibimos tu envío completo a tiempo. Revisa tu conexión e inténtalo de nuevo.",
  },
  busy: {
    title: "Estamos recibiendo muchos archivos",
    message: "En este momento no podemos recibir tu archivo. Espera unos segundos e inténtalo de nuevo.",
  },
  unsupportedType: {
    title: "Envío no admitido",
    message: "Esta dirección solo recibe formularios de la tienda. Vuelve a la página e inténtalo de nuevo.",
  },
} as const;

type Reading = { ok: true; body: Buffer } | { ok: false; reason: "too-large" | "too-slow" | "aborted" };

function mediaType(req: Request): string {
  return (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Reads the body into memory, up to `limit` bytes and within `deadlineMs`. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked or lying body
 * is refused as soon as it passes the limit.
 */
function readBody(req: Request, rule: BodyRule): Promise<Reading> {
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > rule.limit) return Promise.resolve({ ok: false, reason: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (reading: Reading) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onClose);
      if (!reading.ok) chunks.length = 0;
      resolve(reading);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > rule.limit) finish({ ok: false, reason: "too-large" });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, total) });
    const onAbort = () => finish({ ok: false, reason: "aborted" });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    const timer = setTimeout(() => finish({ ok: false, reason: "too-slow" }), rule.deadlineMs);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onAbort);
    req.once("close", onClose);
  });
}

/**
 * Answers a refused body and closes the connection. Once the answer is written, the shop's
 * side is closed (FIN: a client reads the answer, then the end, and stops sending); what the
 * client still sends meanwhile is read and dropped for a moment, then the socket is closed.
 */
function refuseBody(req: Request, res: Response, respond: () => void): void {
  const socket = req.socket;
  res.setHeader("Connection", "close");
  // Node closes a "Connection: close" socket as soon as the answer is flushed (destroySoon),
  // which resets it while the client is still sending: only our side is ended here (FIN), and
  // the socket is destroyed once the client ends too, or after the drain.
  socket.destroySoon = () => socket.end();
  let drained = 0;
  const stop = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(stop, DRAIN.ms);
  timer.unref();
  socket.once("end", stop);
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN.bytes) stop();
  });
  req.resume();
  respond();
}

/**
 * The large bodies in memory: a place is taken before the first byte is read and given back
 * when the answer is done (the body is held until then, in `res.locals.body`).
 */
function largeBodyPlaces(budget: LargeBodyBudget) {
  let reservedBytes = 0;
  const perClient = new Map<string, number>();
  return {
    /** Takes a place for a body of up to `bytes` from `client`; false when there is none. */
    take(res: Response, client: string, bytes: number): boolean {
      const held = perClient.get(client) ?? 0;
      if (held >= budget.perClient || reservedBytes + bytes > budget.totalBytes) return false;
      reservedBytes += bytes;
      perClient.set(client, held + 1);
      res.once("close", () => {
        reservedBytes -= bytes;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
      return true;
    },
  };
}

/**
 * Every request that may carry a body has it read here, whole, with the route's limit,
 * deadline and media types, before it may take a render slot: a 200 MB post cannot fill
 * the heap, and a body trickling in one byte at a time holds a socket, never a render.
 * Large bodies are also bounded in number (`budget`). The body waits in `res.locals.body`
 * for the request handler.
 */
export function readBoundedBodies(
  ruleFor: (req: Request) => BodyRule | Promise<BodyRule>,
  budget?: LargeBodyBudget,
): RequestHandler {
  const places = budget ? largeBodyPlaces(budget) : null;
  return (req, res, next) => {
    if (METHODS_WITHOUT_BODY.has(req.method)) return next();
    const started = Date.now();
    void (async () => {
      const rule = await ruleFor(req);
      if (!rule.contentTypes.includes(mediaType(req))) {
        refuseBody(req, res, () => sendPlainPage(res, 415, BODY_MESSAGES.unsupportedType));
        return;
      }
      const isLarge = budget !== undefined && rule.limit > budget.thresholdBytes;
      if (isLarge && !places!.take(res, req.ip ?? "unknown", rule.limit)) {
        refuseBody(req, res, () =>
          sendPlainPage(res, 503, BODY_MESSAGES.busy, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) }),
        );
        return;
      }
      const reading = await readBody(req, { ...rule, deadlineMs: rule.deadlineMs - (Date.now() - started) });
      if (reading.ok) {
        res.locals.body = reading.body;
        next();
      } else if (reading.reason === "too-large") {
        refuseBody(req, res, () =>
          rule.tooLarge ? rule.tooLarge(res) : sendPlainPage(res, 413, BODY_MESSAGES.tooLarge),
        );
      } else if (reading.reason === "too-slow") {
        refuseBody(req, res, () => sendPlainPage(res, 408, BODY_MESSAGES.tooSlow));
      } else {
        req.socket.destroy();
      }
    })().catch(next);
  };
}
