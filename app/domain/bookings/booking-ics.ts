// 'Añadir a mi calendario' (issue 28): the booking as an iCalendar (RFC 5545) event, the file
// every calendar app imports. Times in UTC ('Z'), so no time-zone block is needed.

export type IcsFacts = {
  code: string;
  serviceTitle: string;
  petName: string;
  startsAt: Date;
  endsAt: Date;
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
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded: a CRLF and a space, never inside a character. */
export function foldIcsLine(line: string): string {
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

export function buildBookingIcs(facts: IcsFacts): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeIcsText(facts.shopName)}//Reservas//ES`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${facts.code}@${facts.host}`,
    `DTSTAMP:${stamp(facts.now)}`,
    `DTSTART:${stamp(facts.startsAt)}`,
    `DTEND:${stamp(facts.endsAt)}`,
    `SUMMARY:${escapeIcsText(`${facts.serviceTitle}: ${facts.petName} (${facts.shopName})`)}`,
    `LOCATION:${escapeIcsText(facts.address || facts.shopName)}`,
    `DESCRIPTION:${escapeIcsText(`Reserva ${facts.code}. Para cambiarla o cancelarla: ${facts.url}`)}`,
    `URL:${facts.url}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-PT2H",
    `DESCRIPTION:${escapeIcsText(`${facts.serviceTitle} en ${facts.shopName}`)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
