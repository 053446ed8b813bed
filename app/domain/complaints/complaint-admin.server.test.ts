import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { readConfig } from "~/config.server";
import { auditLog, complaints } from "~/db/schema";
import { readToast } from "~/lib/toast.server";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/complaints/detail";
import { loader as listLoader } from "~/routes/admin/complaints/list";
import { requestAs, toCookieHeader } from "~test/auth";
import { startTestSmtpServer } from "~test/mail-server";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { fileComplaint } from "./complaint.server";
import { ALREADY_ANSWERED_MESSAGE, EMPTY_ANSWER_MESSAGE, parseComplaintListQuery } from "./complaint-admin";
import { answerComplaint, getAdminComplaint, listAdminComplaints } from "./complaint-admin.server";
import { type ComplaintInput, parseComplaintForm } from "./complaint-schema";

const { handle, adminCookie, adminId } = seededShopWithAdmin();

function buildInput(overrides: Record<string, string> = {}): ComplaintInput {
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
    productOrService: "Collar antipulgas",
    amount: "45.50",
    description: "El collar llegó roto.\nLa caja estaba abierta.",
    request: "Que me cambien el producto.",
    acceptTerms: "on",
    ...overrides,
  });
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** Undoes quoted-printable so assertions read the text as sent. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** A header's RFC 2047 words ('=?UTF-8?Q?reclamaci=C3=B3n?=') as text, its folded lines joined. */
function decodeHeader(raw: string): string {
  return raw
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(word, "base64").toString("utf8")
        : decodeQuotedPrintable(word.replace(/_/g, " ")),
    );
}

/** Each e-mail of the outbox: its headers decoded, then its body decoded. */
function readOutbox(): string[] {
  const outbox = path.join(readConfig().dataDir, "outbox");
  try {
    return readdirSync(outbox).map((file) => {
      const raw = readFileSync(path.join(outbox, file), "utf8");
      const split = raw.indexOf("\n\n");
      return decodeHeader(raw.slice(0, split)) + decodeQuotedPrintable(raw.slice(split));
    });
  } catch {
    return [];
  }
}

const quiet = () => {};
// Friday 10 April 2026, 10:00 in Lima: the week after Holy Week.
const NOW = new Date("2026-04-10T15:00:00Z");
let admin: { id: string };

/** Files a complaint on a Lima date at 10:00 (its e-mail copy goes to a throwaway outbox). */
async function fileOn(date: string, overrides: Record<string, string> = {}) {
  const { complaint } = await fileComplaint(buildInput(overrides), { now: new Date(`${date}T15:00:00Z`), log: quiet });
  return complaint;
}

beforeAll(() => {
  admin = { id: adminId() };
});

beforeEach(() => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "patitas-complaint-admin-")));
  vi.stubEnv("SMTP_URL", "");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The toast a redirect flashes, as the next page would read it. */
async function readFlashedToast(response: Response) {
  const { toast } = await readToast(requestAs(toCookieHeader(response.headers), "/"));
  return toast;
}

function answerRequest(id: number, answer: string | null) {
  const body = new URLSearchParams(answer === null ? {} : { answer });
  return detailAction({
    request: requestAs(adminCookie(), `/admin/reclamaciones/${id}`, { method: "POST", body }),
    params: { complaintId: String(id) },
    context: {},
  } as never);
}

async function readStored(id: number) {
  const [row] = await handle().db.select().from(complaints).where(eq(complaints.id, id));
  return row!;
}

