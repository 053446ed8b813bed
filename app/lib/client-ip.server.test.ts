import { describe, expect, test } from "vitest";

import { getClientIp } from "./client-ip.server";

const key = (clientIp?: string) => getClientIp({ clientIp });

describe("the visitor as rate limits count them", () => {
  test("an IPv4 address is itself, also when written as IPv6", () => {
    expect(key("203.0.113.5")).toBe("203.0.113.5");
    expect(key("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(key("::FFFF:203.0.113.5")).toBe("203.0.113.5");
  });

  test("IPv6 addresses of one /64 are one visitor, however they are written", () => {
    const one = key("2001:db8:1:2::1");
    expect(one).toBe("2001:db8:1:2::/64");
    for (const same of [
      "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
      "2001:0db8:0001:0002::ffff",
      "2001:DB8:1:2:0:0:0:9",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect(key(same), same).toBe(one);
    }
    expect(key("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(key("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(key("::1")).toBe("0:0:0:0::/64");
    expect(key("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  test("no address is 'unknown'", () => {
    expect(key("")).toBe("unknown");
    expect(key(undefined)).toBe("unknown");
    expect(getClientIp(undefined)).toBe("unknown");
  });
});
