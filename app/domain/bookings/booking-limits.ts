// How many future bookings one visitor may hold online (issue 41). A booking costs nothing and
// holds its slot until the shop cancels it, and each one e-mails whatever address was typed: without
// these, one visitor could fill the agenda's whole window and mail a stranger from it. A regular
// customer rarely has more than one or two visits ahead; more go through WhatsApp, the owner's
// 'Nueva reserva', or a signed-in account with its e-mail confirmed, which none of these limit.
// The daily cap per address is rateRules.bookingsPerIpPerDay (app/lib/rate-limit.server.ts).

/** Confirmed bookings still ahead that one phone, or one e-mail, may hold for one service. */
export const MAX_UPCOMING_BOOKINGS_PER_SERVICE = 2;
/** The same across every service: a bath and a consultation for the same pet fit within it. */
export const MAX_UPCOMING_BOOKINGS = 3;
/**
 * The agenda names a phone holding this many bookings ahead, with 'Cancelar todas': a guest
 * can reach it only at the limit, so it is a run worth a look.
 */
export const PHONE_RUN_MIN_BOOKINGS = 3;

/**
 * The same inbox however it is typed: 'Ana+citas@Correo.pe' is 'ana@correo.pe'. Compared in
 * SQL the same way (booking-limits.server.ts).
 */
export function toEmailKey(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/[+][^@]*@/, "@");
}

/** '987 654 321' for a nine-digit key; other numbers as they are. */
export function formatPhoneKey(phoneKey: string): string {
  const mobile = /^(\d{3})(\d{3})(\d{3})$/.exec(phoneKey);
  return mobile ? `${mobile[1]} ${mobile[2]} ${mobile[3]}` : phoneKey;
}

/** The phone key a 'Cancelar todas' form posts, or null for anything that cannot be one. */
export function readPhoneKey(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && /^\d{7,9}$/.test(value) ? value : null;
}

const ASK_ANOTHER_WAY =
  "Para reservar otra, escríbenos por WhatsApp o ingresa con tu cuenta (con el correo confirmado).";

export const PHONE_SERVICE_LIMIT_MESSAGE = `Ya tienes ${MAX_UPCOMING_BOOKINGS_PER_SERVICE} citas próximas para este servicio con este celular. ${ASK_ANOTHER_WAY}`;
export const PHONE_LIMIT_MESSAGE = `Ya tienes ${MAX_UPCOMING_BOOKINGS} citas próximas con este celular. ${ASK_ANOTHER_WAY}`;
export const EMAIL_SERVICE_LIMIT_MESSAGE = `Ya tienes ${MAX_UPCOMING_BOOKINGS_PER_SERVICE} citas próximas para este servicio con este correo. ${ASK_ANOTHER_WAY}`;
export const EMAIL_LIMIT_MESSAGE = `Ya tienes ${MAX_UPCOMING_BOOKINGS} citas próximas con este correo. ${ASK_ANOTHER_WAY}`;
export const DAILY_ADDRESS_LIMIT_MESSAGE = `Desde tu conexión ya se hicieron muchas reservas en las últimas 24 horas. ${ASK_ANOTHER_WAY}`;

function describeUpcoming(count: number): string {
  return count === 1 ? "1 cita próxima" : `${count} citas próximas`;
}

/** '987 654 321 tiene 5 citas próximas'. */
export function describePhoneRun(run: { phone: string; count: number }): string {
  return `${run.phone} tiene ${describeUpcoming(run.count)}`;
}

/** The toast after 'Cancelar todas'. */
export function describeCancelledRun(count: number, phone: string): string {
  if (count === 0) return `${phone} ya no tenía citas próximas por cancelar.`;
  return count === 1 ? `Se canceló 1 cita próxima de ${phone}.` : `Se cancelaron ${count} citas próximas de ${phone}.`;
}
