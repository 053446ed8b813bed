import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";

import { signInFailures } from "~/db/schema";
import { backgroundWorkSettled } from "~/lib/background-work.server";
import { seededShopWithAdmin } from "~test/seeded-shop";

import {
  type Outcome,
  readUnlockToken,
  redeemUnlockToken,
  SLOW_DOWN_MESSAGE,
  withSignInLimit,
} from "./sign-in-limit.server";

const { handle } = seededShopWithAdmin({ username: "admin", email: "duena@example.pe", password: "clave-de-la-duena" });
let outbox: string;

beforeEach(() => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "patitas-lockout-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SMTP_URL", "");
  outbox = path.join(dataDir, "outbox");
});

const TOO_MANY = "Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.";
const WRONG = "Usuario o contraseña incorrectos.";

/** A password check that only knows one password, counting how often it ran. */
function passwordCheck(rightPassword: string) {
  let checked = 0;
  return {
    get checked() {
      return checked;
    },
    with(password: string) {
      return async (): Promise<Outcome> => {
        checked++;
        return password === rightPassword ? { ok: true, cookies: new Headers() } : { ok: false, message: WRONG };
      };
    },
  };
}

/** A clock the test moves by hand. */
function manualClock(start = new Date("2026-11-25T15:00:00Z")) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

function readOutbox(): string[] {
  try {
    return readdirSync(outbox).map((file) =>
      readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    );
  } catch {
    return [];
  }
}

async function waitForMail(count: number): Promise<string[]> {
  for (let i = 0; i < 50 && readOutbox().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return readOutbox();
}

describe("one address on one account", () => {
  test("from the 3rd failure each try waits (1 s, then 2 s); the 5th failure locks the pair, even for the right password", async () => {
    const clock = manualClock();
    const check = passwordCheck("la-buena");
    const account = "pareja@example.pe";
    const ip = "10.10.0.1";
    for (let i = 0; i < 3; i++) {
      expect(await withSignInLimit(account, ip, check.with(`mala-${i}`), clock.now)).toEqual({
        ok: false,
        message: WRONG,
      });
    }
    expect(await withSignInLimit(account, ip, check.with("mala-3"), clock.now)).toEqual({
      ok: false,
      message: SLOW_DOWN_MESSAGE,
    });
    clock.advance(1_000);
    expect(await withSignInLimit(account, ip, check.with("mala-3"), clock.now)).toEqual({ ok: false, message: WRONG });
    clock.advance(1_000);
    expect(await withSignInLimit(account, ip, check.with("mala-4"), clock.now)).toEqual({
      ok: false,
      message: SLOW_DOWN_MESSAGE,
    });
    clock.advance(1_000);
    expect(await withSignInLimit(account, ip, check.with("mala-4"), clock.now)).toEqual({ ok: false, message: WRONG });
    clock.advance(60_000);
    expect(await withSignInLimit(account, ip, check.with("la-buena"), clock.now)).toEqual({
      ok: false,
      message: TOO_MANY,
    });
    // Refused tries check no password and do not count as failures.
    expect(check.checked).toBe(5);
    const rows = await handle().db.select().from(signInFailures).where(eq(signInFailures.account, account));
    expect(rows).toHaveLength(5);
    // Ten minutes after the last failure the pair may try again.
    clock.advance(10 * 60_000);
    expect((await withSignInLimit(account, ip, check.with("la-buena"), clock.now)).ok).toBe(true);
    expect(await handle().db.select().from(signInFailures).where(eq(signInFailures.account, account))).toHaveLength(0);
  });

  test("a burst of 40 parallel tries from one address checks at most 5 passwords", async () => {
    const check = passwordCheck("la-buena");
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => withSignInLimit("rafaga@example.pe", "10.11.0.1", check.with(`mala-${i}`))),
    );
    expect(check.checked).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.message === TOO_MANY).length).toBeGreaterThanOrEqual(35);
  });
});