describe("the complaints list", () => {
  test("overdue first and marked, then pending by nearest due date, then answered, newest answer first", async () => {
    // Due dates: 23 Feb, 23 Mar (both overdue on 10 April), 24 Apr, 29 Apr, 15 Apr.
    const longOverdue = await fileOn("2026-02-02", { fullName: "Ana Torres", complaintType: "queja" });
    const overdue = await fileOn("2026-03-02", { fullName: "Bruno Díaz" });
    const inTen = await fileOn("2026-04-01", { fullName: "Carla Núñez" });
    const inThirteen = await fileOn("2026-04-08", { fullName: "Diego Salas", documentNumber: "40111222" });
    const inThree = await fileOn("2026-03-23", { fullName: "Elena Paz" });
    const answeredFirst = await fileOn("2026-01-05", { fullName: "Fiorella Ríos" });
    const answeredLater = await fileOn("2026-01-06", { fullName: "Gabriel Soto" });
    await answerComplaint(admin, answeredFirst.id, "Respuesta uno.", new Date("2026-01-10T15:00:00Z"));
    await answerComplaint(admin, answeredLater.id, "Respuesta dos.", new Date("2026-01-20T15:00:00Z"));

    const list = await listAdminComplaints(parseComplaintListQuery(new URL("http://x/admin/reclamaciones")), NOW);
    expect(list.rows.map((row) => row.id)).toEqual([
      longOverdue.id,
      overdue.id,
      inThree.id,
      inTen.id,
      inThirteen.id,
      answeredLater.id,
      answeredFirst.id,
    ]);
    expect(list).toMatchObject({ total: 7, pendingCount: 5, overdueCount: 2, page: 1, pageCount: 1 });

    const [first, second, third] = list.rows;
    expect(first).toMatchObject({
      code: longOverdue.code,
      complaintType: "queja",
      status: "pendiente",
      filedAt: "02/02/2026 10:00",
      dueDate: "23/02/2026",
      deadline: { isOverdue: true, tone: "overdue", daysLeft: -32, label: "Vencida hace 32 días hábiles" },
    });
    // 23 March to 10 April is twelve business days: Jueves and Viernes Santo do not count.
    expect(second!.deadline).toMatchObject({ daysLeft: -12, label: "Vencida hace 12 días hábiles" });
    expect(third!.deadline).toMatchObject({
      daysLeft: 3,
      isOverdue: false,
      tone: "urgent",
      label: "Quedan 3 días hábiles",
    });
    expect(list.rows[3]!.deadline).toMatchObject({ daysLeft: 10, tone: "on-time" });
    expect(list.rows[5]).toMatchObject({ status: "respondido", deadline: null, answeredAt: "20/01/2026" });
  });

  test("filters by status and type and searches by code, consumer (accents aside) and document", async () => {
    const query = (search: string) =>
      listAdminComplaints(parseComplaintListQuery(new URL(`http://x/admin/reclamaciones?${search}`)), NOW);
    const names = async (search: string) => (await query(search)).rows.map((row) => row.fullName);

    expect(await names("estado=respondido")).toEqual(["Gabriel Soto", "Fiorella Ríos"]);
    expect(await names("tipo=queja")).toEqual(["Ana Torres"]);
    expect(await names("estado=pendiente&tipo=queja")).toEqual(["Ana Torres"]);
    expect(await names("q=nunez")).toEqual(["Carla Núñez"]);
    expect(await names("q=40111222")).toEqual(["Diego Salas"]);
    const code = (await query("q=diaz")).rows[0]!.code;
    expect(await names(`q=${code}`)).toEqual(["Bruno Díaz"]);
    expect(await names("q=100%25")).toEqual([]);
    // Unknown filters are no filter.
    expect((await query("estado=borrado&tipo=x")).total).toBe(7);
  });

  test("pages of 25, the page number clamped to the last page", async () => {
    for (let i = 0; i < 20; i++) await fileOn("2026-04-09", { fullName: `Consumidor ${i}` });
    const page2 = await listAdminComplaints(parseComplaintListQuery(new URL("http://x/?pagina=9")), NOW);
    expect(page2).toMatchObject({ total: 27, page: 2, pageCount: 2 });
    expect(page2.rows).toHaveLength(2);
  });
});

function loadDetail(id: number) {
  return detailLoader({
    request: requestAs(adminCookie(), `/admin/reclamaciones/${id}`),
    params: { complaintId: String(id) },
    context: {},
  } as never);
}

function loadList(search = "") {
  return listLoader({
    request: requestAs(adminCookie(), `/admin/reclamaciones${search}`),
    params: {},
    context: {},
  } as never);
}

