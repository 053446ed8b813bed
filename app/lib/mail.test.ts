import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { startTestSmtpServer } from "./mail-testing.server";
import { isMailServerConfigured, sendMail } from "./mail.server";

const message = {
  to: "cliente@example.pe",
  subject: "Recupera tu contraseña",
  text: "Hola, usa este enlace: http://localhost:3000/auth/update-password?token=abc123 (vence en 1 hora).",
  html: '<p>Hola, usa <a href="http://localhost:3000/auth/update-password?token=abc123">este enlace</a>.</p>',
};

/** Undoes quoted-printable (soft breaks, =XX bytes) so assertions read the text as sent. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

test("without SMTP_URL the e-mail is written to $DATA_DIR/outbox and its subject and links are logged", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-mail-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
  const logs: string[] = [];
  expect(isMailServerConfigured()).toBe(false);
  const receipt = await sendMail(message, (line) => logs.push(line));

  expect(receipt.delivery).toBe("outbox");
  const file = (receipt as { file: string }).file;
  expect(path.dirname(file)).toBe(path.join(dataDir, "outbox"));
  expect(file).toMatch(/\.eml$/);
  const eml = decodeQuotedPrintable(readFileSync(file, "utf8"));
  expect(eml).toContain("To: cliente@example.pe");
  expect(eml).toContain("http://localhost:3000/auth/update-password?token=abc123");
  expect(logs).toHaveLength(1);
  expect(logs[0]).toContain('"Recupera tu contraseña"');
  expect(logs[0]).toContain("links: http://localhost:3000/auth/update-password?token=abc123");
});

test("with SMTP_URL the e-mail goes to that SMTP server", async () => {
  const smtp = await startTestSmtpServer();
  vi.stubEnv("SMTP_URL", smtp.url);
  try {
    expect(isMailServerConfigured()).toBe(true);
    expect(await sendMail(message, () => {})).toEqual({ delivery: "smtp" });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain("To: cliente@example.pe");
    expect(decodeQuotedPrintable(smtp.received[0]!)).toContain("token=abc123");
  } finally {
    await smtp.close();
  }
});
