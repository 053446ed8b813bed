import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { complaints, shopSettings } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { clearHits, rateRules } from "~/lib/rate-limit.server";
import { requestedMailKey } from "~/lib/requested-mail.server";
import { startTestSmtpServer } from "~test/mail-server";
import { setUpTestDatabase } from "~test/test-database";

import { fileComplaint } from "./complaint.server";
import { readComplaintCopy, sendFullComplaintCopy } from "./complaint-copy.server";
import { type ComplaintInput, parseComplaintForm } from "./complaint-schema";

const { handle } = setUpTestDatabase();

function buildInput(overrides: Record<string, string> = {}): ComplaintInput {
  const result = parseComplaintForm({
    fullName: "Lucía Ramos Quispe",
    documentType: "DNI",
    documentNumber: "71234567",
    phone: "987654321",
    email: "lucia@example.pe",
    address: "Calle Las Flores 123, Surco",
    isMinor: "on",
    guardianFullName: "Carmen Quispe Rojas",
    guardianDocumentNumber: "41234567",
    complaintType: "queja",
    productOrService: "Baño y corte",
    amount: "60",
    description: "Me atendieron con mucha demora y <sin> explicación.",
    request: "Una disculpa y que mejoren la atención.",
    acceptTerms: "on",
    ...overrides,
  });
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** Undoes quoted-printable (soft breaks, =XX bytes) so assertions read the text as sent. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

let outbox: string;
const logs: string[] = [];
const log = (line: string) => logs.push(line);

function readOutbox(): string[] {
  try {
    return readdirSync(outbox).map((file) => decodeQuotedPrintable(readFileSync(path.join(outbox, file), "utf8")));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

beforeEach(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-complaints-"));
  outbox = path.join(dataDir, "outbox");
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
  logs.length = 0;
  // Most tests file in Lucía's name: each starts with her day's share of notices unused.
  await clearHits(requestedMailKey("lucia@example.pe"));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("fileComplaint", () => {
  test("stores the first complaint of 2026 as 2026-000001 with the provider, the date and the deadline", async () => {
    // Monday 23 March 2026, 10:00 in Lima; the 15 business days cross Holy Week.
    const now = new Date("2026-03-23T15:00:00Z");
    const { complaint, isCopySent } = await fileComplaint(buildInput(), { now, log });

    // No SMTP_URL: the copy is only written to the outbox, which reaches nobody.
    expect(isCopySent).toBe(false);
    expect(readOutbox()).toHaveLength(1);
    expect(complaint.code).toBe("2026-000001");
    const [stored] = await handle().db.select().from(complaints).where(eq(complaints.id, complaint.id));
    expect(stored).toMatchObject({
      year: 2026,
      sequence: 1,
      code: "2026-000001",
      fullName: "Lucía Ramos Quispe",
      documentType: "DNI",
      documentNumber: "71234567",
      isMinor: true,
      guardianFullName: "Carmen Quispe Rojas",
      guardianDocumentNumber: "41234567",
      complaintType: "queja",
      amountCents: 6000,
      providerLegalName: "Patitas Felices S.A.C.",
      providerRuc: "20603128479",
      providerAddress: "Av. Primavera 1234, Santiago de Surco, Lima",
      dueDate: "2026-04-15",
      status: "pendiente",
      answer: null,
    });
    expect(stored?.createdAt.toISOString()).toBe(now.toISOString());
    expect(stored?.acceptedTermsAt.toISOString()).toBe(now.toISOString());
  });

  // Issue 29: anyone can type any address in the book, so the e-mail sent at once must not
  // carry the sender's text; the full copy goes out only through the e-mail's signed link.
  test("e-mails the address typed a notice with the code, the dates and the provider, and none of the sender's text", async () => {
    const now = new Date("2026-03-23T16:00:00Z");
    await fileComplaint(
      buildInput({
        fullName: "Gana un premio en http://estafa.example",
        description: "Llama al 999 <sin> demora: gana tu premio.",
      }),
      { now, log },
    );

    const mails = readOutbox();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain("To: lucia@example.pe");
    for (const expected of [
      "Código: 2026-000002",
      "Tipo: Queja",
      "Fecha de registro: 23 de marzo de 2026 a las 11:00",
      "Plazo de respuesta: hasta el miércoles, 15 de abril de 2026 (15 días hábiles)",
      "Razón social: Patitas Felices S.A.C.",
      "RUC: 20603128479",
      "Dirección: Av. Primavera 1234, Santiago de Surco, Lima",
      "INDECOPI",
      "Ver y recibir la copia completa: http://localhost:3000/libro-reclamaciones/copia?token=",
    ]) {
      expect(mail).toContain(expected);
    }
    for (const typed of [
      "estafa.example",
      "premio",
      "71234567",
      "Calle Las Flores",
      "Carmen Quispe Rojas",
      "987654321",
      "Baño y corte",
      "Una disculpa",
    ]) {
      expect(mail).not.toContain(typed);
    }
    expect(logs.join("\n")).toContain("lucia@example.pe");

    // The link opens the full copy, and from there the full copy is e-mailed to the same address.
    const token = /copia\?token=([\w.-]+)/.exec(mail)![1]!;
    const copy = await readComplaintCopy(token, now);
    expect(copy).toMatchObject({ code: "2026-000002", email: "lucia@example.pe" });
    expect(copy!.sections.flatMap((section) => section.rows.map((row) => row.value))).toContain(
      "Llama al 999 <sin> demora: gana tu premio.",
    );
    expect(await sendFullComplaintCopy(token, { now, log })).toEqual({ status: "not-sent", email: "lucia@example.pe" });
    const full = readOutbox().find((message) => message !== mail)!;
    expect(full).toContain("To: lucia@example.pe");
    for (const expected of [
      "Código: 2026-000002",
      "Documento: DNI 71234567",
      "Padre, madre o apoderado: Carmen Quispe Rojas",
      "Monto reclamado: S/\u00a060.00",
      "Tipo: Queja",
      "Pedido: Una disculpa y que mejoren la atención.",
      "INDECOPI",
    ]) {
      expect(full).toContain(expected);
    }
    // The full copy's HTML part escapes what the consumer typed.
    expect(full).toContain("&lt;sin&gt;");
  });

  test("the copy's link is refused once altered, made for another complaint, or past its 90 days", async () => {
    const now = new Date("2029-03-23T17:00:00Z");
    const { complaint } = await fileComplaint(buildInput(), { now, log });
    const token = /copia\?token=([\w.-]+)/.exec(readOutbox()[0]!)![1]!;
    const [body, signature] = token.split(".");
    const otherId = Buffer.from(JSON.stringify({ complaintId: complaint.id - 1, exp: now.getTime() + 1e9 })).toString(
      "base64url",
    );
    for (const forged of [`${otherId}.${signature}`, `${body}.${signature!.slice(1)}A`, "", "x.y"]) {
      expect(await readComplaintCopy(forged, now)).toBeNull();
      expect(await sendFullComplaintCopy(forged, { now, log })).toEqual({ status: "expired" });
    }
    expect(await readComplaintCopy(token, new Date(now.getTime() + 89 * 24 * 60 * 60 * 1000))).not.toBeNull();
    expect(await readComplaintCopy(token, new Date(now.getTime() + 91 * 24 * 60 * 60 * 1000))).toBeNull();
    expect(readOutbox()).toHaveLength(1);

    // Five full copies an hour for one complaint at most.
    for (let i = 0; i < 5; i++) expect((await sendFullComplaintCopy(token, { now, log })).status).toBe("not-sent");
    expect(await sendFullComplaintCopy(token, { now, log })).toEqual({ status: "too-many" });
    expect(readOutbox()).toHaveLength(6);
  });

  test("keeps the provider as it was when the complaint was filed", async () => {
    await handle().db.update(shopSettings).set({ providerLegalName: "Nuevo Dueño E.I.R.L." });
    const { complaint } = await fileComplaint(buildInput({ isMinor: "" }), {
      now: new Date("2026-03-24T15:00:00Z"),
      log,
    });
    expect(complaint).toMatchObject({
      code: "2026-000003",
      providerLegalName: "Nuevo Dueño E.I.R.L.",
      isMinor: false,
      guardianFullName: null,
    });
    const [first] = await handle().db.select().from(complaints).where(eq(complaints.code, "2026-000001"));
    expect(first?.providerLegalName).toBe("Patitas Felices S.A.C.");
  });

  test("numbers by the year in Lima: 31 December at 23:00 is still 2026, midnight starts 2027 at 1", async () => {
    const lateOnNewYearsEve = await fileComplaint(buildInput(), {
      now: new Date("2027-01-01T04:00:00Z"),
      log,
    });
    expect(lateOnNewYearsEve.complaint).toMatchObject({ code: "2026-000004", dueDate: "2027-01-22" });
    const newYear = await fileComplaint(buildInput(), { now: new Date("2027-01-01T05:00:00Z"), log });
    expect(newYear.complaint).toMatchObject({ code: "2027-000001", year: 2027, sequence: 1 });
  });

  test("filings at the same instant get consecutive codes, none shared or skipped", async () => {
    const now = new Date("2027-02-01T15:00:00Z");
    const filed = await Promise.all(Array.from({ length: 6 }, () => fileComplaint(buildInput(), { now, log })));
    expect(filed.map((result) => result.complaint.code).sort()).toEqual([
      "2027-000002",
      "2027-000003",
      "2027-000004",
      "2027-000005",
      "2027-000006",
      "2027-000007",
    ]);
    const rows = await handle()
      .db.select({ sequence: complaints.sequence })
      .from(complaints)
      .where(eq(complaints.year, 2027))
      .orderBy(asc(complaints.sequence));
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test("a mail server that is down does not lose the filing, and the failure is one JSON error line", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9");
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const { complaint, isCopySent } = await fileComplaint(buildInput(), {
      now: new Date("2027-02-02T15:00:00Z"),
      log,
    });
    const lines = errors.mock.calls.map(([line]) => String(line));
    errors.mockRestore();
    expect(isCopySent).toBe(false);
    expect(complaint.code).toBe("2027-000008");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "error",
      msg: "complaint copy not e-mailed",
      complaintCode: "2027-000008",
      stack: expect.stringContaining("ECONNREFUSED"),
    });
  });

  test("with a mail server the copy is sent, and only then is it reported as sent", async () => {
    const smtp = await startTestSmtpServer();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      const { complaint, isCopySent } = await fileComplaint(buildInput(), {
        now: new Date("2028-02-01T15:00:00Z"),
        log,
      });
      expect(isCopySent).toBe(true);
      expect(complaint.code).toBe("2028-000001");
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain("To: lucia@example.pe");
      expect(decodeQuotedPrintable(smtp.received[0]!)).toContain("Código: 2028-000001");
      expect(readOutbox()).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  test("thirty complaints in one inbox's name e-mail it the day's share of notices; every filing stands", async () => {
    const now = new Date("2030-03-04T15:00:00Z");
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const filed = [];
    try {
      for (let n = 1; n <= 30; n++) {
        filed.push(await fileComplaint(buildInput({ email: `Victima+${n}@example.pe` }), { now, log }));
      }
    } finally {
      stdout.mockRestore();
    }
    expect(filed.map((result) => result.complaint.code)).toEqual(
      Array.from({ length: 30 }, (_, index) => `2030-${String(index + 1).padStart(6, "0")}`),
    );
    const notices = readOutbox();
    expect(notices).toHaveLength(rateRules.requestedMailsPerRecipient.limit);
    expect(notices.every((notice) => /To: victima\+\d+@example\.pe/i.test(notice))).toBe(true);
    // Without a mail server no copy ever counts as sent; a withheld one is no different to the filer.
    expect(filed.every((result) => !result.isCopySent)).toBe(true);
  });
});
