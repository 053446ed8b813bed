import { formatLimaDateTime, formatLongDate } from "~/domain/calendar/lima-time";
import { breakLinks } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";
import { escapeHtml } from "~/lib/text";

import {
  complaintTypeLabels,
  CONSUMER_AUTHORITY_LEGEND,
  documentTypeLabels,
  RESPONSE_BUSINESS_DAYS,
  RESPONSE_DEADLINE_LEGEND,
} from "./complaint";
import type { ComplaintInput } from "./complaint-schema";

/** A stored complaint as the consumer's copy needs it. */
export type ComplaintRecord = ComplaintInput & {
  code: string;
  filedAt: Date;
  dueDate: string;
  providerLegalName: string;
  providerRuc: string;
  providerAddress: string;
};

type Row = { label: string; value: string };
export type ComplaintCopySection = { title: string; rows: Row[] };

/**
 * The hoja as the consumer's copy shows it: the provider and the three numbered sections.
 * The e-mail and the confirmation page draw the same rows, so the page is a full copy
 * when the e-mail could not be sent.
 */
export function describeComplaintCopySections(complaint: ComplaintRecord): ComplaintCopySection[] {
  const consumer: Row[] = [
    { label: "Nombre completo", value: complaint.fullName },
    {
      label: "Documento",
      value: `${documentTypeLabels[complaint.documentType]} ${complaint.documentNumber}`,
    },
    { label: "Teléfono", value: complaint.phone },
    { label: "Correo electrónico", value: complaint.email },
    { label: "Dirección", value: complaint.address },
    { label: "Menor de edad", value: complaint.isMinor ? "Sí" : "No" },
  ];
  if (complaint.isMinor) {
    consumer.push(
      { label: "Padre, madre o apoderado", value: complaint.guardianFullName ?? "" },
      { label: "Documento del padre, madre o apoderado", value: complaint.guardianDocumentNumber ?? "" },
    );
  }
  return [
    {
      title: "Proveedor",
      rows: [
        { label: "Razón social", value: complaint.providerLegalName },
        { label: "RUC", value: complaint.providerRuc },
        { label: "Dirección", value: complaint.providerAddress },
      ],
    },
    { title: "1. Identificación del Consumidor Reclamante", rows: consumer },
    {
      title: "2. Identificación del Bien Contratado",
      rows: [
        { label: "Producto o servicio", value: complaint.productOrService || "No indicado" },
        {
          label: "Monto reclamado",
          value: complaint.amountCents === null ? "No indicado" : formatMoney(complaint.amountCents),
        },
      ],
    },
    {
      title: "3. Detalle de la Reclamación y Pedido del Consumidor",
      rows: [
        { label: "Tipo", value: complaintTypeLabels[complaint.complaintType] },
        { label: "Detalle", value: complaint.description },
        { label: "Pedido", value: complaint.request },
      ],
    },
  ];
}

function renderHtmlText(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, "<br>");
}

type MailParts = {
  greeting?: string;
  intro: string;
  summary: Row[];
  sections: ComplaintCopySection[];
  link?: { lead: string; label: string; url: string };
  closing: string[];
  shopName: string;
};

/** One complaint e-mail as plain text and as HTML, every value escaped in the HTML. */
function renderComplaintMail(parts: MailParts): { text: string; html: string } {
  const text = [
    ...(parts.greeting ? [parts.greeting, ""] : []),
    parts.intro,
    "",
    ...parts.summary.map((row) => `${row.label}: ${row.value}`),
    ...parts.sections.flatMap((section) => [
      "",
      section.title.toUpperCase(),
      ...section.rows.map((row) => `${row.label}: ${row.value}`),
    ]),
    ...(parts.link ? ["", parts.link.lead, `${parts.link.label}: ${parts.link.url}`] : []),
    "",
    ...parts.closing,
    "",
    parts.shopName,
  ].join("\n");

  const renderRows = (rows: Row[]) =>
    rows
      .map(
        (row) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;white-space:nowrap">${escapeHtml(row.label)}</th>` +
          `<td style="padding:4px 0">${renderHtmlText(row.value)}</td></tr>`,
      )
      .join("");
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;color:#2b2b2b;max-width:640px">',
    ...(parts.greeting ? [`<p>${escapeHtml(parts.greeting)}</p>`] : []),
    `<p>${escapeHtml(parts.intro)}</p>`,
    `<table style="border-collapse:collapse">${renderRows(parts.summary)}</table>`,
    ...parts.sections.map(
      (section) =>
        `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(section.title)}</h2>` +
        `<table style="border-collapse:collapse">${renderRows(section.rows)}</table>`,
    ),
    ...(parts.link
      ? [
          `<p style="margin-top:20px">${escapeHtml(parts.link.lead)}</p>`,
          `<p><a href="${escapeHtml(parts.link.url)}" style="color:#1d6b6b;font-weight:bold">${escapeHtml(parts.link.label)}</a></p>`,
        ]
      : []),
    ...parts.closing.map((line, index) => `<p${index === 0 ? ' style="margin-top:20px"' : ""}>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(parts.shopName)}</p>`,
    "</div>",
  ].join("\n");
  return { text, html };
}

