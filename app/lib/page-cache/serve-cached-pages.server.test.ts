import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";

import express from "express";
import type { AppLoadContext } from "react-router";
import { afterEach, expect, test } from "vitest";

import { createHitPacer } from "./hit-pacer.server";
import { type KeepBody, openPageBodyFiles } from "./page-body-files.server";
import { createPageCache, type PageCache } from "./page-cache.server";
import { answerUnstored, cachePage } from "./render-context.server";
import {
  answerStoredPages,
  type DirectRender,
  serveCachedPages,
  SHARED_PAGE_CACHE_CONTROL,
} from "./serve-cached-pages.server";

const APP_URL = "http://tienda.example.pe";
const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

type Seen = { url: string; cookie: string | null };

/** A fake React Router: a page per path, with the render's nonce on its one inline script. */
async function startShop(options: { renderMs?: number; keep?: KeepBody; direct?: Record<string, DirectRender> } = {}) {
  const cache: PageCache = createPageCache({ maxBytes: 1024 * 1024, keep: options.keep });
  const renders: Seen[] = [];
  const served: string[] = [];
  let price = "S/ 60.00";
  const render = async (request: Request, context: AppLoadContext) => {
    renders.push({ url: request.url, cookie: request.headers.get("cookie") });
    await new Promise((resolve) => setTimeout(resolve, options.renderMs ?? 0));
    const path = new URL(request.url).pathname;
    const nonce = context.cspNonce ?? "";
    const headers = {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `script-src 'nonce-${nonce}'`,
    };
    if (path === "/privado") return new Response("<p>solo tuyo</p>", { headers });
    if (path === "/nada") return new Response("<p>no existe</p>", { status: 404, headers });
    if (path === "/buscar") {
      // A search that found nothing: the same for everyone, never kept.
      answerUnstored(context);
      return new Response(`<p>Sin resultados</p><script nonce="${nonce}">hydrate()</script>`, { headers });
    }
    cachePage(context, ["product:42"]);
    const body = `<h1>${price}</h1><script nonce="${nonce}">hydrate()</script>`;
    return new Response(body, { headers });
  };
  const app = express();
  app.use(
    serveCachedPages({
      cache,
      appUrl: APP_URL,
      render,
      loadContext: () => ({ requestId: "test", cspNonce: "" }),
      takeRenderSlot: async () => true,
      onServed: (key) => served.push(key),
      direct: options.direct,
    }),
  );
  // What the ordinary handler answers: rendered for the visitor, with their cookie.
  app.use((req, res) => res.status(200).send(`visitor:${req.method}:${req.headers.cookie ?? ""}`));
  const server = app.listen(0);
  servers.push(server);
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, renders, served, base, setPrice: (value: string) => (price = value) };
}

