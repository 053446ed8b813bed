import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, type IncomingHttpHeaders, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  ADMIN_PASSWORD,
  makeDataDir,
  makeSeededDataDir,
  readActivationToken,
  registerAtAuth,
  type ServerProcess,
  signInAtAdmin,
  startServer,
} from "../support/server-process";
import { listAdminScreenUrls, listAdminUrls, listRoutes } from "../support/site-map";

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = await makeSeededDataDir();
  // Started from another folder, as a service without WorkingDirectory= would be: the pages'
  // scripts and styles (checked below) must not depend on it.
  server = await startServer({ DATA_DIR: dataDir }, { cwd: tmpdir() });
});
afterAll(async () => {
  await server?.stop();
});

test("the server runs with the Node flags and the malloc settings of npm start", () => {
  const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
  const environment = readFileSync(`/proc/${server.child.pid}/environ`, "utf8").split("\0");
  expect(commandLine).toEqual(
    expect.arrayContaining([
      "--v8-pool-size=1",
      "--max-old-space-size=512",
      "--max-semi-space-size=4",
      "--heap-growing-percent=15",
    ]),
  );
  expect(environment).toContain("MALLOC_MMAP_THRESHOLD_=131072");
  expect(environment).toContain("MALLOC_ARENA_MAX=2");
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
    const customerCookie = (await registerAtAuth(server, "cliente@example.pe"))
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(customerCookie).toContain("patitas.session_token=");
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

  test("a failing back-office page keeps the header and menu, with a Spanish message and no stack", async () => {
    const cookie = await signInAtAdmin(server.url);
    const failures = [
      // An address no screen answers (a typo): the layout's 404, not the storefront's.
      {
        status: 404,
        text: "Página no encontrada",
        send: () => fetch(`${server.url}/admin/pedidoz/12`, { headers: { Cookie: cookie } }),
      },
      // A screen without an action, posted to: React Router's 405 reaches the layout's boundary.
      {
        status: 405,
        text: "Solicitud no válida",
        send: () =>
          fetch(`${server.url}/admin/dashboard`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "x" }),
          }),
      },
    ];
    for (const { status, text, send } of failures) {
      const response = await send();
      expect(response.status, text).toBe(status);
      const html = await response.text();
      expect(html).toContain(text);
      for (const chrome of ["Panel de Gestión", ">Pedidos<", ">Auditoría<", "Volver al panel"]) {
        expect(html, `${status} ${chrome}`).toContain(chrome);
      }
      expect(html).not.toMatch(/\n\s+at /);
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

  test("a stranger's wrong passwords at /admin stop only the stranger's address, not the owner", async () => {
    // The proxy in front names each visitor in X-Forwarded-For (trusted from loopback).
    const signInFrom = (address: string, password: string) =>
      fetch(`${server.url}/admin`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": address,
        },
        body: new URLSearchParams({ username: "admin", password }),
      });
    for (let attempt = 1; attempt <= 5; attempt++) {
      // From the third failure on, each try must wait (1 s, then 2 s) or is refused unchecked.
      if (attempt > 3) await new Promise((resolve) => setTimeout(resolve, 1_000 * 2 ** (attempt - 4) + 100));
      const refused = await signInFrom("203.0.113.7", `adivinanza-${attempt}`);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain("Usuario o contraseña incorrectos.");
    }
    const stranger = await signInFrom("203.0.113.7", ADMIN_PASSWORD);
    expect(stranger.status).toBe(401);
    expect(stranger.headers.getSetCookie().join(";")).not.toContain("session_token");
    expect(await stranger.text()).toContain("Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.");

    const owner = await signInFrom("198.51.100.20", ADMIN_PASSWORD);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/admin/dashboard");
    expect(owner.headers.getSetCookie().join(";")).toContain("patitas.session_token=");
  });
});