describe("strangers cannot lock the owner out", () => {
  test("500 wrong passwords from 100 addresses, then the right password from a new address signs in", async () => {
    const clock = manualClock();
    const check = passwordCheck("clave-de-la-duena");
    let signedIn = 0;
    for (let address = 0; address < 100; address++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const outcome = await withSignInLimit(
          "admin",
          `203.0.${address}.9`,
          check.with(`adivinanza-${attempt}`),
          clock.now,
        );
        if (outcome.ok) signedIn++;
        clock.advance(2_100);
      }
    }
    expect(signedIn).toBe(0);
    // Past 50 failures on the account, the addresses that keep failing are slowed to one try a minute.
    expect(check.checked).toBeLessThan(500);
    expect(await withSignInLimit("admin", "198.51.100.7", check.with("clave-de-la-duena"), clock.now)).toMatchObject({
      ok: true,
    });
    // The last stranger, who failed a moment ago on the besieged account, must wait.
    expect(await withSignInLimit("admin", "203.0.99.9", check.with("clave-de-la-duena"), clock.now)).toEqual({
      ok: false,
      message: TOO_MANY,
    });
  });

  test("past 50 failures on the account, an address that failed may try once a minute; one that did not is not slowed", async () => {
    const clock = manualClock();
    const check = passwordCheck("la-buena");
    for (let i = 0; i < 50; i++)
      await withSignInLimit("asedio@example.pe", `10.12.${i}.1`, check.with("mala"), clock.now);
    clock.advance(5_000);
    expect(await withSignInLimit("asedio@example.pe", "10.12.0.1", check.with("la-buena"), clock.now)).toEqual({
      ok: false,
      message: TOO_MANY,
    });
    expect((await withSignInLimit("asedio@example.pe", "10.12.200.1", check.with("la-buena"), clock.now)).ok).toBe(
      true,
    );
    clock.advance(60_000);
    expect((await withSignInLimit("asedio@example.pe", "10.12.0.1", check.with("la-buena"), clock.now)).ok).toBe(true);
  });

  test("100 failures from one address in 10 minutes, on any accounts, stop that address only", async () => {
    const check = passwordCheck("la-buena");
    for (let i = 0; i < 100; i++) await withSignInLimit(`cuenta-${i}@example.pe`, "10.13.0.1", check.with("mala"));
    expect(await withSignInLimit("nueva@example.pe", "10.13.0.1", check.with("la-buena"))).toEqual({
      ok: false,
      message: TOO_MANY,
    });
    expect((await withSignInLimit("nueva@example.pe", "10.13.0.2", check.with("la-buena"))).ok).toBe(true);
  });
});

describe("the owner is told, and can unlock", () => {
  test("a locked account's owner gets one e-mail with a one-time link that clears every lock on the account", async () => {
    const check = passwordCheck("clave-de-la-duena");
    const clock = manualClock(new Date("2026-11-26T15:00:00Z"));
    for (let attempt = 0; attempt < 5; attempt++) {
      await withSignInLimit("ADMIN", "10.14.0.1", check.with("mala"), clock.now);
      clock.advance(2_100);
    }
    const mails = await waitForMail(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("To: duena@example.pe");
    expect(mails[0]).toContain("Desbloquear mi acceso");
    const token = /\/auth\/desbloquear\/([\w-]+)/.exec(mails[0]!)?.[1];
    expect(token).toBeTruthy();
    expect(await withSignInLimit("admin", "10.14.0.1", check.with("clave-de-la-duena"), clock.now)).toEqual({
      ok: false,
      message: TOO_MANY,
    });

    // Another address locked within the hour sends no second e-mail.
    for (let attempt = 0; attempt < 5; attempt++) {
      await withSignInLimit("admin", "10.14.0.2", check.with("mala"), clock.now);
      clock.advance(2_100);
    }
    await backgroundWorkSettled();
    expect(readOutbox()).toHaveLength(1);

    expect(await readUnlockToken(token!, clock.now())).toBe("admin");
    expect(await redeemUnlockToken(token!, clock.now())).toBe("/admin");
    expect(await redeemUnlockToken(token!, clock.now())).toBeNull();
    expect((await withSignInLimit("admin", "10.14.0.1", check.with("clave-de-la-duena"), clock.now)).ok).toBe(true);
  });

  test("a name with no account e-mails nobody", async () => {
    const check = passwordCheck("x");
    for (let attempt = 0; attempt < 5; attempt++) {
      await withSignInLimit("nadie@example.pe", "10.15.0.1", check.with("mala"));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await backgroundWorkSettled();
    expect(readOutbox()).toHaveLength(0);
  });
});
