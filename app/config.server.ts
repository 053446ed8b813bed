import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { USERNAME_PATTERN } from "./auth/rules";

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
});

export type AppConfig = {
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string; email: string; password: string | undefined };
  smtpUrl: string | undefined;
  authSecret: string | undefined;
};

/** Reads the runtime contract's variables (shared/runtime-contract.md). Empty means unset. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    authSecret: e.AUTH_SECRET,
  };
}

/** AUTH_SECRET, or one generated once and kept in $DATA_DIR so sessions survive restarts. */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}