// better-auth's endpoints skip the shop's own rules (failed sign-ins counted per account,
// the privacy consent, the main administrator's protection, the audit log), so only the
// e-mail-change link is served over HTTP (app/routes/api/auth.ts).
describe("better-auth's own endpoints", () => {
  test("only the e-mail confirmation link answers; sign-in, sign-up and user management are not found", async () => {
    await registerAtAuth(server, "directo@example.pe", "Cliente Directo");
    const adminCookie = await signInAtAdmin(server.url);
    const post = (pathname: string, body: object, cookie = "") =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify(body),
      });

    // The right password, straight to better-auth: no session.
    for (const [pathname, body] of [
      ["/api/auth/sign-in/email", { email: "directo@example.pe", password: "secreto123" }],
      ["/api/auth/sign-in/username", { username: "admin", password: ADMIN_PASSWORD }],
      ["/api/auth/sign-up/email", { email: "sin-consentimiento@example.pe", password: "secreto123", name: "X" }],
      ["/api/auth/request-password-reset", { email: "directo@example.pe" }],
      ["/api/auth/admin/set-role", { userId: "1", role: "user" }],
      ["/api/auth/admin/remove-user", { userId: "1" }],
      ["/api/auth/admin/update-user", { userId: "1", data: { isMainAdmin: true } }],
    ] as const) {
      const response = await post(pathname, body, adminCookie);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.getSetCookie().join(";"), pathname).not.toContain("session_token");
    }
    for (const pathname of [
      "/api/auth/get-session",
      "/api/auth/admin/list-users",
      "/api/auth/ok",
      "/api/auth/verify-email/",
    ]) {
      const response = await fetch(`${server.url}${pathname}`, {
        headers: { Cookie: adminCookie },
        redirect: "manual",
      });
      expect(response.status, pathname).toBe(404);
    }

    // The account made without the shop's form does not exist, and the administrator is whole.
    const signIn = await fetch(`${server.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-in", email: "sin-consentimiento@example.pe", password: "secreto123" }),
    });
    expect(signIn.status).toBe(401);
    expect(await signInAtAdmin(server.url)).toContain("patitas.session_token=");
    const users = await fetch(`${server.url}/admin/usuarios`, { headers: { Cookie: adminCookie } });
    expect(await users.text()).toContain("directo@example.pe");

    // The link of the e-mail-change confirmation still reaches better-auth, which judges the token.
    const link = await fetch(
      `${server.url}/api/auth/verify-email?token=no-es-un-token&callbackURL=/auth/email-actualizado`,
      {
        redirect: "manual",
      },
    );
    expect(link.status).not.toBe(404);
  });
});
describe("headers and logs", () => {
  test("pages rendered for one visitor carry a nonce-based Content-Security-Policy that every inline script satisfies", async () => {
    // The sign-in page is never shared: rendered for each request, with its own nonce.
    const response = await fetch(`${server.url}/auth`);
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
    const again = (await fetch(`${server.url}/auth`)).headers.get("content-security-policy");
    expect(again).not.toBe(policy);
  });

  test("a page from the page cache allows its inline scripts by hash: no nonce, and a stored <script> gets none", async () => {
    await (await fetch(`${server.url}/faq`)).text();
    const response = await fetch(`${server.url}/faq`);
    expect(response.headers.get("x-cache")).toBe("HIT");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("nonce");
    expect(policy).toContain("frame-ancestors 'self'");
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    const hashes = new Set([...policy.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]));
    const inline = [...html.matchAll(/<script((?:(?!src=)[^>])*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !attributes!.includes('type="application/ld+json"'),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , content] of inline) {
      expect(hashes).toContain(`sha256-${createHash("sha256").update(content!).digest("base64")}`);
    }
    expect(hashes.size).toBe(new Set(inline.map(([, , content]) => content)).size);
  });

  test("an idle connection is kept 65 s, longer than a proxy or a client keeps it before reusing it", async () => {
    const agent = new Agent({ keepAlive: true });
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      const request = httpRequest(`${server.url}/healthz`, { agent }, (response) => {
        response.resume();
        resolve(response.headers);
      });
      request.on("error", reject);
      request.end();
    });
    agent.destroy();
    expect(headers.connection).toBe("keep-alive");
    expect(headers["keep-alive"]).toBe("timeout=65");
  });

  test("HEAD answers with the status and headers of GET, and no body", async () => {
    for (const pagePath of ["/", "/productos", "/faq", "/no-existe"]) {
      const get = await fetch(`${server.url}${pagePath}`);
      const head = await fetch(`${server.url}${pagePath}`, { method: "HEAD" });
      expect(head.status, pagePath).toBe(get.status);
      for (const name of ["content-type", "cache-control", "x-content-type-options", "referrer-policy"]) {
        expect(head.headers.get(name), `${pagePath} ${name}`).toBe(get.headers.get(name));
      }
      expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
      // A page from the cache: the same policy (its scripts' hashes); otherwise its own nonce.
      const policy = (response: Response) =>
        response.headers.get("content-security-policy")?.replace(/'nonce-[^']+'/, "'nonce-…'");
      expect(policy(head), pagePath).toBe(policy(get));
      expect(head.headers.get("x-cache"), pagePath).toBe(get.headers.get("x-cache") === "BYPASS" ? "BYPASS" : "HIT");
      expect(await head.text()).toBe("");
      await get.body?.cancel();
    }
  });

  test("no shared cache may keep a page; personal pages and answers that set a cookie are not kept at all", async () => {
    const cacheControl = async (pagePath: string, init?: RequestInit) => {
      const response = await fetch(`${server.url}${pagePath}`, { redirect: "manual", ...init });
      await response.body?.cancel();
      return response.headers.get("cache-control");
    };
    // Public pages are everyone's (the visitor's own parts come after load): a CDN may keep them briefly.
    for (const pagePath of ["/", "/productos", "/faq", "/contacto"]) {
      expect(await cacheControl(pagePath), pagePath).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=20");
    }
    // Rendered for one visitor (a flashed message): a browser may keep it, nobody else.
    expect(await cacheControl("/faq", { headers: { Cookie: "patitas_toast=x" } })).toBe("private, no-cache");
    for (const pagePath of [
      "/auth",
      "/auth/forgot-password",
      "/admin",
      "/ADMIN/Dashboard",
      "/libro-reclamaciones/copia",
    ]) {
      expect(await cacheControl(pagePath), pagePath).toBe("private, no-store");
    }
    // The cart sets its cookie on the first visit.
    expect(await cacheControl("/carrito")).toBe("private, no-store");
    // A form sent: its answer (here the empty form's errors) is the sender's own.
    expect(await cacheControl("/contacto", { method: "POST", body: new URLSearchParams({ fullName: "" }) })).toBe(
      "private, no-store",
    );
  });

  test("every page's .data answer (client-side navigation) is kept by nobody: it carries the visitor's own data", async () => {
    // React Router's single fetch: /perfil.data, /carrito.data, and /_root.data for the home page.
    const pagePaths = listRoutes()
      .filter((route) => route.file.endsWith(".tsx") && !route.path.endsWith("*"))
      .map((route) => route.path.replace(/\/:\w+\?/g, "").replace(/:\w+/g, "1"));
    // The home page (an index route, without a path of its own) answers at /_root.data.
    const dataPaths = ["/_root.data", ...new Set(pagePaths.map((pagePath) => `${pagePath}.data`))];
    expect(dataPaths).toEqual(expect.arrayContaining(["/perfil.data", "/carrito.data", "/productos.data"]));
    for (const dataPath of [...dataPaths, "/perfil.data?tab=mascotas", "/PERFIL.data"]) {
      const response = await fetch(`${server.url}${dataPath}`, { redirect: "manual" });
      await response.body?.cancel();
      expect(response.headers.get("cache-control"), dataPath).toBe("private, no-store");
    }
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
    expect((await sharp(Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer())).metadata()).width).toBe(
      800,
    );
  });

  test("nothing else in the data directory can be reached through /uploads", async () => {
    writeFileSync(path.join(dataDir, "uploads", "notas.txt"), "privado");
    for (const probe of [
      "/uploads/notas.txt",
      "/uploads/../auth-secret",
      "/uploads/%2e%2e/auth-secret",
      "/uploads/",
      `/uploads/${"a".repeat(32)}-320.webp`,
    ]) {
      const response = await fetch(`${server.url}${probe}`, { redirect: "manual" });
      expect(response.status, probe).toBe(404);
      expect(await response.text(), probe).not.toContain("privado");
    }
  });
});

/** Raw bytes as sent: fetch() would ask for and undo the compression itself. */
function rawGet(pagePath: string, acceptEncoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest(
      `${server.url}${pagePath}`,
      { headers: { "Accept-Encoding": acceptEncoding } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The window a brotli stream asks its reader to allot, in bits, from its first byte (RFC 7932, 9.1). */
function brotliWindowBits(stream: Buffer): number {
  const first = stream[0]!;
  if ((first & 1) === 0) return 16;
  const large = (first >> 1) & 7;
  if (large !== 0) return 17 + large;
  const small = (first >> 4) & 7;
  return small === 0 ? 17 : 8 + small;
}

describe("public pages", () => {
  test("an unknown address is a Spanish 404 page inside the shop's layout", async () => {
    const response = await fetch(`${server.url}/esto-no-existe`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Página no encontrada");
    expect(html).toContain("Libro de Reclamaciones");
  });

  // ADR 056: React Router's server routes and route modules are built once per build
  // (patches/react-router+7.18.4.patch), not at every render: nothing of one page may show on the next.
  test("pages asked in turn each render their own route, whatever was rendered before", async () => {
    const pages: [string, number, string][] = [
      ["/carrito", 200, "Carrito de Compras"],
      ["/esto-no-existe", 404, "Página no encontrada"],
      ["/buscar?q=collar", 200, "Collar Reflectivo Ajustable"],
      ["/producto/999999999", 404, "Producto no Encontrado"],
      ["/libro-reclamaciones", 200, "Libro de Reclamaciones"],
    ];
    const titles = new Map<string, string>();
    for (let round = 0; round < 3; round++) {
      for (const [url, status, text] of pages) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status, url).toBe(status);
        const html = await response.text();
        expect(html, url).toContain(text);
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
        titles.set(url, titles.get(url) ?? title);
        expect(title, url).toBe(titles.get(url));
      }
    }
    // Each route's own <title> (meta), not one of them for all.
    expect(new Set(titles.values()).size).toBeGreaterThanOrEqual(4);
    const chunk = readFileSync(
      path.join(process.cwd(), "node_modules/react-router/dist/development/chunk-H4DAEOV7.mjs"),
      "utf8",
    );
    expect(chunk).toContain("patch (patitas, ADR 056)");
  });

  test("an unknown catalogue level or product is a Spanish 404 inside the header, cart and footer", async () => {
    for (const url of ["/productos/perros/no-existe", "/producto/999999999"]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      const html = await response.text();
      expect(html, url).toMatch(/Página no encontrada|Producto no Encontrado/);
      expect(html, url).toContain('aria-label="Carrito (0)"');
      expect(html, url).toContain("Libro de Reclamaciones");
      expect(html, url).not.toMatch(/\n\s+at /);
    }
  });

  test("scripts and styles go out as the build's brotli or gzip copy, or whole, with a year-long cache", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const assets = [...html.matchAll(/"(\/assets\/[\w.-]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    expect(assets.some((asset) => asset.includes("entry.client"))).toBe(true);

    // The stylesheet, and the biggest script: the shell with React and React Router (ADR 013).
    const shell = assets.find((asset) => /\/shell-[\w-]+\.js$/.test(asset));
    expect(shell).toBeDefined();
    for (const asset of [assets.find((a) => a.endsWith(".css"))!, shell!]) {
      const whole = await rawGet(asset, "identity");
      expect(whole.headers["content-encoding"], asset).toBeUndefined();
      expect(whole.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(whole.headers["content-type"]).toMatch(asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);

      const brotli = await rawGet(asset, "gzip, deflate, br");
      expect(brotli.headers["content-encoding"], asset).toBe("br");
      expect(brotli.headers["vary"]).toMatch(/Accept-Encoding/i);
      expect(brotli.headers["content-type"]).toBe(whole.headers["content-type"]);
      expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(brotliDecompressSync(brotli.body).equals(whole.body)).toBe(true);
      expect(brotli.body.length).toBeLessThan(whole.body.length / 3);

      const gzip = await rawGet(asset, "gzip");
      expect(gzip.headers["content-encoding"], asset).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(whole.body)).toBe(true);
    }
  });

  test("a page rendered for one visitor goes out compressed whole, in gzip; brotli's window is the page cache's copies' (ADRs 060, 068, 069)", async () => {
    const gzip = await rawGet("/carrito", "gzip, deflate, br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("private, no-store");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.byteLength);
    expect(gunzipSync(gzip.body).toString("utf8")).toContain("Carrito de Compras");
    // A client that takes brotli alone gets it; one that asks for no coding, the page as it is.
    const brotli = await rawGet("/carrito", "br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.byteLength);
    expect(brotliDecompressSync(brotli.body).toString("utf8")).toContain("Carrito de Compras");
    expect(brotliWindowBits(brotli.body)).toBe(18);
    const plain = await rawGet("/carrito", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("Carrito de Compras");
    // The page cache's stored copy of a public page: the same window.
    await fetch(`${server.url}/nosotros`);
    const stored = await rawGet("/nosotros", "gzip, deflate, br");
    expect(stored.headers["content-encoding"]).toBe("br");
    expect(brotliWindowBits(stored.body)).toBe(18);
  });

  test("public/'s icons and pictures are served with an hour's cache; a page's address never looks for a file", async () => {
    for (const [file, type] of [
      ["/favicon.svg", /^image\/svg\+xml/],
      ["/apple-touch-icon.png", /^image\/png/],
      ["/images/services/desparasitacion.webp", /^image\/webp/],
    ] as const) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toMatch(type);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=3600");
      expect((await response.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    // A missing picture in those folders, and a name public/ does not hold: the shop's 404 page.
    for (const missing of ["/images/no-existe.webp", "/no-existe.png"]) {
      const response = await fetch(`${server.url}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(await response.text(), missing).toContain("Página no encontrada");
    }
  });

  test("the browser gets React Router's production code, without its development warnings", async () => {
    // react-router's package exports only its development files (remix-run/react-router#14102);
    // vite.config.ts points the browser build at the production ones.
    const html = await (await fetch(`${server.url}/productos`)).text();
    const scripts = [...html.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(2);
    const code = (
      await Promise.all(scripts.map(async (script) => (await fetch(`${server.url}${script}`)).text()))
    ).join("\n");
    expect(code).toContain("HydratedRouter");
    expect(code).not.toContain("No routes matched location");
    expect(code).not.toContain("Error handled by React Router default ErrorBoundary");
  });

  test("/healthz checks the database and the render line", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: "ok",
      renderQueue: { status: "ok", waiting: 0 },
    });
  });
});

