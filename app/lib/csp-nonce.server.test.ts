// ADR 073: the pages' nonces are cut from a pool of random bytes drawn 4 KB at a time.
import { expect, test } from "vitest";

import { newCspNonce } from "./csp-nonce.server";

test("each nonce is 16 bytes of base64, and none repeats across several refills of the pool", () => {
  const nonces = Array.from({ length: 2_000 }, () => newCspNonce());
  for (const nonce of nonces) {
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  }
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("the bytes look random: every byte value turns up, none far more often than the rest", () => {
  const counts = new Array<number>(256).fill(0);
  for (let index = 0; index < 4_096; index++) {
    for (const byte of Buffer.from(newCspNonce(), "base64")) counts[byte]! += 1;
  }
  // 65,536 bytes: 256 of each value on average; a constant or a repeated block would fail.
  expect(Math.min(...counts)).toBeGreaterThan(150);
  expect(Math.max(...counts)).toBeLessThan(380);
});