/** server.js's front door alone: stored pages answered, anything else reaches a stand-in for the static files. */
async function startFrontDoor(cache: PageCache): Promise<string> {
  const front = express();
  front.use(answerStoredPages({ cache, appUrl: APP_URL }));
  front.use((req, res) => res.status(200).send(`static:${req.path}`));
  const server = front.listen(0);
  servers.push(server);
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The bytes as sent (fetch would inflate them). */
function getRaw(url: string): Promise<{ headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { "accept-encoding": "br" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === "string") headers.set(name, value);
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(url, { method, headers: { "accept-encoding": "br", ...headers } });

test("a public page is rendered once, anonymously, from the shop's own address, then served from the cache", async () => {
  const shop = await startShop();
  const first = await get(`${shop.base}/producto/42?utm_source=fb`, {
    cookie: "patitas_cart=abc",
    host: "malo.example",
  });
  expect(first.headers.get("x-cache")).toBe("MISS");
  const second = await get(`${shop.base}/producto/42`);
  expect(second.headers.get("x-cache")).toBe("HIT");
  expect(await second.text()).toBe(`<h1>S/ 60.00</h1><script>hydrate()</script>`);
  expect(shop.renders).toEqual([{ url: `${APP_URL}/producto/42`, cookie: null }]);
  expect(second.headers.get("cache-control")).toBe(SHARED_PAGE_CACHE_CONTROL);
  expect(second.headers.get("vary")).toBe("Accept-Encoding");
  // The inline script is allowed by its hash, not by a nonce every visitor would share.
  expect(second.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-[\w+/=]+' https:/);
  expect(second.headers.get("content-security-policy")).not.toContain("nonce");
});

test("typed words are kept on their second asking: the first is rendered, sent and counted, not kept (ADR 070)", async () => {
  const shop = await startShop();
  const first = await getRaw(`${shop.base}/productos?q=collar&utm_source=fb`);
  expect(first.headers.get("x-cache")).toBe("MISS");
  expect(first.headers.get("content-type")).toMatch(/^text\/html/);
  // The render's own answer: its nonce and policy (under 1 KB: not compressed).
  expect(first.headers.get("content-encoding")).toBeNull();
  const body = first.body.toString();
  expect(body).toContain("<h1>S/ 60.00</h1>");
  const nonce = /nonce="([^"]+)"/.exec(body)![1]!;
  expect(first.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonce}'`);
  expect(shop.cache.holds("/productos?q=collar")).toBe(false);

  const second = await get(`${shop.base}/productos?q=collar`);
  expect(second.headers.get("x-cache")).toBe("MISS");
  expect(shop.cache.holds("/productos?q=collar")).toBe(true);
  const third = await get(`${shop.base}/productos?q=collar`);
  expect(third.headers.get("x-cache")).toBe("HIT");
  expect(await third.text()).toBe("<h1>S/ 60.00</h1><script>hydrate()</script>");
  // Two renders, both anonymous; each answer counted once.
  expect(shop.renders).toEqual([
    { url: `${APP_URL}/productos?q=collar`, cookie: null },
    { url: `${APP_URL}/productos?q=collar`, cookie: null },
  ]);
  expect(shop.served).toEqual(["/productos?q=collar", "/productos?q=collar", "/productos?q=collar"]);

  // A page without typed words is kept on its first asking, as before.
  expect((await get(`${shop.base}/productos?pagina=2`)).headers.get("x-cache")).toBe("MISS");
  expect((await get(`${shop.base}/productos?pagina=2`)).headers.get("x-cache")).toBe("HIT");
  // A stored search that is invalidated is still known: rendered again and kept at once.
  shop.setPrice("S/ 55.00");
  shop.cache.invalidateTags(["product:42"]);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const again = await get(`${shop.base}/productos?q=collar`);
  expect(again.headers.get("x-cache")).toBe("MISS");
  expect(await again.text()).toContain("S/ 55.00");
  expect((await get(`${shop.base}/productos?q=collar`)).headers.get("x-cache")).toBe("HIT");
});

test("a path answered directly skips the render and is kept, sent and dropped like a rendered page (ADR 074)", async () => {
  const asked: { url: string; hasSharedRender: boolean }[] = [];
  let price = "S/ 60.00";
  const shop = await startShop({
    direct: {
      "/api/buscar": async (url, context) => {
        if (price === "") throw new Error("the database is gone");
        asked.push({ url: url.href, hasSharedRender: context.sharedRender !== undefined });
        cachePage(context, ["product:7"]);
        return {
          headers: new Headers({ "Content-Type": "application/json", "Cache-Control": "public, max-age=30" }),
          body: JSON.stringify({ query: url.searchParams.get("q"), price, padding: "x".repeat(2_000) }),
        };
      },
    },
  });
  const first = await get(`${shop.base}/api/buscar?q=kong&utm_source=fb`, { cookie: "patitas_cart=abc" });
  expect(first.status).toBe(200);
  expect(first.headers.get("x-cache")).toBe("MISS");
  expect(first.headers.get("content-type")).toBe("application/json");
  expect(first.headers.get("cache-control")).toBe("public, max-age=30");
  // Over 1 KB: compressed as a rendered answer is, in the coding asked.
  expect(first.headers.get("content-encoding")).toBe("br");
  expect(await first.json()).toMatchObject({ query: "kong", price: "S/ 60.00" });
  // Typed words: kept on the second asking, then served from the cache.
  expect((await get(`${shop.base}/api/buscar?q=kong`)).headers.get("x-cache")).toBe("MISS");
  const third = await get(`${shop.base}/api/buscar?q=kong`);
  expect(third.headers.get("x-cache")).toBe("HIT");
  expect(await third.json()).toMatchObject({ price: "S/ 60.00" });
  // Asked from the shop's own address, as the anonymous render it replaces; React Router's stand-in never called.
  expect(asked).toEqual([
    { url: `${APP_URL}/api/buscar?q=kong`, hasSharedRender: true },
    { url: `${APP_URL}/api/buscar?q=kong`, hasSharedRender: true },
  ]);
  expect(shop.renders).toEqual([]);
  expect(shop.served).toEqual(["/api/buscar?q=kong", "/api/buscar?q=kong", "/api/buscar?q=kong"]);
  // A write to what it shows drops it: the next asking gets the new price.
  price = "S/ 55.00";
  shop.cache.invalidateTags(["product:7"]);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect(await (await get(`${shop.base}/api/buscar?q=kong`)).json()).toMatchObject({ price: "S/ 55.00" });
  // Any other path is still rendered.
  await get(`${shop.base}/producto/42`);
  expect(shop.renders).toEqual([{ url: `${APP_URL}/producto/42`, cookie: null }]);
  // A direct answer that fails is rendered by React Router instead, which answers (and logs) its error.
  price = "";
  const failed = await get(`${shop.base}/api/buscar?q=roto`);
  expect(shop.renders.at(-1)).toEqual({ url: `${APP_URL}/api/buscar?q=roto`, cookie: null });
  expect(failed.status).toBe(200);
});

test("ETag and 304; HEAD has GET's status and headers without a body", async () => {
  const shop = await startShop();
  const head = await get(`${shop.base}/producto/42`, {}, "HEAD");
  const page = await getRaw(`${shop.base}/producto/42`);
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");
  for (const name of ["content-type", "etag", "content-security-policy", "cache-control", "content-length"]) {
    expect(head.headers.get(name), name).toBe(page.headers.get(name));
  }
  expect(page.headers.get("content-encoding")).toBe("br");
  expect(brotliDecompressSync(page.body).toString()).toContain("S/ 60.00");
  const etag = page.headers.get("etag")!;
  const notModified = await get(`${shop.base}/producto/42`, { "if-none-match": etag });
  expect(notModified.status).toBe(304);
  expect(await notModified.text()).toBe("");
  expect(shop.renders).toHaveLength(1);
});

test("100 requests at once for a page just invalidated render it once; the first after the write sees it", async () => {
  const shop = await startShop({ renderMs: 50 });
  await get(`${shop.base}/producto/42`);
  shop.setPrice("S/ 55.00");
  shop.cache.invalidateTags(["product:42"]);
  const answers = await Promise.all(Array.from({ length: 100 }, () => get(`${shop.base}/producto/42`)));
  const bodies = await Promise.all(answers.map((answer) => answer.text()));
  expect(shop.renders).toHaveLength(2);
  // The caller that started the render waited for the new page; the others got it or, while it
  // rendered, the old copy marked STALE.
  const statuses = answers.map((answer) => answer.headers.get("x-cache"));
  answers.forEach((answer, index) => {
    if (answer.headers.get("x-cache") !== "STALE") expect(bodies[index]).toContain("S/ 55.00");
  });
  expect(statuses).toContain("STALE");
  expect(statuses.filter((status) => status === "MISS").length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === "MISS" || status === "STALE" || status === "HIT")).toBe(true);
  expect((await get(`${shop.base}/producto/42`)).headers.get("x-cache")).toBe("HIT");
});

