/**
 * Sliding-window counters (ADR 042). On the embedded database (one process) they are kept in
 * this process's memory; on PostgreSQL (DATABASE_URL, possibly several instances) the start
 * installs the table rate_limit_hits (domain/operations/rate-limit-table.server.ts), so every
 * instance counts the same hits and a limit is the limit whatever the number of instances.
 */
export type RateRule = { limit: number; windowMs: number };

/** Where the hits are counted: this process's memory, or a table every instance shares. */
export type RateStore = {
  /** Hits of `key` inside the rule's window at `now`. */
  count: (key: string, rule: RateRule, now: number) => Promise<number>;
  /** Counts one hit. */
  record: (key: string, rule: RateRule, now: number) => Promise<void>;
  /**
   * Counts one hit only while under the limit, atomically; whether it was counted. `within`:
   * a transaction of the store's database, if it has one, whose rollback gives the place back.
   */
  take: (key: string, rule: RateRule, now: number, within?: unknown) => Promise<boolean>;
  /** Takes back one hit counted at `at` (a take whose submission was then refused for another reason). */
  giveBack: (key: string, at: number) => Promise<void>;
  clear: (key: string) => Promise<void>;
};

function memoryRateStore(): RateStore {
  const hits = new Map<string, number[]>();
  const MAX_KEYS = 50_000;
  const recent = (key: string, rule: RateRule, now: number) => {
    const kept = (hits.get(key) ?? []).filter((time) => now - time < rule.windowMs);
    if (kept.length > 0) hits.set(key, kept);
    else hits.delete(key);
    return kept;
  };
  const record = (key: string, rule: RateRule, now: number) => {
    if (hits.size >= MAX_KEYS) {
      // Forget the oldest keys rather than grow without bound under a flood of addresses.
      for (const oldest of [...hits.keys()].slice(0, MAX_KEYS / 10)) hits.delete(oldest);
    }
    hits.set(key, [...recent(key, rule, now), now]);
  };
  // One process: nothing runs between the count and the record, so take is atomic as it is.
  return {
    count: async (key, rule, now) => recent(key, rule, now).length,
    record: async (key, rule, now) => record(key, rule, now),
    async take(key, rule, now) {
      if (recent(key, rule, now).length >= rule.limit) return false;
      record(key, rule, now);
      return true;
    },
    async giveBack(key, at) {
      const kept = hits.get(key) ?? [];
      const index = kept.indexOf(at);
      if (index >= 0) kept.splice(index, 1);
    },
    clear: async (key) => void hits.delete(key),
  };
}

// On globalThis, as the database (db/client.server.ts): the dev server's module reloads keep them.
const registry = globalThis as typeof globalThis & { __petshopRateStores?: { memory: RateStore; shared?: RateStore } };
registry.__petshopRateStores ??= { memory: memoryRateStore() };
const stores = registry.__petshopRateStores;

/** Installs the store every instance shares (startup.server.ts, on PostgreSQL); undefined: memory again. */
export function useRateStore(shared: RateStore | undefined): void {
  stores.shared = shared;
}

function store(): RateStore {
  return stores.shared ?? stores.memory;
}

export async function isRateLimited(key: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  return (await store().count(key, rule, now)) >= rule.limit;
}

export async function recordHit(key: string, rule: RateRule, now = Date.now()): Promise<void> {
  await store().record(key, rule, now);
}

/**
 * Gives back the submission takeSubmission counted at `at`: for a limit on what succeeded (an
 * order placed), taken first so that concurrent submissions cannot all pass, and given back
 * when the submission failed for another reason.
 */
export async function giveBackSubmission(key: string, at: number): Promise<void> {
  await store().giveBack(key, at);
}

export async function clearHits(key: string): Promise<void> {
  await store().clear(key);
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
export async function takeSubmission(
  key: string,
  rule: RateRule,
  options: { now?: number; within?: unknown } = {},
): Promise<boolean> {
  // `within`: a transaction on PostgreSQL, whose rollback gives the place back (and which
  // then needs no second connection from the pool while it holds one).
  return store().take(key, rule, options.now ?? Date.now(), options.within);
}

export const TOO_MANY_ATTEMPTS_MESSAGE = "Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.";
