import "~/lib/validation";

import { z } from "zod";

import { countBusinessDaysLeft } from "~/domain/calendar/business-days";
import { parsePage, parseRecordId } from "~/lib/parse";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { type ComplaintType, complaintTypes } from "./complaint";

// The complaints book in the back office: the list's query string, the deadline as the
// owner reads it and the answer's schema. Browser-safe (no database import).

export const complaintStatuses = ["pendiente", "respondido"] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  pendiente: "Pendiente",
  respondido: "Respondido",
};

export const COMPLAINT_PAGE_SIZE = 25;
export const ANSWER_MAX_LENGTH = 5000;
export const EMPTY_ANSWER_MESSAGE = "Escribe la respuesta para el consumidor.";
export const ALREADY_ANSWERED_MESSAGE = "Esta reclamación ya fue respondida.";
export const COMPLAINT_NOT_FOUND_MESSAGE = "Reclamación no encontrada.";
/** Why there is no delete button: the book is a legal record. */
export const RETENTION_NOTICE =
  "Las reclamaciones no se eliminan: el Libro de Reclamaciones se conserva al menos dos años.";

/**
 * Without SMTP_URL every e-mail stays in the outbox: the owner must know that neither the
 * consumer's copy nor the answer reaches anyone, or the legal deadline passes unnoticed.
 */
export const NO_MAIL_SERVER_NOTICE =
  "Los correos no se envían todavía: configura el servidor de correo. Mientras " +
  "tanto, las copias y respuestas de las reclamaciones no le llegan al consumidor por correo: " +
  "entrégale cada respuesta por otro medio (hoja impresa, teléfono o WhatsApp).";
export const ANSWER_NOT_EMAILED_LABEL = "No enviada por correo: entrégala al consumidor por otro medio.";

export const complaintAnswerSchema = z.object({
  answer: z
    .string(EMPTY_ANSWER_MESSAGE)
    .trim()
    .min(1, EMPTY_ANSWER_MESSAGE)
    .max(ANSWER_MAX_LENGTH, `Usa como máximo ${ANSWER_MAX_LENGTH} caracteres.`),
});

/** The list's filters as the URL carries them: `?estado=&tipo=&q=&pagina=`. */
export type ComplaintListQuery = {
  status: ComplaintStatus | null;
  type: ComplaintType | null;
  q: string;
  page: number;
};

function pickOne<T extends string>(values: readonly T[], raw: string | null): T | null {
  return values.find((value) => value === raw) ?? null;
}

/** Reads the list's query string; anything unknown is no filter. */
export function parseComplaintListQuery(url: URL): ComplaintListQuery {
  const params = url.searchParams;
  return {
    status: pickOne(complaintStatuses, params.get("estado")),
    type: pickOne(complaintTypes, params.get("tipo")),
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: parsePage(params.get("pagina")),
  };
}

/**
 * A route's `:complaintId`: a positive integer, or null. Ids are PostgreSQL integers: a
 * larger number names no complaint and would fail the query.
 */
export function parseComplaintId(raw: string | undefined): number | null {
  return parseRecordId(raw);
}

export type DeadlineTone = "overdue" | "urgent" | "on-time";
export type Deadline = {
  /** Business days from today to the due date: 0 on it, negative once overdue. */
  daysLeft: number;
  /** Past the due date (a weekend right after it already counts). */
  isOverdue: boolean;
  tone: DeadlineTone;
  label: string;
};

// Three business days or fewer: time to answer.
const URGENT_BUSINESS_DAYS = 3;

function businessDays(count: number): string {
  return count === 1 ? "1 día hábil" : `${count} días hábiles`;
}

/**
 * How a pending complaint stands against its 15-business-day deadline, on `today` (a Lima
 * date). The deadline ends with its due date, so the day after it is overdue even when it
 * is a Saturday, though no business day has been lost yet.
 */
export function describeDeadline(today: string, dueDate: string): Deadline {
  const daysLeft = countBusinessDaysLeft(today, dueDate);
  if (today > dueDate) {
    const overdueDays = -daysLeft;
    return {
      daysLeft,
      isOverdue: true,
      tone: "overdue",
      label: overdueDays > 0 ? `Vencida hace ${businessDays(overdueDays)}` : "Vencida",
    };
  }
  if (today === dueDate) return { daysLeft, isOverdue: false, tone: "urgent", label: "Vence hoy" };
  return {
    daysLeft,
    isOverdue: false,
    tone: daysLeft <= URGENT_BUSINESS_DAYS ? "urgent" : "on-time",
    label: daysLeft === 1 ? "Queda 1 día hábil" : `Quedan ${daysLeft} días hábiles`,
  };
}

/** The longest answer a WhatsApp link carries whole; a longer one ends with '…' (the sheet has it all). */
export const WHATSAPP_ANSWER_MAX_LENGTH = 1500;

/**
 * 'Enviar respuesta por WhatsApp': the answer, prefilled in a message to the consumer's phone,
 * naming the complaint's code (the answer is the provider's, so it speaks as the shop).
 */
export function buildComplaintAnswerWhatsAppUrl(complaint: {
  phone: string;
  fullName: string;
  code: string;
  answer: string | null;
  providerLegalName: string;
}): string {
  const answer = complaint.answer ?? "";
  const clipped =
    answer.length > WHATSAPP_ANSWER_MAX_LENGTH ? `${answer.slice(0, WHATSAPP_ANSWER_MAX_LENGTH - 1)}…` : answer;
  const from = complaint.providerLegalName ? ` de ${complaint.providerLegalName}` : "";
  const text =
    `Hola ${complaint.fullName}, le escribimos${from} sobre su reclamación ${complaint.code} del Libro de ` +
    `Reclamaciones.\n\nNuestra respuesta:\n${clipped}`;
  return buildWhatsAppUrl(complaint.phone, text);
}