// ---------------------------------------------------------------------------------------
// Issue 7, Security 2: CSRF on every state-changing URL.
//
// The rule (server/app.ts, rejectForeignOrigins): a non-GET request whose Origin is not the
// shop's own is refused with 403 before any route code runs. A request WITHOUT Origin is
// let through on purpose: every browser in use sends Origin on a cross-site POST (form or
// fetch), so a missing Origin means a non-browser client (curl, a monitor, a proxy), which
// cannot carry a victim's cookies. And the session cookie is SameSite=Lax (see
// app/auth/cookies.test.ts), so a browser does not attach it to another site's POST even
// if some old browser omitted Origin. Refusing a missing Origin would break such clients
// and add no protection for shoppers. `Origin: null` (sandboxed frames, data: URLs) is a
// foreign origin and is refused.
describe("CSRF: every non-GET request from another site is refused", () => {
  const FOREIGN = "https://sitio-malicioso.example";

  /** Every URL of the site map (params filled in), plus better-auth's own endpoints. */
  function stateChangingUrls(): string[] {
    const fromSiteMap = listRoutes()
      .map((route) =>
        route.path
          .replace(/\/:\w+\?/g, "")
          .replace(/:\w+/g, "1")
          .replace("/*", "/sign-out"),
      )
      .filter((url) => !url.endsWith("/*"));
    return [
      ...new Set([
        ...fromSiteMap,
        "/api/auth/sign-in/email",
        "/api/auth/sign-up/email",
        "/api/auth/sign-in/username",
        "/api/auth/sign-out",
        "/api/auth/change-password",
        "/api/auth/update-user",
        "/api/auth/request-password-reset",
        "/salir",
      ]),
    ];
  }

  test("a foreign Origin gets 403 at every URL and method, with or without an admin session; nothing changes", async () => {
    const adminCookie = await signInAtAdmin(server.url);
    await server.stop();
    const before = await databaseFingerprint();
    server = await startServer({ DATA_DIR: dataDir });
    const urls = stateChangingUrls();
    expect(urls.length).toBeGreaterThan(40);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/contacto",
        "/carrito",
        "/libro-reclamaciones",
        "/perfil",
        "/auth",
        "/admin/productos/nuevo",
      ]),
    );
    for (const url of urls) {
      for (const origin of [FOREIGN, "null", "http://localhost.sitio-malicioso.example"]) {
        for (const [method, cookie] of [
          ["POST", adminCookie],
          ["POST", ""],
          ["PUT", adminCookie],
          ["DELETE", adminCookie],
          ["PATCH", ""],
        ] as const) {
          const response = await fetch(`${server.url}${url}`, {
            method,
            redirect: "manual",
            headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              intent: "delete",
              id: "1",
              title: "Hackeado",
              email: "x@example.pe",
              password: "secreto123",
              name: "X",
            }),
          });
          expect(response.status, `${method} ${url} from ${origin}`).toBe(403);
          expect(await response.text()).toContain("origen no permitido");
        }
      }
    }
    // A JSON body (better-auth's endpoints) from another site is refused the same way.
    const json = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { Origin: FOREIGN, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "csrf@example.pe", password: "secreto123", name: "CSRF" }),
    });
    expect(json.status).toBe(403);
    await server.stop();
    expect(await databaseFingerprint()).toBe(before);
    server = await startServer({ DATA_DIR: dataDir });
  }, 180_000);

  test("the shop's own origin passes, and so does a request without Origin (see the comment above)", async () => {
    const own = await fetch(`${server.url}/contacto`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ fullName: "", email: "", subject: "", message: "" }),
    });
    expect(own.status).toBe(400);
    const withoutOrigin = await fetch(`${server.url}/contacto`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ fullName: "", email: "", subject: "", message: "" }),
    });
    expect(withoutOrigin.status).toBe(400);
  });
});

