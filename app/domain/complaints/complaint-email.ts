import { formatMoney } from "~/lib/money";
import {
  complaintTypeLabels,
  CONSUMER_AUTHORITY_LEGEND,
  type ComplaintInput,
  documentTypeLabels,
  RESPONSE_BUSINESS_DAYS,
  RESPONSE_DEADLINE_LEGEND,
} from "./complaint";
import { formatLimaDateTime, formatLongDate } from "./lima-time";

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

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function renderHtmlText(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, "<br>");
}

/** The consumer's copy of the complaint sheet, in Spanish text and HTML. */
export function buildComplaintCopyEmail(
  complaint: ComplaintRecord,
  shopName: string,
): { subject: string; text: string; html: string } {
  const type = complaintTypeLabels[complaint.complaintType].toLowerCase();
  const summary: Row[] = [
    { label: "Código", value: complaint.code },
    { label: "Fecha de registro", value: formatLimaDateTime(complaint.filedAt) },
    {
      label: "Plazo de respuesta",
      value: `hasta el ${formatLongDate(complaint.dueDate)} (${RESPONSE_BUSINESS_DAYS} días hábiles)`,
    },
  ];
  const sections = describeComplaintCopySections(complaint);
  const intro = `Registramos tu ${type} en el Libro de Reclamaciones de ${shopName}. Esta es tu copia de la hoja de reclamación.`;

  const text = [
    `Hola, ${complaint.fullName}:`,
    "",
    intro,
    "",
    ...summary.map((row) => `${row.label}: ${row.value}`),
    ...sections.flatMap((section) => [
      "",
      section.title.toUpperCase(),
      ...section.rows.map((row) => `${row.label}: ${row.value}`),
    ]),
    "",
    RESPONSE_DEADLINE_LEGEND,
    CONSUMER_AUTHORITY_LEGEND,
    "",
    shopName,
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
    `<p>Hola, ${escapeHtml(complaint.fullName)}:</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse">${renderRows(summary)}</table>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(section.title)}</h2>` +
        `<table style="border-collapse:collapse">${renderRows(section.rows)}</table>`,
    ),
    `<p style="margin-top:20px">${escapeHtml(RESPONSE_DEADLINE_LEGEND)}</p>`,
    `<p>${escapeHtml(CONSUMER_AUTHORITY_LEGEND)}</p>`,
    `<p>${escapeHtml(shopName)}</p>`,
    "</div>",
  ].join("\n");

  return {
    subject: `Copia de tu ${type} ${complaint.code} - Libro de Reclamaciones de ${shopName}`,
    text,
    html,
  };
}
