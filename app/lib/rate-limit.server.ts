/**
 * Sliding-window counters kept in this process's memory: enough for one server (the
 * embedded database allows only one). Several instances on PostgreSQL each keep
 * their own counts, which multiplies the limit by the number of instances.
 */
export type RateRule = { limit: number; windowMs: number };

const hits = new Map<string, number[]>();
const MAX_KEYS = 50_000;

function recent(key: string, rule: RateRule, now: number): number[] {
  const kept = (hits.get(key) ?? []).filter((time) => now - time < rule.windowMs);
  if (kept.length > 0) hits.set(key, kept);
  else hits.delete(key);
  return kept;
}

export function isRateLimited(key: string, rule: RateRule, now = Date.now()): boolean {
  return recent(key, rule, now).length >= rule.limit;
}

export function recordHit(key: string, rule: RateRule, now = Date.now()): void {
  if (hits.size >= MAX_KEYS) {
    // Forget the oldest keys rather than grow without bound under a flood of addresses.
    for (const oldest of [...hits.keys()].slice(0, MAX_KEYS / 10)) hits.delete(oldest);
  }
  hits.set(key, [...recent(key, rule, now), now]);
}

export function clearHits(key: string): void {
  hits.delete(key);
}

const TEN_MINUTES = 10 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;

/**
 * The limits of the account screens, the admin sign-in and the public forms. Per-address
 * limits are generous because Peru's mobile carriers put many customers behind one address
 * (CGNAT).
 */
export const rateRules = {
  registrationPerIp: { limit: 60, windowMs: ONE_HOUR },
  recoveryPerIp: { limit: 60, windowMs: ONE_HOUR },
  // Public forms that store a message or send an e-mail to any address typed in.
  contactMessagePerIp: { limit: 30, windowMs: ONE_HOUR },
  complaintPerIp: { limit: 30, windowMs: ONE_HOUR },
  // 'Avísame cuando haya stock': each subscription is one e-mail later.
  stockAlertPerIp: { limit: 30, windowMs: ONE_HOUR },
  // Orders placed (they hold stock until the shop cancels them). A small shop rarely gets
  // more than a few orders an hour from all of a carrier's shared address.
  placedOrdersPerIp: { limit: 20, windowMs: ONE_HOUR },
  // Bookings made online (issue 28): each holds a slot of the agenda until cancelled.
  bookingsPerIp: { limit: 20, windowMs: ONE_HOUR },
  // Bookings confirmed online from one address in a day (issue 41): the hourly limit alone let
  // one address fill the agenda's window within a day. Taken inside the booking's transaction
  // (booking-limits.server.ts); a signed-in customer whose e-mail is confirmed is not counted,
  // so customers behind one carrier address can still book by signing in.
  bookingsPerIpPerDay: { limit: 6, windowMs: ONE_DAY },
  // Payment receipts sent from an order's page: each may be a 5 MB picture to decode.
  receiptUploadsPerIp: { limit: 30, windowMs: ONE_HOUR },
  // Password recovery counted per (address requested, requester): a stranger cannot use up the
  // owner's requests. The per-address ceiling only caps the mails one inbox can receive (a
  // mail bomb); a stranger needs ten connections in an hour to reach it.
  recoveryPerEmailAndIp: { limit: 3, windowMs: ONE_HOUR },
  recoveryMailsPerEmail: { limit: 30, windowMs: ONE_HOUR },
  // Each registration e-mails the address typed (an activation link, or a notice to its owner).
  registrationMailsPerEmail: { limit: 10, windowMs: ONE_HOUR },
  // Wrong passwords on one activation link, and full complaint copies mailed for one complaint.
  failedActivationPerLink: { limit: 5, windowMs: TEN_MINUTES },
  complaintCopyPerComplaint: { limit: 5, windowMs: ONE_HOUR },
  // E-mails a visitor's action sends to an address they typed (requested-mail.server.ts),
  // counted per inbox however it is spelled. A real shopper gets a handful a day at most (an
  // order, a booking and its change, a stock alert to confirm); more than that to one inbox is
  // someone using the shop to flood it, whatever connections they send from.
  requestedMailsPerRecipient: { limit: 5, windowMs: ONE_DAY },
} satisfies Record<string, RateRule>;

export const TOO_MANY_SUBMISSIONS_MESSAGE =
  "Recibimos demasiados envíos desde tu conexión. Espera unos minutos e inténtalo de nuevo.";

/** Counts one submission of a public form; false once the visitor went past the rule. */
export function takeSubmission(key: string, rule: RateRule): boolean {
  if (isRateLimited(key, rule)) return false;
  recordHit(key, rule);
  return true;
}

export const TOO_MANY_ATTEMPTS_MESSAGE = "Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.";