// Issue 7, Security 3: on HTTPS (APP_URL=https://…) the session and flash cookies are Secure.
// Requests still go to http://localhost, with the headers the HTTPS reverse proxy in front
// of the shop adds (Host, X-Forwarded-Proto): React Router refuses a form action whose
// Origin differs from the URL it sees. The Origin is APP_URL's, which the CSRF check allows.
describe("cookies when the shop runs on HTTPS", () => {
  test("the session and toast cookies of a sign-in are Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const httpsDir = makeDataDir();
    const httpsServer = await startServer({ DATA_DIR: httpsDir, APP_URL: "https://tienda.example" });
    try {
      // node:http, because fetch does not let a request name its own Host.
      const postForm = (pathname: string, fields: Record<string, string>) =>
        new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
          const body = new URLSearchParams(fields).toString();
          const outgoing = httpRequest(
            `${httpsServer.url}${pathname}`,
            {
              method: "POST",
              headers: {
                Host: "tienda.example",
                "X-Forwarded-Proto": "https",
                Origin: "https://tienda.example",
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": Buffer.byteLength(body),
              },
            },
            (answer) => {
              answer.resume();
              resolve({ status: answer.statusCode ?? 0, cookies: answer.headers["set-cookie"] ?? [] });
            },
          );
          outgoing.on("error", reject);
          outgoing.end(body);
        });
      const signIn = await postForm("/admin", { username: "admin", password: ADMIN_PASSWORD });
      expect(signIn.status).toBe(302);
      const cookies = signIn.cookies;
      const session = cookies.find((cookie) => cookie.startsWith("__Secure-patitas.session_token="));
      const toast = cookies.find((cookie) => cookie.startsWith("patitas_toast="));
      for (const cookie of [session, toast]) {
        expect(cookie).toBeDefined();
        expect(cookie).toMatch(/;\s*Secure/i);
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
        expect(cookie).toMatch(/;\s*Path=\//i);
      }
      // A customer's session, from the shop's registration form and its e-mailed activation link.
      const signUp = await postForm("/auth", {
        intent: "register",
        fullName: "Cliente",
        email: "https@example.pe",
        password: "secreto123",
        confirmPassword: "secreto123",
        acceptsPrivacy: "on",
      });
      expect(signUp.status).toBe(200);
      const token = await readActivationToken(httpsServer, "https@example.pe");
      const activated = await postForm(`/auth/activar?token=${token}`, { token, password: "secreto123" });
      expect(activated.status).toBe(302);
      const customerSession = activated.cookies.find((cookie) => cookie.startsWith("__Secure-patitas.session_token="));
      expect(customerSession).toMatch(/;\s*Secure/i);
      expect(customerSession).toMatch(/;\s*HttpOnly/i);
      expect(customerSession).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await httpsServer.stop();
    }
  }, 90_000);

  test("on plain HTTP the same cookies are HttpOnly and SameSite=Lax but not Secure", async () => {
    const signIn = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: ADMIN_PASSWORD }),
    });
    const cookies = signIn.headers.getSetCookie().filter((cookie) => /^patitas[._]/.test(cookie));
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });
});

