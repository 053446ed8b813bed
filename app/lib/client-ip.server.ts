import { isIPv6 } from "node:net";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's address, as Express sees it (through a local reverse proxy). */
    clientIp?: string;
  }
}

/**
 * The visitor as the per-address rate limits count them. An IPv6 subscriber is handed a
 * whole /64 (2^64 addresses), so one counted per address could never be slowed down: IPv6
 * addresses count by their /64. An IPv4 address written as IPv6 (::ffff:203.0.113.5) is
 * the IPv4 address.
 */
export function getClientIp(context: { clientIp?: string } | undefined): string {
  const address = context?.clientIp || "";
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, "::" expanded, without a zone (fe80::1%eth0). */
function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("%")[0]!.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four matter here.
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(missing, 0)).fill("0"), ...right];
  return groups.map((group) => (/^[0-9a-f]+$/.test(group) ? group.replace(/^0+(?=.)/, "") : group));
}