test("personal requests are never answered from the cache", async () => {
  const shop = await startShop();
  await get(`${shop.base}/producto/42`);
  for (const [path, headers, method] of [
    ["/producto/42", { cookie: "patitas_toast=eyJ0" }, "GET"],
    ["/producto/42", { cookie: "a=1; patitas_complaint=x" }, "GET"],
    ["/carrito", {}, "GET"],
    ["/ADMIN/dashboard", {}, "GET"],
    ["/api/sesion", {}, "GET"],
    ["/producto/42", {}, "POST"],
  ] as const) {
    const answer = await get(`${shop.base}${path}`, headers, method);
    expect(["HIT", "MISS", "STALE"], `${method} ${path}`).not.toContain(answer.headers.get("x-cache"));
    expect(await answer.text()).toMatch(/^visitor:/);
  }
  expect(shop.renders).toHaveLength(1);
});

test("a page its route did not declare shareable is rendered for the visitor; an anonymous 404 is sent as it is", async () => {
  const shop = await startShop();
  const own = await get(`${shop.base}/privado`, { cookie: "patitas_cart=abc" });
  expect(own.headers.get("x-cache")).toBe("BYPASS");
  expect(await own.text()).toBe("visitor:GET:patitas_cart=abc");
  const missing = await get(`${shop.base}/nada`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("x-cache")).toBe("BYPASS");
  expect(await missing.text()).toBe("<p>no existe</p>");
  await get(`${shop.base}/nada`);
  // Neither was kept.
  expect(shop.renders.map((seen) => new URL(seen.url).pathname)).toEqual(["/privado", "/nada", "/nada"]);
});

