import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { fileComplaint } from "~/domain/complaints/complaint.server";
import { parseComplaintForm } from "~/domain/complaints/complaint-schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { readToast } from "~/lib/toast.server";
import { requestAs } from "~test/auth";
import { startTestSmtpServer, type TestSmtpServer } from "~test/mail-server";
import { renderRoute, type RouteModule } from "~test/render-route";
import { tamper } from "~test/tamper";
import { setUpTestDatabase } from "~test/test-database";

import ComplaintCopyPage, { action, loader } from "./complaint-copy";

// Issue 29: the e-mail sent at filing carries no text typed by the sender; its signed link
// leads here, where the reader of that address sees the full sheet and can have it e-mailed.

const { handle } = setUpTestDatabase();
let dataDir: string;
let smtp: TestSmtpServer | undefined;

beforeAll(async () => {
  await seedDemoShop(handle().db);
});
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "patitas-complaint-copy-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await smtp?.close();
  smtp = undefined;
});

const copyPage: RouteModule = { Page: ComplaintCopyPage as never, loader: loader as never, action: action as never };

/** Files a complaint for `email` and returns the link its notice carries (from the outbox). */
async function fileAndReadLink(email: string): Promise<string> {
  const input = parseComplaintForm({
    fullName: "Lucía Ramos Quispe",
    documentType: "DNI",
    documentNumber: "71234567",
    phone: "987654321",
    email,
    address: "Calle Las Flores 123, Surco",
    isMinor: "",
    guardianFullName: "",
    guardianDocumentNumber: "",
    complaintType: "reclamo",
    productOrService: "Arnés para perro talla M",
    amount: "79.90",
    description: "Llegó la talla S.",
    request: "Que me cambien el arnés.",
    acceptTerms: "on",
  });
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  await fileComplaint(input.data, { log: () => {} });
  const outbox = path.join(dataDir, "outbox");
  const mail = readdirSync(outbox)
    .map((file) =>
      readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .find((raw) => raw.includes(`To: ${email}`))!;
  const url = new URL(/http:\/\/localhost:3000\/libro-reclamaciones\/copia\?token=[\w.-]+/.exec(mail)![0]);
  return `${url.pathname}${url.search}`;
}

describe("the complaint copy page", () => {
  test("the notice's link shows the full sheet, and its button e-mails the full copy to the complaint's address", async () => {
    smtp = await startTestSmtpServer();
    const link = await fileAndReadLink("copia@example.pe");
    vi.stubEnv("SMTP_URL", smtp.url);

    const page = await renderRoute(copyPage, requestAs(null, link));
    expect(page.status).toBe(200);
    for (const shown of [
      "Copia de tu Reclamación",
      "DNI 71234567",
      "Calle Las Flores 123, Surco",
      "Que me cambien el arnés.",
      "Enviar la copia completa a copia@example.pe",
    ]) {
      expect(page.html).toContain(shown);
    }

    const sent = (await action({
      request: requestAs(null, link, { method: "POST" }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(link);
    const { toast } = await readToast(requestAs(sent.headers.get("Set-Cookie")!.split(";")[0]!, "/"));
    expect(toast).toMatchObject({
      title: "Copia Enviada",
      description: "Te enviamos la copia completa a copia@example.pe.",
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain("To: copia@example.pe");
    const body = smtp.received[0]!.replace(/=\r?\n/g, "");
    expect(body).toContain("Documento: DNI 71234567");
  });

  test("without a mail server the button says the copy could not be e-mailed", async () => {
    const link = await fileAndReadLink("sin-servidor@example.pe");
    const answer = (await action({
      request: requestAs(null, link, { method: "POST" }),
      params: {},
      context: {},
    } as never)) as Response;
    const { toast } = await readToast(requestAs(answer.headers.get("Set-Cookie")!.split(";")[0]!, "/"));
    expect(toast).toMatchObject({
      title: "Copia No Enviada",
      description:
        "No pudimos enviarte la copia por correo. Imprime o guarda esta página: es la constancia de tu reclamación.",
    });
  });

  test("an altered link shows no consumer data and sends nothing", async () => {
    const link = await fileAndReadLink("alterado@example.pe");
    const altered = tamper(link);
    const page = await renderRoute(copyPage, requestAs(null, altered));
    expect(page.html).toContain("Enlace no válido");
    expect(page.html).not.toContain("71234567");
    const answer = (await action({
      request: requestAs(null, altered, { method: "POST" }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(answer.status).toBe(302);
    expect(readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
  });
});
