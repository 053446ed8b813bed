import { randomBytes, timingSafeEqual } from "node:crypto";

import { ORDER_TOKEN_PATTERN } from "./order-link";

/** 24 random bytes as 32 base64url characters: the order link's unguessable part. */
export function createOrderAccessToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Whether `given` is the order's token, compared in constant time; false when either is missing. */
export function isOrderAccessToken(stored: string | null, given: string | null | undefined): boolean {
  if (!stored || !given || !ORDER_TOKEN_PATTERN.test(given) || given.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}
