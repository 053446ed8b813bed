import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, expect, test, vi } from "vitest";

import { startTestSmtpServer } from "~test/mail-server";

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
  vi.useRealTimers();
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

test("a mail server that accepts the connection but never answers fails the send after 10 s, not minutes", async () => {
  // nodemailer's own defaults would wait 30 s for the greeting and 10 minutes on the socket.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${(silent.address() as { port: number }).port}`);
  const realSetTimeout = globalThis.setTimeout;
  /** The outcome if it comes within 1 s of real time (the sockets' events are real). */
  const settled = (outcome: Promise<string>) =>
    Promise.race([outcome, new Promise((resolve) => realSetTimeout(() => resolve("still waiting"), 1_000))]);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    const outcome = sendMail(message, () => {}).then(
      () => "sent",
      (error: Error) => error.message,
    );
    await vi.waitFor(() => expect(sockets).toHaveLength(1), { interval: 5 });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(await settled(outcome)).toBe("still waiting");
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await settled(outcome)).toMatch(/greeting|timeout/i);
  } finally {
    vi.useRealTimers();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});
