import { describe, expect, test } from "vitest";

import { chooseContentCoding, type ContentCoding } from "./accept-encoding";

const ALL: ContentCoding[] = ["br", "gzip", "identity"];
const choose = (header: string | null | undefined, offered = ALL) => chooseContentCoding(header, offered);

describe("chooseContentCoding", () => {
  test("browsers' usual headers get brotli, the smaller copy, whatever order they list it in", () => {
    expect(choose("gzip, deflate, br, zstd")).toBe("br");
    expect(choose("br, gzip")).toBe("br");
  });

  test("gzip for a client without brotli (plain HTTP browsers, older proxies)", () => {
    expect(choose("gzip, deflate")).toBe("gzip");
    expect(choose("x-gzip")).toBe("gzip");
    expect(choose("GZIP")).toBe("gzip");
  });

  test("q-values decide, ties go to the smaller copy", () => {
    expect(choose("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(choose("br;q=0.8, gzip;q=0.8")).toBe("br");
    expect(choose("br; q=0.9, gzip")).toBe("gzip");
    expect(choose("br;q=0, gzip")).toBe("gzip");
    expect(choose("gzip;q=0.3, identity;q=0.5")).toBe("identity");
  });

  test("a malformed q-value ignores that entry", () => {
    expect(choose("br;q=2, gzip")).toBe("gzip");
    expect(choose("br;q=abc")).toBe("identity");
  });

  test("identity: when nothing is said, when the header is empty, or asked for alone", () => {
    expect(choose(undefined)).toBe("identity");
    expect(choose(null)).toBe("identity");
    expect(choose("")).toBe("identity");
    expect(choose("identity")).toBe("identity");
    expect(choose("deflate")).toBe("identity");
  });

  test("* stands for every coding not named", () => {
    expect(choose("*")).toBe("br");
    expect(choose("br;q=0, *")).toBe("gzip");
    expect(choose("*;q=0.1, gzip")).toBe("gzip");
  });

  test("identity refused by name or by *;q=0", () => {
    expect(choose("identity;q=0")).toBeNull();
    expect(choose("*;q=0")).toBeNull();
    expect(choose("*;q=0, gzip")).toBe("gzip");
    expect(choose("*;q=0, identity")).toBe("identity");
  });

  test("only what is offered is chosen", () => {
    expect(choose("br, gzip", ["identity"])).toBe("identity");
    expect(choose("br", ["gzip", "identity"])).toBe("identity");
    expect(choose(undefined, ["br", "gzip"])).toBeNull();
  });
});
