// What the shop's alert e-mails say (issue 25 item 7): pure, so every word is tested. Names and
// text a visitor typed go through breakLinks, so that no alert carries a link a stranger wrote.
import type { PetSize, PetSpecies } from "~/db/schema/bookings";
import { petSizeLabels, petSpeciesLabels } from "~/domain/bookings/booking-labels";
import { bookingWhen } from "~/domain/bookings/booking-link";
import { limaClockOf } from "~/domain/bookings/slots";
import { formatLongDate } from "~/domain/calendar/lima-time";
import { breakLinks, type MailContent } from "~/lib/mail-template";
import { formatMoney } from "~/lib/money";

/** How close a complaint's legal deadline must be to appear in the digest and on the dashboard. */
export const DIGEST_COMPLAINT_BUSINESS_DAYS = 3;
/** The digest goes out at this hour of the Lima day (UTC−5, no daylight saving). */
const DIGEST_HOUR_LIMA = 8;
/** A list in an e-mail names this many entries at most, then says how many more. */
export const ALERT_LIST_LIMIT = 20;
const MESSAGE_EXCERPT_LENGTH = 1000;

export type AlertMail = { subject: string; content: MailContent };

export type OrderAlertFacts = {
  id: number;
  code: string;
  customerName: string;
  customerPhone: string;
  totalCents: number;
  paymentMethodName: string;
  fulfillment: "pickup" | "delivery" | null;
  deliveryDistrict: string;
  /** Named with their presentación ('Alimento X — 15 kg'): two sizes of one product must read apart. */
  lines: { title: string; quantity: number }[];
};

export type ComplaintAlertFacts = {
  id: number;
  code: string;
  fullName: string;
  complaintType: "reclamo" | "queja";
  productOrService: string;
  dueDate: string | null;
};

export type ContactAlertFacts = { fullName: string; email: string; subject: string; message: string };

export type DigestFacts = {
  date: string;
  complaints: { id: number; code: string; fullName: string; dueDate: string; businessDaysLeft: number }[];
  complaintCount: number;
  unpaidOrders: { code: string; customerName: string; totalCents: number; status: string }[];
  unpaidOrderCount: number;
  /** Comprobantes SUNAT or the PSE refused, not replaced yet (issue 46). */
  refusedDocuments?: { title: string; orderCode: string; reason: string }[];
  refusedDocumentCount?: number;
  /** Paid orders without a comprobante that stands (the dashboard's tile). */
  paidWithoutDocumentCount?: number;
};

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 'dd/mm/aaaa' for a civil date 'YYYY-MM-DD'. */
export function formatShortDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

export function buildOrderAlert(order: OrderAlertFacts, adminUrl: string): AlertMail {
  const delivery =
    order.fulfillment === "delivery"
      ? `Entrega: Delivery a ${order.deliveryDistrict}`
      : order.fulfillment === "pickup"
        ? "Entrega: Recojo en tienda"
        : "Entrega: por coordinar";
  const shown = order.lines.slice(0, ALERT_LIST_LIMIT).map((line) => `${line.quantity} × ${line.title}`);
  const more = order.lines.length - shown.length;
  return {
    subject: `Nuevo pedido ${order.code}: ${formatMoney(order.totalCents)}`,
    content: {
      heading: `Nuevo pedido ${order.code}`,
      paragraphs: [
        `${breakLinks(order.customerName)} (${order.customerPhone}) hizo un pedido por ${formatMoney(order.totalCents)}.`,
        delivery,
        `Pago: ${order.paymentMethodName}`,
        `Productos: ${shown.join("; ")}${more > 0 ? `; …y ${plural(more, "producto más", "productos más")}` : ""}`,
      ],
      action: { label: "Ver el pedido", url: `${adminUrl}/pedidos/${order.id}` },
    },
  };
}

export type BookingAlertFacts = {
  id: number;
  code: string;
  serviceTitle: string;
  size: PetSize;
  petName: string;
  petSpecies: PetSpecies;
  customerName: string;
  customerPhone: string;
  notes: string;
  startsAt: Date;
  endsAt: Date;
  source: "online" | "admin";
};