// Issue 7, Security 4: stored hostile text is rendered escaped, through the real server.
describe("hostile text typed in the back office is shown as text on the storefront", () => {
  const PAYLOAD = `</script><script>alert(1)</script><img src=x onerror=alert(2)>`;

  test("a product title and description and the contact details never become markup", async () => {
    const cookie = await signInAtAdmin(server.url);
    const post = (url: string, fields: Record<string, string>) =>
      fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const marker = `Marcador${Date.now()}`;
    const created = await post("/admin/productos/nuevo", {
      title: `${marker} ${PAYLOAD}`,
      description: `Descripción ${PAYLOAD} '; DROP TABLE products; --`,
      familyId: "1",
      categoryId: "1",
      "v.0.price": "12.50",
      "v.0.stock": "5",
      image: "",
      imageAlt: PAYLOAD,
    });
    expect(created.status).toBe(302);
    const list = await (
      await fetch(`${server.url}/admin/productos?q=${marker}`, { headers: { Cookie: cookie } })
    ).text();
    const productId = /\/admin\/productos\/editar\/(\d+)/.exec(list)?.[1];
    expect(productId).toBeDefined();

    const contact = await post("/admin/configuracion/contacto", {
      contactAddress: `Av. Larco 123 ${PAYLOAD}`,
      contactEmail: "hola@patitas.pe",
      contactHours: `Lunes a sábado ${PAYLOAD}`,
      contactPhone: "987654321",
    });
    expect(contact.status).toBe(302);

    for (const page of [
      `/producto/${productId}`,
      `/productos?q=${marker}`,
      "/contacto",
      "/",
      "/admin/productos?q=" + marker,
    ]) {
      const response = await fetch(`${server.url}${page}`, {
        headers: page.startsWith("/admin") ? { Cookie: cookie } : {},
      });
      expect(response.status, page).toBe(200);
      const html = await response.text();
      expect(html, page).not.toContain("<script>alert(1)");
      expect(html, page).not.toContain("<img src=x");
      if (page !== "/") expect(html, page).toMatch(/&lt;script&gt;alert\(1\)|\\u003cscript\\u003ealert\(1\)/);
    }
  }, 60_000);
});
