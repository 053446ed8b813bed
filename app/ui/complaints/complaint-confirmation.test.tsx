import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { complaints } from "~/db/schema";
import type { ComplaintConfirmation as Confirmation } from "~/domain/complaints/complaint-confirmation.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { action, loader } from "~/routes/store/complaints-book";
import { requestAs, toCookieHeader } from "~test/auth";
import { startTestSmtpServer } from "~test/mail-server";
import { setUpTestDatabase } from "~test/test-database";

import { ComplaintConfirmation, COPY_NOT_SENT_MESSAGE } from "./complaint-confirmation";

// The consumer's side of the Libro de Reclamaciones, as React Router runs it: the filing
// (action), the page it redirects to (loader) and the confirmation the page renders.

const { handle } = setUpTestDatabase();
let dataDir: string;
let visitor = 0;

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "patitas-confirmation-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Files a complaint through the book's form and returns the confirmation its page shows. */
async function fileAndOpenConfirmation(email: string): Promise<Confirmation> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: "Lucía Ramos Quispe",
    documentType: "DNI",
    documentNumber: "71234567",
    phone: "987654321",
    email,
    address: "Calle Las Flores 123, Surco",
    complaintType: "reclamo",
    productOrService: "Arnés para perro talla M",
    amount: "79.90",
    description: "Llegó la talla S.",
    request: "Que me cambien el arnés.",
    acceptTerms: "on",
  })) {
    form.set(name, value);
  }
  visitor += 1;
  const filed = (await action({
    request: requestAs(null, "/libro-reclamaciones", { method: "POST", body: form }),
    params: {},
    context: { clientIp: `10.9.0.${visitor}` },
  } as never)) as Response;
  expect(filed.status).toBe(302);
  const page = (await loader({
    request: requestAs(toCookieHeader(filed.headers), "/libro-reclamaciones"),
    params: {},
    context: {},
  } as never)) as unknown as { data: { confirmation: Confirmation | null } };
  expect(page.data.confirmation).not.toBeNull();
  return page.data.confirmation!;
}

function render(confirmation: Confirmation): string {
  const router = createMemoryRouter([{ path: "/", element: <ComplaintConfirmation {...confirmation} /> }]);
  return renderToString(<RouterProvider router={router} />);
}

async function readStored(code: string) {
  const [row] = await handle().db.select().from(complaints).where(eq(complaints.code, code));
  return row;
}

describe("the consumer's confirmation", () => {
  test("without a mail server it does not claim a copy was sent and shows the whole copy to print", async () => {
    const confirmation = await fileAndOpenConfirmation("sin-correo@example.pe");
    expect(confirmation.isCopySent).toBe(false);

    const html = render(confirmation);
    expect(html).toContain(COPY_NOT_SENT_MESSAGE);
    expect(html).toContain(
      "No pudimos enviarte la copia por correo. Imprime o guarda esta página: es la constancia de tu reclamación.",
    );
    expect(html).not.toContain("Te enviamos a");
    expect(html).toContain("Imprimir o guardar en PDF");
    expect(html).toContain(confirmation.code);
    for (const filed of [
      "1. Identificación del Consumidor Reclamante",
      "Lucía Ramos Quispe",
      "DNI 71234567",
      "sin-correo@example.pe",
      "Arnés para perro talla M",
      "S/\u00a079.90",
      "Llegó la talla S.",
      "Que me cambien el arnés.",
      "Patitas Felices S.A.C.",
    ]) {
      expect(html).toContain(filed);
    }

    // The complaint is in the book all the same, and its copy only in the outbox.
    expect(await readStored(confirmation.code)).toMatchObject({ email: "sin-correo@example.pe", status: "pendiente" });
    expect(readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
  });

  test("with a mail server it says the copy was sent to the consumer's address", async () => {
    const smtp = await startTestSmtpServer();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      const confirmation = await fileAndOpenConfirmation("con-correo@example.pe");
      expect(confirmation.isCopySent).toBe(true);

      const html = render(confirmation);
      expect(html).toContain(
        "Te enviamos a con-correo@example.pe un correo con el código y un enlace para ver y recibir la copia completa. Guarda tu código para cualquier consulta.",
      );
      expect(html).not.toContain(COPY_NOT_SENT_MESSAGE);
      expect(html).toContain("Que me cambien el arnés.");

      expect(await readStored(confirmation.code)).toMatchObject({ email: "con-correo@example.pe" });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain("To: con-correo@example.pe");
    } finally {
      await smtp.close();
    }
  });
});