/** A booking made online (issue 28); those the owner enters by hand are not told back to the owner. */
export function buildBookingAlert(booking: BookingAlertFacts, adminUrl: string): AlertMail | null {
  if (booking.source === "admin") return null;
  const { day, time } = bookingWhen(booking.startsAt, booking.endsAt);
  return {
    subject: `Nueva reserva ${booking.code}: ${booking.serviceTitle}, ${day} ${limaClockOf(booking.startsAt)}`,
    content: {
      heading: `Nueva reserva ${booking.code}`,
      paragraphs: [
        `${breakLinks(booking.customerName)} (${booking.customerPhone}) reservó ${booking.serviceTitle}.`,
        `Cuándo: ${day}, ${time}`,
        `Mascota: ${breakLinks(booking.petName)} (${petSpeciesLabels[booking.petSpecies]}, ${petSizeLabels[booking.size]})`,
        ...(booking.notes ? [`Notas: ${breakLinks(clip(booking.notes, MESSAGE_EXCERPT_LENGTH))}`] : []),
      ],
      action: { label: "Ver la reserva", url: `${adminUrl}/reservas/${booking.id}` },
    },
  };
}

export function buildComplaintAlert(complaint: ComplaintAlertFacts, adminUrl: string): AlertMail {
  const kind = complaint.complaintType === "queja" ? "queja" : "reclamo";
  const due = complaint.dueDate
    ? `Plazo legal: respóndela hasta el ${formatLongDate(complaint.dueDate)} (15 días hábiles).`
    : "Respóndela dentro del plazo legal de 15 días hábiles.";
  return {
    subject: `Nueva ${kind === "queja" ? "queja" : "reclamación"} ${complaint.code} en el Libro de Reclamaciones`,
    content: {
      heading: `Libro de Reclamaciones: ${complaint.code}`,
      paragraphs: [
        `${breakLinks(complaint.fullName)} registró un${kind === "queja" ? "a queja" : " reclamo"}` +
          (complaint.productOrService ? ` sobre «${breakLinks(clip(complaint.productOrService, 200))}».` : "."),
        due,
      ],
      action: { label: "Ver y responder", url: `${adminUrl}/reclamaciones/${complaint.id}` },
    },
  };
}

/**
 * A message from /contacto. What the visitor typed is plain text (breakLinks): the shop's own
 * alert must not hand the owner a link a stranger wrote. Their address stays as typed, to reply to.
 */
export function buildContactAlert(message: ContactAlertFacts, adminUrl: string): AlertMail {
  const subject = breakLinks(message.subject.trim());
  const name = breakLinks(message.fullName);
  return {
    subject: `Nuevo mensaje de ${clip(name, 80)}${subject ? `: ${clip(subject, 80)}` : ""}`,
    content: {
      heading: "Nuevo mensaje desde la página de Contacto",
      paragraphs: [
        `De: ${name} <${message.email}>`,
        ...(subject ? [`Asunto: ${subject}`] : []),
        breakLinks(clip(message.message, MESSAGE_EXCERPT_LENGTH)),
      ],
      action: { label: "Ver los mensajes", url: `${adminUrl}/mensajes` },
      note: "Para responder, escribe al correo del remitente.",
    },
  };
}

function deadlineWords(businessDaysLeft: number): string {
  if (businessDaysLeft < 0) return `vencido hace ${plural(-businessDaysLeft, "día hábil", "días hábiles")}`;
  if (businessDaysLeft === 0) return "vence hoy";
  return `vence en ${plural(businessDaysLeft, "día hábil", "días hábiles")}`;
}