test("a page its route answers unstored is the visitor's answer from the one anonymous render, and never kept", async () => {
  const shop = await startShop();
  for (const cookie of ["patitas_cart=abc", ""]) {
    const response = await get(`${shop.base}/buscar?q=zzqxw`, cookie ? { cookie } : {});
    expect(response.headers.get("x-cache")).toBe("BYPASS");
    const body = await response.text();
    expect(body).toContain("<p>Sin resultados</p>");
    // The render's own nonce, in its own policy: the script still runs.
    const nonce = /nonce="([^"]+)"/.exec(body)![1]!;
    expect(response.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonce}'`);
  }
  // One render per request, anonymous (no cookie), none kept and none rendered again as the visitor.
  expect(shop.renders).toEqual([
    { url: `${APP_URL}/buscar?q=zzqxw`, cookie: null },
    { url: `${APP_URL}/buscar?q=zzqxw`, cookie: null },
  ]);
  expect(shop.cache.stats().entries).toBe(0);
});

test("the front door answers only stored pages: anything else (a static file, a miss) goes on untouched", async () => {
  const shop = await startShop();
  const door = await startFrontDoor(shop.cache);
  expect(await (await get(`${door}/producto/42`)).text()).toBe("static:/producto/42");
  await get(`${shop.base}/producto/42`);
  const stored = await get(`${door}/producto/42`);
  expect(stored.headers.get("x-cache")).toBe("HIT");
  expect(await stored.text()).toContain("S/ 60.00");
  expect(await (await get(`${door}/favicon.svg`)).text()).toBe("static:/favicon.svg");
  shop.cache.invalidateTags(["product:42"]);
  expect(await (await get(`${door}/producto/42`)).text()).toBe("static:/producto/42");
  expect(shop.renders).toHaveLength(1);
});

test("a stored page paced behind a render is looked up again when sent: a save answered meanwhile is not undone", async () => {
  const shop = await startShop();
  // The render's turns: the paced hits' slice runs when the test says.
  const turns: (() => void)[] = [];
  // A clock on which every hit sent fills a slice: one hit per turn.
  let clock = 0;
  const pacer = createHitPacer({
    isRendering: () => true,
    now: () => (clock += 10),
    schedule: (turn) => turns.push(turn),
  });
  const front = express();
  front.use(answerStoredPages({ cache: shop.cache, appUrl: APP_URL, pacer }));
  front.use((req, res) => res.status(200).send(`rendered:${req.path}`));
  const server = front.listen(0);
  servers.push(server);
  await once(server, "listening");
  const door = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await get(`${shop.base}/producto/42`);

  const early = get(`${door}/producto/42`);
  const late = get(`${door}/producto/42`);
  await expect.poll(() => pacer.waiting()).toBe(2);
  turns.shift()!();
  expect((await early).headers.get("x-cache")).toBe("HIT");
  // The product is saved while the second one waits for its slice.
  shop.cache.invalidateTags(["product:42"]);
  while (turns.length > 0) turns.shift()!();
  expect(await (await late).text()).toBe("rendered:/producto/42");
});

test("a stored copy whose file is gone is rendered again, never a 500, at the front door and behind it", async () => {
  // No copies kept in memory: every hit reads its file.
  const files = openPageBodyFiles(mkdtempSync(path.join(tmpdir(), "served-bodies-")), {
    hotBytes: 0,
    smallCopyBytes: 0,
  });
  servers.push({ close: () => rmSync(path.dirname(files.folder), { recursive: true, force: true }) });
  const shop = await startShop({ keep: files.keep });
  const door = await startFrontDoor(shop.cache);
  await get(`${shop.base}/producto/42`);
  expect((await get(`${door}/producto/42`)).headers.get("x-cache")).toBe("HIT");
  for (const name of readdirSync(files.folder)) rmSync(path.join(files.folder, name));
  // The front door lets it go on; behind it, the page is rendered and stored again.
  expect(await (await get(`${door}/producto/42`)).text()).toBe("static:/producto/42");
  const again = await get(`${shop.base}/producto/42`);
  expect(again.status).toBe(200);
  expect(again.headers.get("x-cache")).toBe("MISS");
  expect(await again.text()).toContain("S/ 60.00");
  expect((await get(`${shop.base}/producto/42`)).headers.get("x-cache")).toBe("HIT");
  expect(shop.renders).toHaveLength(2);
});
