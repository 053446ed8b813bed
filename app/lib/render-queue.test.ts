import { EventEmitter } from "node:events";

import type { Request, Response } from "express";
import { afterEach, describe, expect, test } from "vitest";

import { readRenderQueueHealth, renderQueue } from "./render-queue.server";

/** A response that only finishes when the test says so: a render that hangs. */
function hangingResponse() {
  const res = Object.assign(new EventEmitter(), { destroyed: false, finish: () => res.emit("finish") });
  return res;
}

let responses: ReturnType<typeof hangingResponse>[] = [];
afterEach(() => {
  for (const res of responses) res.finish();
  responses = [];
});

function enter(): void {
  const res = hangingResponse();
  responses.push(res);
  renderQueue({} as Request, res as unknown as Response, () => undefined);
}

describe("the render line's health, as /healthz reports it", () => {
  test("an idle shop is serving", () => {
    expect(readRenderQueueHealth()).toEqual({
      active: 0,
      waiting: 0,
      oldestWaitMs: 0,
      oldestActiveMs: 0,
      isServing: true,
    });
  });

  test("eight hung renders and a shopper waiting 15 s mean the shop is not serving pages", () => {
    const started = Date.now();
    for (let i = 0; i < 9; i++) enter();
    const soon = readRenderQueueHealth(started + 1_000);
    expect(soon).toMatchObject({ active: 8, waiting: 1, isServing: true });
    expect(soon.oldestWaitMs).toBeGreaterThanOrEqual(900);
    const stuck = readRenderQueueHealth(started + 15_500);
    expect(stuck).toMatchObject({ active: 8, waiting: 1, isServing: false });
    expect(stuck.oldestActiveMs).toBeGreaterThanOrEqual(15_000);
  });

  test("when the renders finish, the line empties and the shop is serving again", () => {
    for (let i = 0; i < 9; i++) enter();
    for (const res of responses) res.finish();
    expect(readRenderQueueHealth(Date.now() + 20_000)).toMatchObject({ active: 0, waiting: 0, isServing: true });
  });
});
