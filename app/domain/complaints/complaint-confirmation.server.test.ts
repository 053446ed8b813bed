import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createCookie } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { readConfig, resolveAuthSecret } from "~/config.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { requestAs } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { fileComplaint } from "./complaint.server";
import { readComplaintConfirmation, serializeComplaintConfirmation } from "./complaint-confirmation.server";
import { parseComplaintForm } from "./complaint-schema";

// Issue 29: the confirmation shows the consumer's document and address. Its cookie's 10
// minutes were only the browser's Max-Age, so a copied cookie value could be replayed for
// ever; the server now checks the moment it was issued.

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});
beforeEach(() => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "patitas-confirmation-cookie-")));
  vi.stubEnv("SMTP_URL", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function fileAndKeepCookie(now: Date): Promise<{ cookie: string; code: string }> {
  const input = parseComplaintForm({
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
    productOrService: "",
    amount: "",
    description: "Llegó roto.",
    request: "Cambio.",
    acceptTerms: "on",
  });
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  const { complaint, isCopySent } = await fileComplaint(input.data, { now, log: () => {} });
  const cookie = (await serializeComplaintConfirmation(complaint, isCopySent, now)).split(";")[0]!;
  return { cookie, code: complaint.code };
}

const open = (cookie: string, now: Date) => readComplaintConfirmation(requestAs(cookie, "/libro-reclamaciones"), now);
const shownValues = (sections: { rows: { value: string }[] }[]) =>
  sections.flatMap((section) => section.rows.map((row) => row.value));

describe("the complaint confirmation cookie", () => {
  test("shows the filing within 10 minutes by the server's clock, and nothing to a replay after that", async () => {
    const filedAt = new Date();
    const { cookie } = await fileAndKeepCookie(filedAt);

    const fresh = await open(cookie, new Date(filedAt.getTime() + 9 * 60 * 1000));
    expect(fresh.confirmation).not.toBeNull();
    expect(shownValues(fresh.confirmation!.sections)).toEqual(
      expect.arrayContaining(["DNI 71234567", "Calle Las Flores 123, Surco"]),
    );
    // The page asks the browser to forget it at once.
    expect(fresh.headers.get("Set-Cookie")).toMatch(/^patitas_complaint=;.*Max-Age=0/);

    // The same value sent again later, as a copied cookie would be: no consumer data.
    const replay = await open(cookie, new Date(filedAt.getTime() + 10 * 60 * 1000 + 1000));
    expect(replay.confirmation).toBeNull();
    const dayLater = await open(cookie, new Date(filedAt.getTime() + 24 * 60 * 60 * 1000));
    expect(dayLater.confirmation).toBeNull();
  });

  test("a validly signed cookie of the old format, without its issue time, shows nothing", async () => {
    const filedAt = new Date();
    const { code } = await fileAndKeepCookie(filedAt);
    const oldFormat = createCookie("patitas_complaint", { secrets: [resolveAuthSecret(readConfig())] });
    const cookie = (
      await oldFormat.serialize({
        code,
        filedAt: filedAt.toISOString(),
        dueDate: "2026-12-16",
        email: "lucia@example.pe",
        isCopySent: false,
      })
    ).split(";")[0]!;
    expect((await open(cookie, filedAt)).confirmation).toBeNull();
  });
});