describe("answering a complaint", () => {
  test("without a mail server: stores, dates and audits the answer, and says it was NOT e-mailed", async () => {
    const complaint = await fileOn("2026-04-06", {
      email: "reclamante@example.pe",
      fullName: "Rosa Mamani",
      description: "Pedí un arnés <talla M> y llegó talla S.",
    });
    const response = await answerRequest(
      complaint.id,
      "  Lamentamos lo ocurrido.\nLe enviaremos la talla M sin costo.  ",
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe(`/admin/reclamaciones/${complaint.id}`);
    // The outbox reaches nobody: the owner must not believe the legal answer was delivered.
    const toast = await readFlashedToast(response as Response);
    expect(toast).toMatchObject({
      title: "Respuesta Guardada",
      description:
        `La respuesta a la reclamación ${complaint.code} quedó registrada, pero no se envió por correo: la tienda ` +
        "no tiene un servidor de correo configurado. Entrégala al consumidor por otro medio (hoja impresa, " +
        "teléfono o WhatsApp).",
      // Saved, so not red like an error; amber because the owner still has to deliver it.
      variant: "warning",
    });
    expect(toast?.title).not.toBe("Respuesta Enviada");

    const stored = await readStored(complaint.id);
    expect(stored).toMatchObject({
      status: "respondido",
      answer: "Lamentamos lo ocurrido.\nLe enviaremos la talla M sin costo.",
      answeredByUserId: admin.id,
      isAnswerEmailed: false,
    });
    expect(stored.answeredAt).toBeInstanceOf(Date);
    expect(Date.now() - stored.answeredAt!.getTime()).toBeLessThan(60_000);

    const [audit] = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "complaint"), eq(auditLog.entityId, String(complaint.id))));
    expect(audit).toMatchObject({ userId: admin.id, action: "update", summary: { title: complaint.code } });

    const mails = readOutbox().filter((mail) => mail.includes("Subject: Respuesta a tu reclamación"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    for (const expected of [
      "To: reclamante@example.pe",
      `Subject: Respuesta a tu reclamación ${complaint.code} - Libro de Reclamaciones de Patitas Felices`,
      "Hola, Rosa Mamani:",
      "Lamentamos lo ocurrido.",
      "Le enviaremos la talla M sin costo.",
      `Código: ${complaint.code}`,
      "Fecha de registro: 6 de abril de 2026 a las 10:00",
      "Tipo: Reclamo",
      "Monto reclamado: S/\u00a045.50",
      "Pedido: Que me cambien el producto.",
      "INDECOPI",
    ]) {
      expect(mail).toContain(expected);
    }
    // What the consumer typed is escaped in the HTML part.
    expect(mail).toContain("&lt;talla M&gt;");

    const shown = await getAdminComplaint(complaint.id, NOW);
    expect(shown).toMatchObject({ status: "respondido", deadline: null, answeredBy: "admin", isAnswerEmailed: false });
    // The screens warn that no mail server is configured and mark the answer as owed by hand.
    expect(await loadDetail(complaint.id)).toMatchObject({
      isMailConfigured: false,
      complaint: { isAnswerEmailed: false },
    });
    const list = await loadList(`?q=${complaint.code}`);
    expect(list).toMatchObject({ isMailConfigured: false, rows: [{ code: complaint.code, isAnswerEmailed: false }] });
  });

  test("with a mail server: the answer is e-mailed, the admin is told so and the book records it", async () => {
    const complaint = await fileOn("2026-04-06", { email: "con-correo@example.pe" });
    const smtp = await startTestSmtpServer();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      expect(await loadDetail(complaint.id)).toMatchObject({
        isMailConfigured: true,
        complaint: { isAnswerEmailed: null },
      });
      const response = (await answerRequest(complaint.id, "Le cambiaremos el producto.")) as Response;
      expect(await readFlashedToast(response)).toEqual({
        title: "Respuesta Enviada",
        description: `La respuesta a la reclamación ${complaint.code} se guardó y se envió a con-correo@example.pe.`,
      });
      expect(await readStored(complaint.id)).toMatchObject({
        status: "respondido",
        answer: "Le cambiaremos el producto.",
        isAnswerEmailed: true,
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain("To: con-correo@example.pe");
      expect(decodeQuotedPrintable(smtp.received[0]!)).toContain("Le cambiaremos el producto.");
      expect(readOutbox().filter((mail) => mail.includes("Subject: Respuesta"))).toEqual([]);
      expect(await loadDetail(complaint.id)).toMatchObject({
        isMailConfigured: true,
        complaint: { isAnswerEmailed: true },
      });
      expect(await loadList(`?q=${complaint.code}`)).toMatchObject({
        isMailConfigured: true,
        rows: [{ code: complaint.code, isAnswerEmailed: true }],
      });
    } finally {
      await smtp.close();
    }
  });

  test("an empty answer is refused in Spanish and nothing is stored", async () => {
    const complaint = await fileOn("2026-04-07");
    for (const answer of ["", "   \n  ", null]) {
      const result = (await answerRequest(complaint.id, answer)) as {
        data: { errors: Record<string, string>; toast: { title: string; description: string } };
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
      expect(result.data.errors.answer).toBe(EMPTY_ANSWER_MESSAGE);
      expect(result.data.toast).toMatchObject({ title: "Error de Validación", description: EMPTY_ANSWER_MESSAGE });
    }
    const tooLong = (await answerRequest(complaint.id, "x".repeat(5001))) as {
      data: { errors: Record<string, string> };
    };
    expect(tooLong.data.errors.answer).toBe("Usa como máximo 5000 caracteres.");
    expect(await readStored(complaint.id)).toMatchObject({ status: "pendiente", answer: null, answeredAt: null });
    expect(readOutbox().filter((mail) => mail.includes("Subject: Respuesta"))).toEqual([]);
  });

  test("an answered complaint is read-only: a second answer is refused and the first one stays", async () => {
    const complaint = await fileOn("2026-04-08");
    await answerRequest(complaint.id, "Primera respuesta.");
    const before = await readStored(complaint.id);

    // The screen reloads, read-only, and says why.
    const second = (await answerRequest(complaint.id, "Otra respuesta distinta.")) as Response;
    expect(second.headers.get("Location")).toBe(`/admin/reclamaciones/${complaint.id}`);
    expect(await readFlashedToast(second)).toEqual({
      title: "Error",
      description: ALREADY_ANSWERED_MESSAGE,
      variant: "destructive",
    });
    expect(await answerComplaint(admin, complaint.id, "Y otra más.")).toEqual({ status: "already-answered" });

    expect(await readStored(complaint.id)).toEqual(before);
    expect(readOutbox().filter((mail) => mail.includes("Subject: Respuesta"))).toHaveLength(1);
  });

  test("two answers at the same time: exactly one is stored and mailed", async () => {
    const complaint = await fileOn("2026-04-09");
    const results = await Promise.all(
      ["Respuesta A.", "Respuesta B.", "Respuesta C."].map((answer) => answerComplaint(admin, complaint.id, answer)),
    );
    expect(results.filter((result) => result.status === "answered")).toHaveLength(1);
    expect(results.filter((result) => result.status === "already-answered")).toHaveLength(2);
    const stored = await readStored(complaint.id);
    expect(["Respuesta A.", "Respuesta B.", "Respuesta C."]).toContain(stored.answer);
    const mails = readOutbox().filter((mail) => mail.includes("Subject: Respuesta"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(stored.answer!);
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "complaint"), eq(auditLog.entityId, String(complaint.id))));
    expect(audits).toHaveLength(1);
  });

  test("a mail server that is down keeps the answer and tells the admin", async () => {
    const complaint = await fileOn("2026-04-09");
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9");
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const response = (await answerRequest(complaint.id, "Respuesta guardada igual.")) as Response;
    const lines = errors.mock.calls.map(([line]) => String(line));
    errors.mockRestore();
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: "error", msg: "shop e-mail not sent", to: "lucia@example.pe" }),
    );
    expect(response.headers.get("Location")).toBe(`/admin/reclamaciones/${complaint.id}`);
    const toast = await readFlashedToast(response);
    expect(toast).toMatchObject({ title: "Respuesta Guardada", variant: "warning" });
    expect(toast?.description).toContain("no se pudo enviar el correo a lucia@example.pe");
    expect(await readStored(complaint.id)).toMatchObject({
      status: "respondido",
      answer: "Respuesta guardada igual.",
      isAnswerEmailed: false,
    });
  });

  test("an unknown complaint is 'Reclamación no encontrada.', for the screen and the answer", async () => {
    expect(await answerComplaint(admin, 999_999, "Hola.")).toEqual({ status: "not-found" });
    const loaded = await detailLoader({
      request: requestAs(adminCookie(), "/admin/reclamaciones/999999"),
      params: { complaintId: "999999" },
      context: {},
    } as never).catch((thrown: unknown) => thrown);
    expect(loaded).toBeInstanceOf(Response);
    expect((loaded as Response).headers.get("Location")).toBe("/admin/reclamaciones");
  });
});

test("the answer e-mail quotes what the consumer typed as plain text: a name like a URL is no link", async () => {
  const complaint = await fileOn("2026-04-07", {
    email: "texto-plano@example.pe",
    fullName: "http://malo.example/x",
    productOrService: "www.malo.example",
    description: "Entra a http://malo.example/premio",
    request: "Escribe a gana@malo.example",
  });
  expect((await answerComplaint(admin, complaint.id, "Revisaremos su caso.", NOW)).status).toBe("answered");
  const [mail] = readOutbox().filter((sent) => sent.includes("Subject: Respuesta a tu reclamación"));
  const text = mail!.slice(0, mail!.indexOf("<!doctype html>"));
  expect(text).not.toContain("malo.example");
  expect(text).not.toContain("http://malo");
  const visible = text.replace(/\u200b/g, "");
  for (const typed of [
    "Hola, http://malo.example/x:",
    "Producto o servicio: www.malo.example",
    "Detalle: Entra a http://malo.example/premio",
    "Pedido: Escribe a gana@malo.example",
  ]) {
    expect(visible).toContain(typed);
  }
});
