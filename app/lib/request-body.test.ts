import type { AddressInfo } from "node:net";
import { connect } from "node:net";

import express from "express";
import { afterEach, describe, expect, test } from "vitest";

import { type BodyRule, readBoundedBodies } from "./request-body.server";

let close = () => {};
afterEach(() => close());

const RULE: BodyRule = { limit: 1_000, deadlineMs: 300, contentTypes: ["application/x-www-form-urlencoded"] };

/** A server that answers with the length of the body it was handed, behind the front door. */
async function echoServer(rule = RULE) {
  const app = express();
  let handled = 0;
  app.use(readBoundedBodies(() => rule));
  app.use((_req, res) => {
    handled++;
    res.send(`recibido ${res.locals.body?.length ?? "nada"}`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, handled: () => handled };
}

const form = "application/x-www-form-urlencoded";

describe("readBoundedBodies", () => {
  test("a body within the limit reaches the handler whole; a GET has none to read", async () => {
    const { url } = await echoServer();
    const posted = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": form },
      body: "a=".padEnd(1_000, "x"),
    });
    expect(await posted.text()).toBe("recibido 1000");
    expect(await (await fetch(url)).text()).toBe("recibido nada");
  });

  test("a declared or streamed body over the limit is refused with 413, and no handler runs", async () => {
    const { url, handled } = await echoServer();
    const declared = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": form },
      body: "a=".padEnd(1_001, "x"),
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("Envío demasiado grande");
    const streamed = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": form },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(100)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(handled()).toBe(0);
  });

  test("a body still trickling in at the deadline is refused with 408", async () => {
    const { port, handled } = await echoServer();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${form}\r\nContent-Length: 500\r\n\r\na=`);
    const timer = setInterval(() => socket.write("x"), 50);
    await new Promise((resolve) => socket.once("close", resolve));
    clearInterval(timer);
    const answer = Buffer.concat(chunks).toString("utf8");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain("El envío tardó demasiado");
    expect(handled()).toBe(0);
  });

  test("a post without an accepted content type is refused with 415", async () => {
    const { url } = await echoServer();
    for (const headers of [
      {},
      { "Content-Type": "application/json" },
      { "Content-Type": "text/plain;charset=UTF-8" },
    ] as Record<string, string>[]) {
      const response = await fetch(url, { method: "POST", headers, body: "{}" });
      expect(response.status).toBe(415);
      expect(await response.text()).toContain("Envío no admitido");
    }
    const withParameters = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": `${form}; charset=UTF-8` },
      body: "a=1",
    });
    expect(await withParameters.text()).toBe("recibido 3");
  });
});

describe("large bodies held at once", () => {
  const UPLOAD: BodyRule = { limit: 10_000, deadlineMs: 5_000, contentTypes: [form] };
  const BUDGET = { thresholdBytes: 1_000, totalBytes: 30_000, perClient: 2 };

  /** A server whose handler holds each body until `release` is called. */
  async function holdingServer() {
    const app = express();
    const waiting: (() => void)[] = [];
    app.use(readBoundedBodies(() => UPLOAD, BUDGET));
    app.use((_req, res) => {
      waiting.push(() => res.send(`recibido ${res.locals.body?.length ?? "nada"}`));
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const held = () => waiting.length;
    return { url, held, releaseAll: () => waiting.splice(0).forEach((send) => send()) };
  }

  const post = (url: string) =>
    fetch(url, { method: "POST", headers: { "Content-Type": form }, body: "a=".padEnd(5_000, "x") });

  test("one client may have two in memory; a third is told to come back, at once, with Retry-After", async () => {
    const { url, held, releaseAll } = await holdingServer();
    const first = post(url);
    const second = post(url);
    await expect.poll(held).toBe(2);
    const third = await post(url);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("10");
    expect(await third.text()).toContain("Estamos recibiendo muchos archivos");
    expect(held()).toBe(2);
    releaseAll();
    expect(await (await first).text()).toBe("recibido 5000");
    expect(await (await second).text()).toBe("recibido 5000");
    // Their places are given back: the next one goes through.
    const next = post(url);
    await expect.poll(held).toBe(1);
    releaseAll();
    expect((await next).status).toBe(200);
  });

  test("small bodies are never counted", async () => {
    const app = express();
    app.use(readBoundedBodies(() => RULE, { ...BUDGET, perClient: 0, totalBytes: 0 }));
    app.use((_req, res) => res.send(`recibido ${res.locals.body?.length ?? "nada"}`));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await fetch(url, { method: "POST", headers: { "Content-Type": form }, body: "a=b" });
    expect(await answer.text()).toBe("recibido 3");
  });
});
