import { expect, test } from "vitest";

import { moveInList, parseMoveDirection } from "./reorder";

test("moves one place up or down, never past either end", () => {
  expect(moveInList([1, 2, 3], 2, "up")).toEqual([2, 1, 3]);
  expect(moveInList([1, 2, 3], 2, "down")).toEqual([1, 3, 2]);
  expect(moveInList([1, 2, 3], 1, "up")).toBeNull();
  expect(moveInList([1, 2, 3], 3, "down")).toBeNull();
  expect(moveInList([1, 2, 3], 9, "up")).toBeNull();
});

test("only 'up' and 'down' are directions", () => {
  expect(parseMoveDirection("up")).toBe("up");
  expect(parseMoveDirection("arriba")).toBeNull();
});