function describeSummary(complaint: Pick<ComplaintRecord, "code" | "filedAt" | "dueDate">): Row[] {
  return [
    { label: "Código", value: complaint.code },
    { label: "Fecha de registro", value: formatLimaDateTime(complaint.filedAt) },
    {
      label: "Plazo de respuesta",
      value: `hasta el ${formatLongDate(complaint.dueDate)} (${RESPONSE_BUSINESS_DAYS} días hábiles)`,
    },
  ];
}

type FreeText = "fullName" | "address" | "guardianFullName" | "productOrService" | "description" | "request";

/**
 * What the sender typed freely, made plain for an e-mail (breakLinks): a name or a detail that
 * reads as a link must not become one the shop mails. Documents and phones only take digits
 * and letters, and the address is the recipient's own.
 */
export function withPlainTypedText<T extends Pick<ComplaintInput, FreeText>>(complaint: T): T {
  return {
    ...complaint,
    fullName: breakLinks(complaint.fullName),
    address: breakLinks(complaint.address),
    guardianFullName: complaint.guardianFullName === null ? null : breakLinks(complaint.guardianFullName),
    productOrService: breakLinks(complaint.productOrService),
    description: breakLinks(complaint.description),
    request: breakLinks(complaint.request),
  };
}

/**
 * The consumer's full copy of the complaint sheet, in Spanish text and HTML. It carries what
 * the sender typed, so it only goes to an address whose owner followed the notice's link;
 * even so, what they typed is plain text there.
 */
export function buildComplaintCopyEmail(
  filed: ComplaintRecord,
  shopName: string,
): { subject: string; text: string; html: string } {
  const complaint = withPlainTypedText(filed);
  const type = complaintTypeLabels[complaint.complaintType].toLowerCase();
  return {
    subject: `Copia de tu ${type} ${complaint.code} - Libro de Reclamaciones de ${shopName}`,
    ...renderComplaintMail({
      greeting: `Hola, ${complaint.fullName}:`,
      intro: `Registramos tu ${type} en el Libro de Reclamaciones de ${shopName}. Esta es tu copia de la hoja de reclamación.`,
      summary: describeSummary(complaint),
      sections: describeComplaintCopySections(complaint),
      closing: [RESPONSE_DEADLINE_LEGEND, CONSUMER_AUTHORITY_LEGEND],
      shopName,
    }),
  };
}

/** What the notice needs: nothing the sender typed but the address it goes to. */
export type ComplaintNoticeRecord = Pick<
  ComplaintRecord,
  "code" | "filedAt" | "dueDate" | "complaintType" | "providerLegalName" | "providerRuc" | "providerAddress"
>;

export const COMPLAINT_COPY_LINK_DAYS = 90;

/**
 * The e-mail sent as soon as a complaint is filed. Anyone can type any address in the book,
 * so it carries no text typed by the sender (no name, document, address, detail or request):
 * only the code, the dates, the type, the provider and a signed link. Following the link
 * proves the address's owner reads it; the full copy is shown and sent from there.
 */
export function buildComplaintNoticeEmail(
  complaint: ComplaintNoticeRecord,
  shopName: string,
  copyUrl: string,
): { subject: string; text: string; html: string } {
  const type = complaintTypeLabels[complaint.complaintType];
  return {
    subject: `Reclamación ${complaint.code} registrada - Libro de Reclamaciones de ${shopName}`,
    ...renderComplaintMail({
      intro:
        `Se registró la hoja de reclamación ${complaint.code} en el Libro de Reclamaciones de ${shopName}, ` +
        "con este correo electrónico como el del consumidor.",
      summary: [{ label: "Tipo", value: type }, ...describeSummary(complaint)],
      sections: [
        {
          title: "Proveedor",
          rows: [
            { label: "Razón social", value: complaint.providerLegalName },
            { label: "RUC", value: complaint.providerRuc },
            { label: "Dirección", value: complaint.providerAddress },
          ],
        },
      ],
      link: {
        lead:
          "Por tu seguridad, este correo no incluye los datos ni el texto de la reclamación. Para ver la copia " +
          `completa de la hoja y recibirla por correo, abre este enlace (vence en ${COMPLAINT_COPY_LINK_DAYS} días):`,
        label: "Ver y recibir la copia completa",
        url: copyUrl,
      },
      closing: [
        RESPONSE_DEADLINE_LEGEND,
        CONSUMER_AUTHORITY_LEGEND,
        "Si no registraste esta reclamación, ignora este correo.",
      ],
      shopName,
    }),
  };
}
