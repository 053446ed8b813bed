import { spawn } from "node:child_process";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import sharp from "sharp";

import { projectRoot } from "./server-process";

/** The Set-Cookie pairs of a response, merged over `jar` (name=value; …). */
export function mergeCookies(jar: string, response: Response): string {
  const cookies = new Map(
    jar
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    cookies.set(pair.split("=")[0]!, pair);
  }
  return [...cookies.values()].join("; ");
}

/** A form post as the shop's own page sends it. */
export function formPost(
  url: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

export type OrderLine = { productId: number; quantity: number };

let shoppers = 0;

/**
 * A shopper's visit as the cart page posts it: add each line (a new cart cookie), then
 * check out with Yape. Resolves with the order's code once the shop answered with the
 * confirmation redirect; rejects on any other answer. Each visit comes from its own
 * address, in X-Forwarded-For (the test talks from loopback, a trusted proxy), and its own
 * phone, as many shoppers would: the shop takes at most 20 orders an hour from one address,
 * 3 unpaid ones from one guest phone, and a share of each product per shopper.
 */
export async function placeOrderOverHttp(
  url: string,
  lines: OrderLine[],
  customerName = "Ana Torres",
): Promise<string> {
  return (await placeGuestOrderOverHttp(url, lines, customerName)).code;
}

/** placeOrderOverHttp, with the guest's cookies: the order's own cookie opens its page and its receipt form. */
export async function placeGuestOrderOverHttp(
  url: string,
  lines: OrderLine[],
  customerName = "Ana Torres",
): Promise<{ code: string; cookie: string }> {
  // Captured once: visits run concurrently, and each must keep its own address and phone.
  const shopper = ++shoppers;
  const visitor = { "X-Forwarded-For": `198.51.${(shopper >> 8) & 255}.${shopper & 255}` };
  let cookie = "";
  for (const line of lines) {
    const added = await formPost(
      url,
      "/carrito",
      { intent: "add", productId: String(line.productId), quantity: String(line.quantity) },
      cookie ? { Cookie: cookie, ...visitor } : visitor,
    );
    if (added.status !== 200) throw new Error(`Adding product ${line.productId} answered ${added.status}`);
    cookie = mergeCookies(cookie, added);
    await added.body?.cancel();
  }
  const checkout = await formPost(
    url,
    "/carrito",
    {
      intent: "checkout",
      paymentMethodId: "yape",
      fulfillment: "pickup",
      customerName,
      customerPhone: `9${String(shopper).padStart(8, "0")}`,
    },
    { Cookie: cookie, ...visitor },
  );
  const location = checkout.headers.get("location") ?? "";
  // The order's page: /pedido/PED-000123.
  const code = /\/pedido\/(PED-\d+)/.exec(new URL(location, url).pathname)?.[1];
  if (checkout.status !== 302 || !code) throw new Error(`Checkout answered ${checkout.status} ${location}`);
  return { code, cookie: mergeCookies(cookie, checkout) };
}

/**
 * Files a complaint in the Libro de Reclamaciones. The code travels in the signed
 * confirmation cookie the redirect sets (react-router's format: base64 JSON, '.', signature).
 * `visitorIp` goes in X-Forwarded-For (the test talks from loopback, a trusted proxy), so
 * a loop of filings stays under the per-address limit.
 */
export async function fileComplaintOverHttp(url: string, visitorIp = "203.0.113.10"): Promise<string> {
  const response = await formPost(
    url,
    "/libro-reclamaciones",
    {
      fullName: "Lucía Ramos Quispe",
      documentType: "DNI",
      documentNumber: "71234567",
      phone: "987654321",
      email: "lucia@example.pe",
      address: "Calle Las Flores 123, Surco",
      complaintType: "reclamo",
      productOrService: "Croquetas",
      amount: "114.90",
      description: "El pedido llegó con la bolsa rota.",
      request: "El cambio de la bolsa.",
      acceptTerms: "on",
    },
    { "X-Forwarded-For": visitorIp },
  );
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("patitas_complaint="));
  if (response.status !== 302 || !cookie) throw new Error(`Filing a complaint answered ${response.status}`);
  const signed = decodeURIComponent(cookie.split(";")[0]!.slice("patitas_complaint=".length));
  const payload = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8"));
  return (payload as { code: string }).code;
}

/** Uploads a generated PNG as the administrator; resolves with the stored image's URL. */
export async function uploadImageOverHttp(url: string, adminCookie: string): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#7cc6a4" } })
    .png()
    .toBuffer();
  const response = await fetch(`${url}/admin/imagenes`, {
    method: "POST",
    headers: { Cookie: adminCookie, Origin: url, "Content-Type": "application/octet-stream" },
    body: png,
  });
  if (response.status !== 200) throw new Error(`Upload answered ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

export type Query = <T>(sql: string) => Promise<T[]>;

/** Runs `work` on the embedded database of `dataDir` (its server must be stopped). */
export async function withPglite<T>(dataDir: string, work: (query: Query) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  try {
    return await work(async <R>(sql: string) => (await db.query<R>(sql)).rows);
  } finally {
    await db.close();
  }
}

export async function withPostgres<T>(databaseUrl: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(async <R>(sql: string) => (await client.query(sql)).rows as R[]);
  } finally {
    await client.end();
  }
}

/** Every table of the app and of drizzle's journal: row count and a digest of its rows. */
export async function databaseFingerprint(query: Query): Promise<string> {
  const tables = await query<{ name: string }>(
    "select table_schema || '.' || table_name as name from information_schema.tables " +
      "where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    const [row] = await query<{ n: number; sum: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as sum from ${name} t`,
    );
    lines.push(`${name}:${row!.n}:${row!.sum}`);
  }
  return lines.join("\n");
}

export type ScriptResult = { code: number | null; output: string };

/** Runs `node scripts/<script>` with `env` added; resolves with its exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectRoot, "scripts", script), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}
