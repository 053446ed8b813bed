import { expect, test } from "vitest";

import { createHitPacer, HIT_SLICE_MS } from "./hit-pacer.server";

/** A clock the test moves, and a turn of the event loop the test runs by hand. */
function fakeLoop() {
  let time = 0;
  const turns: (() => void)[] = [];
  return {
    now: () => time,
    advance: (ms: number) => (time += ms),
    schedule: (callback: () => void) => turns.push(callback),
    runTurn: () => turns.shift()?.(),
    pendingTurns: () => turns.length,
  };
}

test("without a render in progress a stored page is sent at once", () => {
  const loop = fakeLoop();
  const pacer = createHitPacer({ isRendering: () => false, ...loop });
  const sent: number[] = [];
  for (let i = 0; i < 100; i++) pacer.pace(() => sent.push(i));
  expect(sent).toHaveLength(100);
  expect(loop.pendingTurns()).toBe(0);
});

test("while a render is in progress, hits are sent in slices, in order, one slice per turn", () => {
  const loop = fakeLoop();
  let isRendering = true;
  const pacer = createHitPacer({ isRendering: () => isRendering, ...loop });
  const sent: number[] = [];
  // Each hit costs 0.25 ms of the clock.
  for (let i = 0; i < 40; i++)
    pacer.pace(() => {
      sent.push(i);
      loop.advance(0.25);
    });
  expect(sent).toEqual([]);
  expect(pacer.waiting()).toBe(40);

  loop.runTurn();
  // The slice ended once its budget (at least the shortest slice) was spent, not after all 40.
  expect(sent.length).toBeGreaterThanOrEqual(HIT_SLICE_MS.min / 0.25);
  expect(sent.length).toBeLessThanOrEqual(HIT_SLICE_MS.max / 0.25 + 1);
  expect(sent).toEqual([...sent.keys()]);
  const afterFirst = sent.length;

  // The render's own work takes its turn (the clock moves), then the next slice.
  loop.advance(5);
  loop.runTurn();
  expect(sent.length).toBeGreaterThan(afterFirst);

  // The render ends: the rest go in one turn, and new hits are sent at once again.
  isRendering = false;
  while (loop.pendingTurns() > 0) loop.runTurn();
  expect(sent).toEqual([...Array(40).keys()]);
  expect(pacer.waiting()).toBe(0);
  pacer.pace(() => sent.push(40));
  expect(sent.at(-1)).toBe(40);
});

test("a hit arriving while others wait joins the end of the line even after the render ended", () => {
  const loop = fakeLoop();
  let isRendering = true;
  const pacer = createHitPacer({ isRendering: () => isRendering, ...loop });
  const sent: string[] = [];
  pacer.pace(() => sent.push("first"));
  isRendering = false;
  pacer.pace(() => sent.push("second"));
  expect(sent).toEqual([]);
  loop.runTurn();
  expect(sent).toEqual(["first", "second"]);
});
