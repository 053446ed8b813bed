import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { complaints, users } from "~/db/schema";
import { sendShopMail, type ShopMailOutcome } from "~/domain/account/account-mail.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { addBusinessDays } from "~/domain/calendar/business-days";
import { formatLimaDateTime, formatLongDate, getLimaDate, SHOP_TIME_ZONE } from "~/domain/calendar/lima-time";
import { getShopSettings } from "~/domain/settings/settings.server";
import { formatMoney } from "~/lib/money";
import { normalizeForSearch } from "~/lib/text";

import {
  complaintTypeLabels,
  CONSUMER_AUTHORITY_LEGEND,
  documentTypeLabels,
  RESPONSE_BUSINESS_DAYS,
} from "./complaint";
import { COMPLAINT_PAGE_SIZE, type ComplaintListQuery, type Deadline, describeDeadline } from "./complaint-admin";
import { withPlainTypedText } from "./complaint-email";

type Admin = { id: string };
type StoredComplaint = typeof complaints.$inferSelect;

const limaShortDate = new Intl.DateTimeFormat("es-PE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});
const limaShortDateTime = new Intl.DateTimeFormat("es-PE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SHOP_TIME_ZONE,
});

/** The due date, also for a row filed before the deadline was stored. */
function resolveDueDate(complaint: Pick<StoredComplaint, "dueDate" | "createdAt">): string {
  return complaint.dueDate ?? addBusinessDays(getLimaDate(complaint.createdAt), RESPONSE_BUSINESS_DAYS);
}

/** Lower-cased and without accents in SQL, to compare with normalizeForSearch's needle. */
function foldForSearch(column: SQL | typeof complaints.fullName): SQL {
  return sql`translate(lower(${column}), 'áéíóúüñàèìòùÁÉÍÓÚÜÑ', 'aeiouunaeiouaeiouun')`;
}

function toContainsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The list's filters as one condition: status, type and the search box. */
function complaintListFilter(query: ComplaintListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(complaints.status, query.status));
  if (query.type) conditions.push(eq(complaints.complaintType, query.type));
  const needle = normalizeForSearch(query.q);
  if (needle) {
    const pattern = toContainsPattern(needle);
    conditions.push(
      or(
        sql`lower(${complaints.code}) like ${pattern}`,
        sql`${foldForSearch(complaints.fullName)} like ${pattern}`,
        sql`lower(${complaints.documentNumber}) like ${pattern}`,
        sql`lower(${complaints.email}) like ${pattern}`,
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const listColumns = {
  id: complaints.id,
  code: complaints.code,
  createdAt: complaints.createdAt,
  complaintType: complaints.complaintType,
  fullName: complaints.fullName,
  documentType: complaints.documentType,
  documentNumber: complaints.documentNumber,
  status: complaints.status,
  dueDate: complaints.dueDate,
  answeredAt: complaints.answeredAt,
  isAnswerEmailed: complaints.isAnswerEmailed,
};

type ListedComplaint = Pick<StoredComplaint, keyof typeof listColumns>;

/** A row of the list as the table shows it, its dates in Lima. */
function toListRow(row: ListedComplaint, today: string) {
  const dueDate = resolveDueDate(row);
  return {
    id: row.id,
    code: row.code,
    // '02/02/2026 10:00', without the comma es-PE puts between them.
    filedAt: limaShortDateTime.format(row.createdAt).replace(",", ""),
    complaintType: row.complaintType,
    fullName: row.fullName,
    document: `${row.documentType} ${row.documentNumber}`,
    status: row.status,
    dueDate: limaShortDate.format(new Date(`${dueDate}T12:00:00Z`)),
    deadline: row.status === "pendiente" ? describeDeadline(today, dueDate) : null,
    answeredAt: row.answeredAt ? limaShortDate.format(row.answeredAt) : null,
    isAnswerEmailed: row.isAnswerEmailed,
  };
}

/**
 * One page of the book, most urgent first: pending ones by due date (so the overdue ones
 * lead, the longest overdue first), then the answered ones, the latest answered first.
 * `now` fixes "today" (a Lima date) for the days left.
 */
export async function listAdminComplaints(query: ComplaintListQuery, now: Date = new Date()) {
  const where = complaintListFilter(query);
  const today = getLimaDate(now);
  const db = getDb();
  const [totals] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${complaints.status} = 'pendiente')`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${complaints.status} = 'pendiente'
        and ${complaints.dueDate} < ${today})`.mapWith(Number),
    })
    .from(complaints)
    .where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / COMPLAINT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select(listColumns)
    .from(complaints)
    .where(where)
    .orderBy(
      sql`case when ${complaints.status} = 'pendiente' then 0 else 1 end`,
      sql`case when ${complaints.status} = 'pendiente' then ${complaints.dueDate} end asc nulls first`,
      // Same due date: the one filed first is answered first.
      sql`case when ${complaints.status} = 'pendiente' then ${complaints.id} end asc`,
      desc(complaints.answeredAt),
      desc(complaints.id),
    )
    .limit(COMPLAINT_PAGE_SIZE)
    .offset((page - 1) * COMPLAINT_PAGE_SIZE);

  return {
    rows: rows.map((row) => toListRow(row, today)),
    total,
    pendingCount: totals?.pending ?? 0,
    overdueCount: totals?.overdue ?? 0,
    page,
    pageCount,
  };
}

export type AdminComplaintRow = Awaited<ReturnType<typeof listAdminComplaints>>["rows"][number];

