import { EventEmitter } from "node:events";

import type { Request, Response } from "express";
import { afterEach, describe, expect, test } from "vitest";

import { callingOutside, readRenderQueueHealth, renderQueue } from "./render-queue.server";

/** Places in the line: two with the embedded database, eight with a PostgreSQL server (ADR 062). */
const PLACES = process.env.DATABASE_URL ? 8 : 2;

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

  test("hung renders in every place and a shopper waiting 15 s mean the shop is not serving pages", () => {
    const started = Date.now();
    for (let i = 0; i < PLACES + 1; i++) enter();
    const soon = readRenderQueueHealth(started + 1_000);
    expect(soon).toMatchObject({ active: PLACES, waiting: 1, isServing: true });
    expect(soon.oldestWaitMs).toBeGreaterThanOrEqual(900);
    const stuck = readRenderQueueHealth(started + 15_500);
    expect(stuck).toMatchObject({ active: PLACES, waiting: 1, isServing: false });
    expect(stuck.oldestActiveMs).toBeGreaterThanOrEqual(15_000);
  });

  test("when the renders finish, the line empties and the shop is serving again", () => {
    for (let i = 0; i < 9; i++) enter();
    for (const res of responses) res.finish();
    expect(readRenderQueueHealth(Date.now() + 20_000)).toMatchObject({ active: 0, waiting: 0, isServing: true });
  });

  test("a client's calls to an outside service open one more place while they wait, and only then", async () => {
    for (let i = 0; i < PLACES + 1; i++) enter();
    expect(readRenderQueueHealth()).toMatchObject({ active: PLACES, waiting: 1 });
    let answer = (_value: string) => {};
    const provider = {
      name: "pasarela",
      pay: (amount: number) => new Promise<string>((resolve) => (answer = (value) => resolve(`${value} ${amount}`))),
      describe() {
        return this.name;
      },
    };
    const waiting = callingOutside(provider, ["pay"]);
    const paid = waiting.pay(6490);
    // The shopper first in line takes the place the payment's wait opened.
    expect(readRenderQueueHealth()).toMatchObject({ active: PLACES + 1, waiting: 0 });
    answer("pagado");
    expect(await paid).toBe("pagado 6490");
    expect(waiting.describe()).toBe("pasarela");
    // Back from the provider, nobody new gets in until enough renders end.
    enter();
    expect(readRenderQueueHealth()).toMatchObject({ active: PLACES + 1, waiting: 1 });
    responses[0]?.finish();
    responses[1]?.finish();
    expect(readRenderQueueHealth()).toMatchObject({ active: PLACES, waiting: 0 });
  });
});
