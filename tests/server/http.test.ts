import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDataDir, type ServerProcess, signInAtAdmin, startServer } from "../support/server-process";
import { listAdminScreenUrls, listAdminUrls } from "../support/site-map";

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = makeDataDir();
  server = await startServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.stop();
});

async function databaseFingerprint(): Promise<string> {
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  try {
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const counts: string[] = [];
    for (const { table_name } of tables.rows) {
      const result = await db.query<{ n: number; sum: string | null }>(
        `select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as sum from "${table_name}" t`,
      );
      counts.push(`${table_name}:${result.rows[0]!.n}:${result.rows[0]!.sum}`);
    }
    return counts.join("\n");
  } finally {
    await db.close();
  }
}

describe("the back office over HTTP", () => {
  test("every /admin URL sends anonymous visitors and customers to /admin", async () => {
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "cliente@example.pe", password: "secreto123", name: "Cliente" }),
    });
    expect(signUp.status).toBe(200);
    const customerCookie = signUp.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const urls = listAdminUrls();
    expect(urls.length).toBeGreaterThan(15);
    for (const url of urls) {
      for (const cookie of [undefined, customerCookie]) {
        const response = await fetch(`${server.url}${url}`, {
          redirect: "manual",
          headers: cookie ? { Cookie: cookie } : {},
        });
        expect(response.status, url).toBe(302);
        expect(response.headers.get("location"), url).toBe("/admin");
      }
    }
  });

  test("a direct POST to any /admin URL without an admin session changes nothing", async () => {
    await server.stop();
    const before = await databaseFingerprint();
    server = await startServer({ DATA_DIR: dataDir });
    for (const url of listAdminUrls()) {
      const response = await fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete", id: "1", title: "Hackeado", price: "0" }),
      });
      // 405: the screen has no action yet; 302 to /admin: its action's guard refused.
      expect([302, 405], url).toContain(response.status);
      if (response.status === 302) expect(response.headers.get("location")).toBe("/admin");
    }
    await server.stop();
    expect(await databaseFingerprint()).toBe(before);
    server = await startServer({ DATA_DIR: dataDir });
  });

  test("the administrator signs in at /admin and reaches every back-office screen", async () => {
    const cookie = await signInAtAdmin(server.url);
    for (const url of listAdminScreenUrls()) {
      const response = await fetch(`${server.url}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
      // An edit or detail URL whose record does not exist (no user, order or complaint 1)
      // goes back to its list with a toast: still inside the back office, never the sign-in.
      if (response.status === 302) {
        expect(response.headers.get("location"), url).toMatch(/^\/admin\/[a-z]/);
      } else {
        expect(response.status, url).toBe(200);
      }
    }
  });

  test("a POST from another site's page is refused (CSRF)", async () => {
    const response = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://sitio-malicioso.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: "x" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("headers and logs", () => {
  test("pages carry a nonce-based Content-Security-Policy that every inline script satisfies", async () => {
    const response = await fetch(`${server.url}/`);
    const policy = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("'unsafe-inline' https://maps");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const executable = [...html.matchAll(/<script([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !attributes.includes('type="application/ld+json"'));
    expect(executable.length).toBeGreaterThan(0);
    for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
    // A new nonce per response.
    const again = (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    expect(again).not.toBe(policy);
  });

  test("the back office can never be framed", async () => {
    const response = await fetch(`${server.url}/admin`);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  test("each request is one JSON log line with its id, status and duration", async () => {
    const response = await fetch(`${server.url}/esto-tampoco-existe`, { headers: { "X-Request-Id": "prueba-123456" } });
    expect(response.headers.get("x-request-id")).toBe("prueba-123456");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = server
      .output()
      .split("\n")
      .find((text) => text.includes('"requestId":"prueba-123456"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/esto-tampoco-existe",
      status: 404,
      durationMs: expect.any(Number),
    });
  });
});

describe("uploaded images", () => {
  test("an upload by the administrator is served as WebP with a year-long immutable cache", async () => {
    const cookie = await signInAtAdmin(server.url);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#f8a78b" } })
      .png()
      .toBuffer();
    const upload = await fetch(`${server.url}/admin/imagenes`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/octet-stream" },
      body: png,
    });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}-1280\.webp$/);

    for (const variant of [url, url.replace("-1280.", "-320.")]) {
      const image = await fetch(`${server.url}${variant}`);
      expect(image.status, variant).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect((await sharp(Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer())).metadata()).width).toBe(800);
  });

  test("nothing else in the data directory can be reached through /uploads", async () => {
    writeFileSync(path.join(dataDir, "uploads", "notas.txt"), "privado");
    for (const probe of ["/uploads/notas.txt", "/uploads/../auth-secret", "/uploads/%2e%2e/auth-secret", "/uploads/", `/uploads/${"a".repeat(32)}-320.webp`]) {
      const response = await fetch(`${server.url}${probe}`, { redirect: "manual" });
      expect(response.status, probe).toBe(404);
      expect(await response.text(), probe).not.toContain("privado");
    }
  });
});

describe("public pages", () => {
  test("an unknown address is a Spanish 404 page inside the shop's layout", async () => {
    const response = await fetch(`${server.url}/esto-no-existe`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Página no encontrada");
    expect(html).toContain("Libro de Reclamaciones");
  });

  test("/healthz checks the database", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
