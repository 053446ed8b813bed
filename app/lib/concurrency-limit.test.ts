import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, test } from "vitest";

import { type ConcurrencyLimits, limitConcurrency } from "./concurrency-limit.server";

let close = () => {};
afterEach(() => close());

/** A server whose handler takes `delayMs`, behind the limit, counting how many overlap. */
async function slowServer(concurrency: number, delayMs: number, limits: Partial<ConcurrencyLimits> = {}) {
  const stats = { active: 0, mostAtOnce: 0, order: [] as string[] };
  const app = express();
  app.use(limitConcurrency({ concurrency, maxWaiting: 100, maxWaitMs: 10_000, ...limits }));
  app.get("/:name", (req, res) => {
    stats.active++;
    stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.active);
    stats.order.push(req.params.name);
    setTimeout(() => {
      stats.active--;
      res.send(`hola ${req.params.name}`);
    }, delayMs);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stats };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `events` holds `event` (a request reached its handler), however slow the machine. */
async function until(events: string[], event: string) {
  while (!events.includes(event)) await sleep(2);
}

/**
 * A server behind a line of one: `/afuera/:name` waits on an outside service (`outside()`, which
 * the test settles) and then works `payMs`; any other path works `workMs`. Records each step.
 */
async function serverWithOutsideWaits(outside: () => Promise<void>, payMs: number, workMs: number) {
  const events: string[] = [];
  const limiter = limitConcurrency({ concurrency: 1, maxWaiting: 100, maxWaitMs: 10_000 });
  const app = express();
  app.use(limiter);
  app.get("/afuera/:name", async (req, res) => {
    events.push(`afuera ${req.params.name}`);
    await limiter.whileWaitingOutside(outside);
    events.push(`empieza ${req.params.name}`);
    await sleep(payMs);
    events.push(`termina ${req.params.name}`);
    res.send(`hola ${req.params.name}`);
  });
  app.get("/:name", async (req, res) => {
    events.push(`empieza ${req.params.name}`);
    await sleep(workMs);
    events.push(`termina ${req.params.name}`);
    res.send(`hola ${req.params.name}`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, events, limiter };
}

/** An outside service that answers when the test says so. */
function heldAnswer() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return { outside: () => answered, answer: () => answer() };
}

describe("limitConcurrency", () => {
  test("serves every request, never more than the limit at once, in arrival order", async () => {
    const { url, stats } = await slowServer(2, 30);
    const names = Array.from({ length: 8 }, (_, i) => `r${i}`);
    const answers: Promise<string>[] = [];
    for (const name of names) {
      answers.push(fetch(`${url}/${name}`).then((response) => response.text()));
      // Let each request reach the server before the next one, so arrival order is known.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(await Promise.all(answers)).toEqual(names.map((name) => `hola ${name}`));
    expect(stats.mostAtOnce).toBe(2);
    expect(stats.order).toEqual(names);
  });

  test("a shopper who leaves the queue does not keep a slot: later requests are still served", async () => {
    const { url, stats } = await slowServer(1, 80);
    const first = fetch(`${url}/primero`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 10));
    const abandoned = new AbortController();
    const gone = fetch(`${url}/abandonado`, { signal: abandoned.signal }).catch(() => "abortado");
    await new Promise((resolve) => setTimeout(resolve, 10));
    abandoned.abort();
    expect(await gone).toBe("abortado");
    expect(await first).toBe("hola primero");
    expect(await fetch(`${url}/despues`).then((response) => response.text())).toBe("hola despues");
    expect(stats.order).toEqual(["primero", "despues"]);
  });

  test("beyond the longest line allowed, a request is turned away at once with a Spanish 503 and Retry-After", async () => {
    const { url, stats } = await slowServer(1, 150, { maxWaiting: 2 });
    const served: Promise<Response>[] = [];
    for (const name of ["primero", "segundo", "tercero"]) {
      served.push(fetch(`${url}/${name}`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const started = Date.now();
    const refused = await fetch(`${url}/cuarto`);
    expect(Date.now() - started).toBeLessThan(300);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(await refused.text()).toContain(
      "La tienda está recibiendo muchas visitas. Vuelve a intentarlo en unos segundos.",
    );
    expect((await Promise.all(served)).map((response) => response.status)).toEqual([200, 200, 200]);
    expect(stats.order).toEqual(["primero", "segundo", "tercero"]);
  });

  test("a request that waits longer than allowed is turned away, and its place is not lost", async () => {
    const { url, stats } = await slowServer(1, 200, { maxWaitMs: 50 });
    const first = fetch(`${url}/primero`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const late = await fetch(`${url}/tarde`);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("5");
    expect((await first).status).toBe(200);
    expect(await fetch(`${url}/despues`).then((response) => response.text())).toBe("hola despues");
    expect(stats.order).toEqual(["primero", "despues"]);
  });

  test("a request waiting on an outside service opens a place for that time: the next shopper is served meanwhile", async () => {
    const provider = heldAnswer();
    const { url, events } = await serverWithOutsideWaits(provider.outside, 20, 20);
    const paying = fetch(`${url}/afuera/pago`).then((response) => response.text());
    await until(events, "afuera pago");
    expect(await fetch(`${url}/carrito`).then((response) => response.text())).toBe("hola carrito");
    expect(events).toEqual(["afuera pago", "empieza carrito", "termina carrito"]);
    provider.answer();
    expect(await paying).toBe("hola pago");
    expect(events.slice(3)).toEqual(["empieza pago", "termina pago"]);
  });

  test("once the outside service answers, the line narrows again: nobody new starts until both have finished", async () => {
    const provider = heldAnswer();
    const { url, events, limiter } = await serverWithOutsideWaits(provider.outside, 400, 200);
    const paying = fetch(`${url}/afuera/pago`);
    await until(events, "afuera pago");
    // Let in while the payment waits outside; still working when the payment comes back.
    const cart = fetch(`${url}/carrito`);
    await until(events, "empieza carrito");
    provider.answer();
    await until(events, "empieza pago");
    expect(limiter.stats()).toMatchObject({ active: 2, waiting: 0 });
    const search = fetch(`${url}/buscar`);
    while (limiter.stats().waiting === 0) await sleep(2);
    expect(limiter.stats()).toMatchObject({ active: 2, waiting: 1 });
    await Promise.all([paying, cart, search]);
    expect(events).toEqual([
      "afuera pago",
      "empieza carrito",
      "empieza pago",
      "termina carrito",
      "termina pago",
      "empieza buscar",
      "termina buscar",
    ]);
    expect(limiter.stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});
