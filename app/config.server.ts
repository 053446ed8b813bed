import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";

import { z } from "zod";

import { readS3Settings, S3_VARIABLES, type S3Settings } from "./lib/file-storage/storage.js";
import { USERNAME_PATTERN } from "./lib/username";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  // better-auth's username rule, or the administrator could never sign in.
  ADMIN_USERNAME: z
    .string()
    .regex(USERNAME_PATTERN, "ADMIN_USERNAME must be 3 to 30 letters, digits, '_' or '.'")
    .default("admin"),
  ADMIN_EMAIL: z.string().min(1).default("admin@localhost"),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  // The rendered-page cache's bound in megabytes (ADR 024); 0 turns it off.
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  SHOP_ALERTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  // The payment providers' API addresses, for a sandbox or a local fake (ADR 038); unset: the real ones.
  MERCADOPAGO_API_URL: z.url().optional(),
  STRIPE_API_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .refine(isTrustProxySetting, {
      message:
        "TRUST_PROXY must be a number of proxies (e.g. 1) or a comma-separated list of addresses, " +
        "CIDR ranges or the words loopback, linklocal, uniquelocal",
    })
    .optional(),
});

/**
 * Which proxies may say who the visitor is (X-Forwarded-For), in Express's "trust proxy"
 * terms: the rate limits count visitors by that address. The default trusts a proxy on this
 * machine or the private network, never the internet.
 */
const DEFAULT_TRUST_PROXY = "loopback, linklocal, uniquelocal";
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isTrustProxySetting(value: string): boolean {
  if (/^\d{1,2}$/.test(value.trim())) return true;
  return value.split(",").every((part) => {
    const entry = part.trim();
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split("/");
    const version = isIP(address ?? "");
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const prefix = Number(bits);
    return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
  });
}

function parseTrustProxy(value: string | undefined): string | number {
  if (value === undefined) return DEFAULT_TRUST_PROXY;
  const trimmed = value.trim();
  return /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export type AppConfig = {
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string; email: string; password: string | undefined };
  smtpUrl: string | undefined;
  authSecret: string | undefined;
  /** Express's "trust proxy": a hop count or a list of trusted addresses (DEFAULT_TRUST_PROXY). */
  trustProxy: string | number;
  /** The rendered-page cache's bound; 0: no cache. */
  pageCacheBytes: number;
  /** Alerts to the owner in an hour past which they come folded in one summary (ADR 033). */
  shopAlertsPerHour: number;
  /** Mercado Pago's API address when not the real one (tests, sandboxes). */
  mercadoPagoApiUrl: string | undefined;
  /** Stripe's API address when not the real one (tests, stripe-mock). */
  stripeApiUrl: string | undefined;
  /** The S3-compatible bucket for the shop's files (ADR 041); unset: $DATA_DIR. */
  s3: S3Settings | undefined;
};

/** Every variable the configuration reads: the schema's and the S3 storage's. */
const CONFIG_VARIABLES = [...Object.keys(envSchema.shape), ...S3_VARIABLES];

/**
 * The last configuration read from process.env, with the values it was read from: requests ask
 * for it many times each (issue 47), and reading the whole environment through zod every time
 * cost about a quarter of a millisecond. Read again as soon as one of its variables changes.
 */
let lastRead: { values: string; config: AppConfig } | undefined;

/** Reads the runtime contract's variables (shared/runtime-contract.md). Empty means unset. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (env !== process.env) return parseConfig(env);
  const values = CONFIG_VARIABLES.map((name) => env[name] ?? "").join("\0");
  if (lastRead?.values !== values) lastRead = { values, config: parseConfig(env) };
  return lastRead.config;
}

function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const present = Object.fromEntries(
    CONFIG_VARIABLES.flatMap((name) => (env[name] === undefined || env[name] === "" ? [] : [[name, env[name]]])),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const s3 = readS3Settings(present);
  // One line, like the start's other refusals: what is missing.
  if (s3.problem !== undefined) throw new Error(`Invalid configuration: ${s3.problem}`);
  return {
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    authSecret: e.AUTH_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    pageCacheBytes: Math.floor(e.PAGE_CACHE_MB * 1024 * 1024),
    shopAlertsPerHour: e.SHOP_ALERTS_PER_HOUR,
    mercadoPagoApiUrl: e.MERCADOPAGO_API_URL?.replace(/\/+$/, ""),
    stripeApiUrl: e.STRIPE_API_URL,
    s3: s3.settings,
  };
}

/**
 * On PostgreSQL the shop may run as several instances, each with its own DATA_DIR: a secret
 * generated into each would sign each one's sessions and links differently (signed in on one,
 * signed out on the next). So there the start stops, in one line, unless AUTH_SECRET is set.
 */
export function checkSharedAuthSecret(config: AppConfig): void {
  if (config.databaseUrl && !config.authSecret) {
    throw new Error(
      "AUTH_SECRET is not set: with DATABASE_URL every instance must sign sessions with the same secret (16 characters or more).",
    );
  }
}

/** AUTH_SECRET, or one generated once and kept in $DATA_DIR so sessions survive restarts. */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  // Written whole aside, then linked into place: two instances starting at once on one
  // DATA_DIR agree on the first secret linked, and neither ever reads a half-written file.
  // A random name, not the pid: two containers sharing DATA_DIR are often both pid 1.
  const partial = `${file}.${randomBytes(8).toString("hex")}.part`;
  writeFileSync(partial, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  // Whoever linked first, this is the secret every instance uses.
  return readFileSync(file, "utf8").trim();
}
