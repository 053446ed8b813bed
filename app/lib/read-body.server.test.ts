import { describe, expect, test } from "vitest";

import { readBodyWithLimit } from "./read-body.server";

/** A body sent in chunks, with no Content-Length: only counting can bound it. */
function streamed(chunks: number[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
      controller.close();
    },
  });
  return new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readBodyWithLimit", () => {
  test("reads a body up to the limit, whole", async () => {
    const bytes = await readBodyWithLimit(streamed([3, 4]), 7);
    expect(bytes?.byteLength).toBe(7);
    expect(bytes?.every((byte) => byte === 7)).toBe(true);
  });

  test("a body past the limit is null, whether declared or counted", async () => {
    expect(await readBodyWithLimit(streamed([4, 4]), 7)).toBeNull();
    const declared = new Request("http://localhost/", {
      method: "POST",
      body: "12345678",
      headers: { "content-length": "8" },
    });
    expect(await readBodyWithLimit(declared, 7)).toBeNull();
  });

  test("no body reads as empty", async () => {
    expect(await readBodyWithLimit(new Request("http://localhost/"), 7)).toEqual(new Uint8Array());
  });
});