/** Everything the hoja holds, with its dates formatted for Lima; null when there is no such complaint. */
export async function getAdminComplaint(id: number, now: Date = new Date()) {
  const [row] = await getDb()
    .select({ complaint: complaints, answeredBy: users.username, answeredByName: users.name })
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.answeredByUserId))
    .where(eq(complaints.id, id));
  if (!row) return null;
  const { complaint } = row;
  const dueDate = resolveDueDate(complaint);
  const deadline: Deadline | null =
    complaint.status === "pendiente" ? describeDeadline(getLimaDate(now), dueDate) : null;
  return {
    id: complaint.id,
    code: complaint.code,
    status: complaint.status,
    filedAt: formatLimaDateTime(complaint.createdAt),
    dueDate: formatLongDate(dueDate),
    deadline,
    fullName: complaint.fullName,
    documentType: documentTypeLabels[complaint.documentType],
    documentNumber: complaint.documentNumber,
    phone: complaint.phone,
    email: complaint.email,
    address: complaint.address,
    isMinor: complaint.isMinor,
    guardianFullName: complaint.guardianFullName,
    guardianDocumentNumber: complaint.guardianDocumentNumber,
    complaintType: complaint.complaintType,
    productOrService: complaint.productOrService,
    amount: complaint.amountCents === null ? null : formatMoney(complaint.amountCents),
    description: complaint.description,
    request: complaint.request,
    providerLegalName: complaint.providerLegalName,
    providerRuc: complaint.providerRuc,
    providerAddress: complaint.providerAddress,
    answer: complaint.answer,
    answeredAt: complaint.answeredAt ? formatLimaDateTime(complaint.answeredAt) : null,
    isAnswerEmailed: complaint.isAnswerEmailed,
    answeredBy: row.answeredBy ?? row.answeredByName ?? null,
  };
}

export type AdminComplaint = NonNullable<Awaited<ReturnType<typeof getAdminComplaint>>>;

/**
 * The answer e-mail: the answer first, then what the consumer filed (plain: no link they typed
 * becomes one), so it reads on its own.
 */
function buildAnswerEmail(filed: StoredComplaint, shopName: string, answeredAt: Date) {
  const complaint = withPlainTypedText(filed);
  const type = complaintTypeLabels[complaint.complaintType].toLowerCase();
  const filedAt = formatLimaDateTime(complaint.createdAt);
  const answerLines = (complaint.answer ?? "").split(/\r?\n/).filter((line) => line.trim() !== "");
  const summary = [
    `Código: ${complaint.code}`,
    `Fecha de registro: ${filedAt}`,
    `Tipo: ${complaintTypeLabels[complaint.complaintType]}`,
    `Producto o servicio: ${complaint.productOrService || "No indicado"}`,
    `Monto reclamado: ${complaint.amountCents === null ? "No indicado" : formatMoney(complaint.amountCents)}`,
    `Detalle: ${complaint.description}`,
    `Pedido: ${complaint.request}`,
  ];
  return {
    subject: `Respuesta a tu reclamación ${complaint.code} - Libro de Reclamaciones de ${shopName}`,
    content: {
      heading: `Respuesta a tu reclamación ${complaint.code}`,
      paragraphs: [
        `Hola, ${complaint.fullName}:`,
        `Esta es la respuesta de ${shopName} a tu ${type} registrada el ${filedAt} en nuestro Libro de Reclamaciones.`,
        ...answerLines,
        `Respondida el ${formatLimaDateTime(answeredAt)}.`,
        "Resumen de tu reclamación:",
        ...summary,
      ],
      note: CONSUMER_AUTHORITY_LEGEND,
    },
  };
}

export type AnswerResult =
  | { status: "not-found" }
  | { status: "already-answered" }
  | { status: "answered"; code: string; email: string; mail: ShopMailOutcome };

/**
 * Stores the owner's answer and e-mails it to the consumer. Only a pending complaint
 * takes it: the update is conditional, so of two answers racing only the first lands
 * and an answered complaint never changes. A failed e-mail keeps the stored answer.
 * The book records whether the answer really left through the mail server: one only
 * written to the outbox never reaches the consumer, and the owner must deliver it.
 */
export async function answerComplaint(
  admin: Admin,
  id: number,
  answer: string,
  now: Date = new Date(),
): Promise<AnswerResult> {
  const answered = await getDb().transaction(async (tx) => {
    const [updated] = await tx
      .update(complaints)
      .set({ status: "respondido", answer, answeredAt: now, answeredByUserId: admin.id, updatedAt: now })
      .where(and(eq(complaints.id, id), eq(complaints.status, "pendiente")))
      .returning();
    if (!updated) return null;
    await recordAudit(
      {
        userId: admin.id,
        action: "update",
        entity: "complaint",
        entityId: updated.id,
        summary: { title: updated.code, status: "respondido" },
      },
      tx,
    );
    return updated;
  });
  if (!answered) {
    const [existing] = await getDb().select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id));
    return { status: existing ? "already-answered" : "not-found" };
  }
  const { shopName } = await getShopSettings();
  const mail = buildAnswerEmail(answered, shopName, now);
  const outcome = await sendShopMail(answered.email, mail.subject, mail.content);
  await getDb()
    .update(complaints)
    .set({ isAnswerEmailed: outcome === "smtp" })
    .where(eq(complaints.id, answered.id));
  return { status: "answered", code: answered.code, email: answered.email, mail: outcome };
}
