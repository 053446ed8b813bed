import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, expect, test, vi } from "vitest";

import { logRequestWhenDone } from "./request-log.server";

let close = () => {};
afterEach(() => {
  close();
  vi.restoreAllMocks();
});

/** A server whose pages answer after `delayMs`, logging each request; returns its URL and the log lines. */
async function loggedServer(delayMs: number) {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    return true;
  });
  const app = express();
  app.use((req, res, next) => {
    logRequestWhenDone(req, res, `prueba-${req.path.slice(1)}`);
    next();
  });
  app.get("/:name", (req, res) => {
    setTimeout(() => {
      if (!res.destroyed) res.status(201).send(`hola ${req.params.name}`);
    }, delayMs);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

test("an answered request is one JSON line with its id, status and duration", async () => {
  const { url, lines } = await loggedServer(5);
  expect(await fetch(`${url}/completa?x=1`).then((response) => response.text())).toBe("hola completa");
  await expect.poll(() => lines.length).toBe(1);
  expect(lines[0]).toEqual({
    time: expect.any(String),
    level: "info",
    msg: "request",
    requestId: "prueba-completa",
    method: "GET",
    path: "/completa",
    status: 201,
    durationMs: expect.any(Number),
    ip: expect.any(String),
  });
});

test("a request the shopper abandons before the answer is still one line, marked aborted", async () => {
  const { url, lines } = await loggedServer(300);
  const abandoned = new AbortController();
  const gone = fetch(`${url}/abandonada`, { signal: abandoned.signal }).catch(() => "abortada");
  await new Promise((resolve) => setTimeout(resolve, 50));
  abandoned.abort();
  expect(await gone).toBe("abortada");
  // Past the moment the page would have answered: still a single line.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ requestId: "prueba-abandonada", path: "/abandonada", status: null, aborted: true });
});
