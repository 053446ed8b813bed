import { createHash, randomBytes, randomUUID } from "node:crypto";

import { and, count, eq, gt, like, ne, or, sql } from "drizzle-orm";
import { href } from "react-router";

import { readConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { signInFailures, users, verifications } from "~/db/schema";
import { inBackground } from "~/lib/background-work.server";
import { logError } from "~/lib/log.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/lib/rate-limit.server";

import { sendShopMail } from "./account-mail.server";

export type Outcome = { ok: true; cookies: Headers } | { ok: false; message: string };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How failed sign-ins are counted (kept in the database: a restart gives a guesser no fresh
 * count). The strict limits are per account *and* address, the only ones an account's owner
 * ever meets; the account's count from every address never refuses an address that has not
 * failed on it, so strangers guessing from many addresses cannot lock the owner out.
 */
const SIGN_IN_LIMITS = {
  /** From one address on one account: from the 3rd failure each try waits 1 s, then 2 s; the 5th locks. */
  pairWindowMs: 10 * MINUTE,
  pairSlowAfter: 3,
  pairLockAfter: 5,
  /** From one address on any accounts (one address trying many accounts). */
  ipWindowMs: 10 * MINUTE,
  ipLockAfter: 100,
  /**
   * On one account from every address: past this, an address that already failed on the
   * account may try once a minute, and the account's owner is e-mailed an unlock link.
   */
  accountWindowMs: HOUR,
  accountAlertAfter: 50,
  besiegedRetryMs: MINUTE,
  /** The unlock link works once, for a day; a new one is sent at most once an hour. */
  unlockLinkMs: 24 * HOUR,
  unlockNoticeEveryMs: HOUR,
} as const;

export const SLOW_DOWN_MESSAGE = "Espera unos segundos antes de volver a intentarlo.";

const UNLOCK_PREFIX = "sign-in-unlock:";

type Counts = { pair: number; pairLast: Date | null; account: number; ip: number };

/** Counts around one attempt, leaving out the attempt's own row. */
async function readCounts(account: string, ip: string, ownId: number, now: Date): Promise<Counts> {
  const db = getDb();
  const since = (ms: number) => new Date(now.getTime() - ms);
  const [onAccount] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${signInFailures.ip} = ${ip} and ${signInFailures.failedAt} > ${since(SIGN_IN_LIMITS.pairWindowMs)})`.mapWith(
        Number,
      ),
      pairLast: sql<Date | null>`max(${signInFailures.failedAt}) filter (where ${signInFailures.ip} = ${ip})`.mapWith(
        (value) => (value ? new Date(value) : null),
      ),
      account: count(),
    })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.account, account),
        gt(signInFailures.failedAt, since(SIGN_IN_LIMITS.accountWindowMs)),
        ne(signInFailures.id, ownId),
      ),
    );
  const [fromIp] = await db
    .select({ ip: count() })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.ip, ip),
        gt(signInFailures.failedAt, since(SIGN_IN_LIMITS.ipWindowMs)),
        ne(signInFailures.id, ownId),
      ),
    );
  return {
    pair: onAccount?.pair ?? 0,
    pairLast: onAccount?.pairLast ?? null,
    account: onAccount?.account ?? 0,
    ip: fromIp?.ip ?? 0,
  };
}

/** Why an attempt is refused before its password is checked, or null to check it. */
function refusalFor(counts: Counts, now: Date): string | null {
  const sinceLast = counts.pairLast ? now.getTime() - counts.pairLast.getTime() : Infinity;
  if (counts.pair >= SIGN_IN_LIMITS.pairLockAfter || counts.ip >= SIGN_IN_LIMITS.ipLockAfter) {
    return TOO_MANY_ATTEMPTS_MESSAGE;
  }
  if (counts.pair >= SIGN_IN_LIMITS.pairSlowAfter) {
    const wait = SECOND * 2 ** (counts.pair - SIGN_IN_LIMITS.pairSlowAfter);
    if (sinceLast < wait) return SLOW_DOWN_MESSAGE;
  }
  const isBesieged = counts.account >= SIGN_IN_LIMITS.accountAlertAfter;
  if (isBesieged && counts.pair > 0 && sinceLast < SIGN_IN_LIMITS.besiegedRetryMs) return TOO_MANY_ATTEMPTS_MESSAGE;
  return null;
}

/**
 * Runs a sign-in attempt under the limits. The attempt is written down before its password
 * is checked, so a burst of parallel tries from one address sees itself and is refused; a
 * refused try is then forgotten (it checked nothing), a failed one stays as a failure, and a
 * success clears its own address's failures on the account, not those of other addresses.
 * Shared by the shoppers' sign-in (the account is the e-mail) and the admin's (the username).
 */
export async function withSignInLimit(
  account: string,
  clientIp: string,
  attempt: () => Promise<Outcome>,
  now: () => Date = () => new Date(),
): Promise<Outcome> {
  const name = account.trim().toLowerCase();
  const db = getDb();
  const started = now();
  const [own] = await db
    .insert(signInFailures)
    .values({ account: name, ip: clientIp, failedAt: started })
    .returning({ id: signInFailures.id });
  const ownId = own!.id;
  const counts = await readCounts(name, clientIp, ownId, started);
  const refusal = refusalFor(counts, started);
  if (refusal) {
    await db.delete(signInFailures).where(eq(signInFailures.id, ownId));
    return { ok: false, message: refusal };
  }
  const outcome = await attempt();
  if (outcome.ok) {
    await db.delete(signInFailures).where(and(eq(signInFailures.account, name), eq(signInFailures.ip, clientIp)));
    return outcome;
  }
  const failedAt = now();
  await db.update(signInFailures).set({ failedAt }).where(eq(signInFailures.id, ownId));
  const isNowLocked = counts.pair + 1 >= SIGN_IN_LIMITS.pairLockAfter;
  const isNowBesieged = counts.account + 1 >= SIGN_IN_LIMITS.accountAlertAfter;
  if (isNowLocked || isNowBesieged) {
    // The stranger's answer does not wait for the owner's e-mail.
    inBackground(
      noticeLockout(name, counts.account + 1, failedAt).catch((error) => logError("lockout notice failed", error)),
    );
  }
  return outcome;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The account a sign-in name belongs to: a username (the back office) or an e-mail (the shop). */
async function findAccountOwner(name: string): Promise<{ email: string; isAdmin: boolean } | null> {
  const [user] = await getDb()
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)))
    .limit(1);
  return user ? { email: user.email, isAdmin: user.role === "admin" } : null;
}

/**
 * Tells the account's owner that sign-ins on it are being refused, with a link that clears
 * every failure counted on the account (their own address's lock included), at most once an
 * hour. A name with no account gets nothing: nobody can be told.
 */
async function noticeLockout(name: string, failures: number, now: Date): Promise<void> {
  const owner = await findAccountOwner(name);
  if (!owner) return;
  const db = getDb();
  const [recent] = await db
    .select({ n: count() })
    .from(verifications)
    .where(
      and(
        like(verifications.identifier, `${UNLOCK_PREFIX}%`),
        eq(verifications.value, name),
        gt(verifications.createdAt, new Date(now.getTime() - SIGN_IN_LIMITS.unlockNoticeEveryMs)),
      ),
    );
  if ((recent?.n ?? 0) > 0) return;
  const token = randomBytes(24).toString("base64url");
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${UNLOCK_PREFIX}${hashToken(token)}`,
    value: name,
    expiresAt: new Date(now.getTime() + SIGN_IN_LIMITS.unlockLinkMs),
    createdAt: now,
    updatedAt: now,
  });
  const url = new URL(href("/auth/desbloquear/:token", { token }), readConfig().appUrl).toString();
  await sendShopMail(owner.email, "Bloqueamos intentos de ingreso a tu cuenta", {
    heading: "Intentos de ingreso bloqueados",
    paragraphs: [
      `Hubo ${failures} intentos fallidos de ingresar a tu cuenta en la última hora, así que los estamos frenando. Tu contraseña no cambió y nadie ingresó con ella.`,
      "Si no puedes ingresar, usa el botón para desbloquear tu acceso. Si no fuiste tú, te recomendamos cambiar tu contraseña cuando ingreses.",
    ],
    action: { label: "Desbloquear mi acceso", url },
    note: "El enlace sirve una sola vez y vence en 24 horas.",
  });
}

/** Whether an unlock link is still usable; the account it unlocks, or null. */
export async function readUnlockToken(token: string, now = new Date()): Promise<string | null> {
  const [row] = await getDb()
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${UNLOCK_PREFIX}${hashToken(token)}`), gt(verifications.expiresAt, now)));
  return row?.value ?? null;
}

/**
 * Uses an unlock link once: every failure counted on its account is forgotten. Returns where
 * the account signs in ('/admin' or '/auth'), or null when the link is unknown, used or expired.
 */
export async function redeemUnlockToken(token: string, now = new Date()): Promise<string | null> {
  const db = getDb();
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, `${UNLOCK_PREFIX}${hashToken(token)}`), gt(verifications.expiresAt, now)))
    .returning({ value: verifications.value });
  if (!row) return null;
  await db.delete(signInFailures).where(eq(signInFailures.account, row.value));
  const owner = await findAccountOwner(row.value);
  return owner?.isAdmin && !row.value.includes("@") ? href("/admin") : href("/auth");
}
