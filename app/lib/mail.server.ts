import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Transporter } from "nodemailer";

import { readConfig } from "~/config.server";

import { whileWaitingOutside } from "./render-queue.server";

export type MailAttachment = { filename: string; content: string; contentType: string };
export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };
/**
 * How a message left: "smtp" is the only delivery that reaches the recipient; "outbox"
 * is a file on this machine, so nobody may be told it was sent.
 */
export type MailReceipt = { delivery: "smtp" } | { delivery: "outbox"; file: string };

/** Whether e-mails reach anyone: without SMTP_URL they only land in the outbox. */
export function isMailServerConfigured(): boolean {
  return Boolean(readConfig().smtpUrl);
}

/**
 * nodemailer waits 2 minutes for a connection and 10 for a silent socket: an unreachable or
 * hung mail server would hold a shopper's request (a complaint, a password recovery) and its
 * render slot that long. A healthy server answers in well under a second; after 10 s the
 * send fails, and the callers keep the shopper's action and say the e-mail did not leave.
 * Parameters in SMTP_URL's query string still win.
 */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 };

/**
 * nodemailer is loaded by the first e-mail, not when the server starts: it keeps part of the
 * heap alive, and V8 sizes the heap in proportion to what is alive (bench/history.md,
 * 'The page cache').
 */
async function loadNodemailer() {
  return (await import("nodemailer")).default;
}

let smtp: { url: string; transporter: Transporter } | undefined;

async function getSmtpTransport(url: string): Promise<Transporter> {
  if (smtp?.url !== url) {
    const nodemailer = await loadNodemailer();
    smtp = { url, transporter: nodemailer.createTransport({ url, ...SMTP_TIMEOUTS_MS }) };
  }
  return smtp.transporter;
}

let outboxWriter: Transporter | undefined;

async function getOutboxWriter(): Promise<Transporter> {
  outboxWriter ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return outboxWriter;
}

function findLinks(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

/**
 * Sends an e-mail through SMTP_URL; without it, writes the message as an .eml file
 * to $DATA_DIR/outbox and logs its subject and links, so nothing is lost on a
 * machine without mail.
 */
export async function sendMail(message: MailMessage, log: (line: string) => void = console.log): Promise<MailReceipt> {
  const config = readConfig();
  const host = new URL(config.appUrl).hostname;
  const envelope = { from: `"Patitas Felices" <no-reply@${host}>`, ...message };
  if (config.smtpUrl) {
    // The mail server's wait opens a place in the render line for its time (ADR 062).
    const transport = await getSmtpTransport(config.smtpUrl);
    await whileWaitingOutside(() => transport.sendMail(envelope));
    return { delivery: "smtp" };
  }
  const outbox = path.join(config.dataDir, "outbox");
  mkdirSync(outbox, { recursive: true });
  const info = (await (await getOutboxWriter()).sendMail(envelope)) as { message: Buffer };
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  writeFileSync(file, info.message);
  const links = findLinks(message.text);
  log(
    `Mail to ${message.to} written to ${file}: "${message.subject}"` +
      (links.length > 0 ? ` — links: ${links.join(" ")}` : ""),
  );
  return { delivery: "outbox", file };
}
