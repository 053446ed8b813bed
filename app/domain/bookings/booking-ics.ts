// 'Añadir a mi calendario' (issue 28): the booking as an iCalendar (RFC 5545) event, the file
// every calendar app imports. Times in UTC ('Z'), so no time-zone block is needed. A move or a
// cancellation (issue 40) sends the same UID with a higher SEQUENCE, as an iTIP (RFC 5546)
// REQUEST or CANCEL, so the calendar replaces the event it already holds.

/**
 * PUBLISH: the confirmation and the download, a copy to import. REQUEST: the event moved (or
 * confirmed again). CANCEL: the event is off.
 */
export type IcsMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export type IcsFacts = {
  code: string;
  serviceTitle: string;
  petName: string;
  startsAt: Date;
  endsAt: Date;
  /** Raised by every change the shopper's calendar must take in place of what it holds. */
  icsSequence: number;
  method: IcsMethod;
  /** The shopper's address: iTIP names an attendee in every REQUEST and CANCEL. */
  customerEmail: string;
  customerName: string;
  shopName: string;
  address: string;
  /** The booking's page, to change or cancel it. */
  url: string;
  /** The domain for the event's unique id. */
  host: string;
  now: Date;
};

function stamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
function escapeIcsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded: a CRLF and a space, never inside a character. */
function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const bytes = Buffer.byteLength(character);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A quoted parameter value may hold neither a double quote nor a control character. */
function quotedParam(text: string): string {
  return text.replace(/["\p{Cc}]/gu, "");
}

/**
 * The shop as organizer (the address its e-mails come from, mail.server.ts) and the shopper as
 * an attendee who has already accepted, so no calendar asks them to answer.
 */
function itipParties(facts: IcsFacts): string[] {
  if (facts.method === "PUBLISH" || !facts.customerEmail) return [];
  return [
    `ORGANIZER;CN="${quotedParam(facts.shopName)}":mailto:no-reply@${facts.host}`,
    `ATTENDEE;CN="${quotedParam(facts.customerName)}";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${quotedParam(facts.customerEmail)}`,
  ];
}

export function buildBookingIcs(facts: IcsFacts): string {
  const isCancel = facts.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeIcsText(facts.shopName)}//Reservas//ES`,
    "CALSCALE:GREGORIAN",
    `METHOD:${facts.method}`,
    "BEGIN:VEVENT",
    `UID:${facts.code}@${facts.host}`,
    `SEQUENCE:${facts.icsSequence}`,
    `DTSTAMP:${stamp(facts.now)}`,
    `DTSTART:${stamp(facts.startsAt)}`,
    `DTEND:${stamp(facts.endsAt)}`,
    `STATUS:${isCancel ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${escapeIcsText(`${facts.serviceTitle}: ${facts.petName} (${facts.shopName})`)}`,
    `LOCATION:${escapeIcsText(facts.address || facts.shopName)}`,
    `DESCRIPTION:${escapeIcsText(
      isCancel
        ? `Reserva ${facts.code} cancelada.`
        : `Reserva ${facts.code}. Para cambiarla o cancelarla: ${facts.url}`,
    )}`,
    `URL:${facts.url}`,
    ...itipParties(facts),
    // A cancelled visit has nothing to remind of.
    ...(isCancel
      ? []
      : [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          "TRIGGER:-PT2H",
          `DESCRIPTION:${escapeIcsText(`${facts.serviceTitle} en ${facts.shopName}`)}`,
          "END:VALARM",
        ]),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
