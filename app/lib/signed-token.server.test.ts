import { describe, expect, test } from "vitest";

import { createSignedToken, readSignedToken } from "./signed-token.server";

describe("signed tokens", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const inAnHour = new Date(now.getTime() + 60 * 60 * 1000);

  test("give back their payload for their purpose until they expire by the server's clock", () => {
    const token = createSignedToken("complaint-copy", { complaintId: 7 }, inAnHour);
    expect(readSignedToken("complaint-copy", token, now)).toEqual({ complaintId: 7 });
    expect(readSignedToken("complaint-copy", token, inAnHour)).toBeNull();
    // Made for one kind of link, it opens no other.
    expect(readSignedToken("account-activation", token, now)).toBeNull();
  });

  test("refuse a payload changed without the secret, and junk", () => {
    const token = createSignedToken("complaint-copy", { complaintId: 7 }, inAnHour);
    const [, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ complaintId: 8, exp: inAnHour.getTime() })).toString("base64url")}.${signature}`;
    for (const bad of [forged, `${token}x`, `${token}.extra`, "", ".", "abc", "x".repeat(2000)]) {
      expect(readSignedToken("complaint-copy", bad, now), bad.slice(0, 40)).toBeNull();
    }
  });
});