/** The 8:00 digest, or null when there is nothing to tell (no e-mail is sent then). */
export function buildDigest(facts: DigestFacts, adminUrl: string): AlertMail | null {
  if (facts.complaintCount === 0 && facts.unpaidOrderCount === 0 && !facts.refusedDocumentCount) return null;
  const paragraphs: string[] = [];
  if (facts.complaintCount > 0) {
    paragraphs.push(
      `${plural(facts.complaintCount, "reclamación vence", "reclamaciones vencen")} en ${DIGEST_COMPLAINT_BUSINESS_DAYS} días hábiles o menos:`,
      ...facts.complaints.map(
        (c) =>
          `• ${c.code}, ${breakLinks(c.fullName)}: ${deadlineWords(c.businessDaysLeft)} (${formatShortDate(c.dueDate)})`,
      ),
    );
    if (facts.complaintCount > facts.complaints.length) {
      paragraphs.push(`…y ${facts.complaintCount - facts.complaints.length} más en el Libro de Reclamaciones.`);
    }
  }
  if (facts.unpaidOrderCount > 0) {
    paragraphs.push(
      `${plural(facts.unpaidOrderCount, "pedido sin pagar", "pedidos sin pagar")}:`,
      ...facts.unpaidOrders.map(
        (o) => `• ${o.code}, ${breakLinks(o.customerName)}: ${formatMoney(o.totalCents)} (${o.status})`,
      ),
    );
    if (facts.unpaidOrderCount > facts.unpaidOrders.length) {
      paragraphs.push(`…y ${facts.unpaidOrderCount - facts.unpaidOrders.length} más en Pedidos.`);
    }
  }
  const refusedCount = facts.refusedDocumentCount ?? 0;
  if (refusedCount > 0) {
    paragraphs.push(
      `${plural(refusedCount, "comprobante rechazado", "comprobantes rechazados")}:`,
      ...(facts.refusedDocuments ?? []).map((d) => `• ${d.title} (pedido ${d.orderCode}): ${breakLinks(d.reason)}`),
    );
  }
  const parts = [
    facts.complaintCount > 0 ? plural(facts.complaintCount, "reclamación por vencer", "reclamaciones por vencer") : "",
    facts.unpaidOrderCount > 0 ? plural(facts.unpaidOrderCount, "pedido sin pagar", "pedidos sin pagar") : "",
    refusedCount > 0 ? plural(refusedCount, "comprobante rechazado", "comprobantes rechazados") : "",
  ].filter(Boolean);
  return {
    subject: `Resumen del ${formatShortDate(facts.date)}: ${[parts.slice(0, -1).join(", "), parts.at(-1)].filter(Boolean).join(" y ")}`,
    content: {
      heading: `Resumen del día, ${formatLongDate(facts.date)}`,
      paragraphs,
      action: { label: "Abrir el panel", url: `${adminUrl}/dashboard` },
    },
  };
}

/**
 * The Lima date whose digest is due at `now`: today's once 8:00 has passed in Lima, else null
 * (before 8:00 nothing is due; yesterday's was due yesterday, and a shop started late does not
 * send it now).
 */
export function dueDigestDate(now: Date, getLimaDate: (instant: Date) => string): string | null {
  const today = getLimaDate(now);
  const sinceEight = getLimaDate(new Date(now.getTime() - DIGEST_HOUR_LIMA * 60 * 60 * 1000));
  return sinceEight === today ? today : null;
}

/** While the shop is flooded with alerts, they go out together, at most once per this many minutes. */
export const ALERT_SUMMARY_MINUTES = 15;

/**
 * The one e-mail that stands for the alerts that came in while the shop was flooded (issue 41):
 * each named by the subject line it would have had alone, so the owner can tell them apart.
 */
export function buildAlertSummary(subjects: string[], adminUrl: string): AlertMail {
  const shown = subjects.slice(0, ALERT_LIST_LIMIT);
  const more = subjects.length - shown.length;
  const count = plural(subjects.length, "aviso nuevo", "avisos nuevos");
  return {
    subject: `Resumen de avisos: ${count}`,
    content: {
      heading: `Resumen de avisos: ${count}`,
      paragraphs: [
        `Llegaron muchos avisos a la vez, así que por ahora te los enviamos juntos, en un solo correo cada ${ALERT_SUMMARY_MINUTES} minutos como máximo:`,
        ...shown.map((subject) => `• ${subject}`),
        ...(more > 0 ? [`…y ${more} más en el panel.`] : []),
      ],
      action: { label: "Abrir el panel", url: `${adminUrl}/dashboard` },
      note: "Cuando lleguen menos avisos, volverás a recibir un correo por cada uno.",
    },
  };
}
