// Which stored copy of a page to send, from the request's Accept-Encoding (RFC 9110 §12.5.3).

export type ContentCoding = "br" | "gzip" | "identity";

/** Between codings the browser weighs alike, the smallest copy first. */
const PREFERENCE: readonly ContentCoding[] = ["br", "gzip", "identity"];

/**
 * identity, when the header does not weigh it, is acceptable but chosen last: below 0.001,
 * the smallest weight a header can give, so `gzip;q=0.8` still means "gzip, please".
 */
const UNNAMED_IDENTITY_WEIGHT = 0.0005;

const Q_VALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** The codings named in the header with their weights; an entry with a malformed weight is ignored. */
function readWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";").map((piece) => piece.trim());
    const name = rawName.toLowerCase() === "x-gzip" ? "gzip" : rawName.toLowerCase();
    if (name === "" || weights.has(name)) continue;
    const qParam = params.find((param) => /^q=/i.test(param));
    if (qParam === undefined) {
      weights.set(name, 1);
      continue;
    }
    const match = Q_VALUE.exec(qParam.replace(/\s+/g, ""));
    if (match?.[1] !== undefined) weights.set(name, Number(match[1]));
  }
  return weights;
}

/**
 * The offered coding the client weighs highest, ties going to the first in `preference` (by
 * default the smaller copy, as the page cache's stored copies are); null when
 * the client refuses every one offered (`identity;q=0` with no coding it accepts).
 * Without the header at all, identity: RFC 9110 allows any coding then, but a client that
 * says nothing (curl, a monitoring probe) is better served bytes it can read.
 * `identity` is acceptable unless refused by name or by `*;q=0`, but unnamed it comes after
 * any coding accepted; `*` stands for every coding not named.
 */
export function chooseContentCoding(
  header: string | null | undefined,
  offered: readonly ContentCoding[],
  preference: readonly ContentCoding[] = PREFERENCE,
): ContentCoding | null {
  if (header === null || header === undefined) return offered.includes("identity") ? "identity" : null;
  const weights = readWeights(header);
  const star = weights.get("*");
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of preference) {
    if (!offered.includes(coding)) continue;
    const weight = weights.get(coding) ?? star ?? (coding === "identity" ? UNNAMED_IDENTITY_WEIGHT : 0);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
