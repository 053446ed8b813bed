// Which searches the page cache keeps (ADR 070): a page whose key holds words a visitor typed
// (`q`) is kept on its second asking, not its first. Most such addresses are asked once (a query
// typed as the shopper goes, a typo, a stranger's random words), and keeping each cost two
// compressed copies and two files for nothing, and pushed pages that are asked again out of the
// cache. Remembered here: the keys asked lately, as 53-bit fingerprints, in two generations (the
// older is forgotten when the newer fills), so the memory is bounded whatever is asked. Two keys
// that share a fingerprint only let a page be kept on its first asking.

/** Fingerprints a generation holds before the older one is forgotten (two of them: under 1 MB). */
const FIRST_ASKINGS_PER_GENERATION = 8_192;

/** The key's fingerprint: cyrb53 (public domain), two 32-bit multiplicative hashes mixed into 53 bits. */
function fingerprint(key: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let at = 0; at < key.length; at++) {
    const code = key.charCodeAt(at);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Whether a cache key holds typed words: its page is kept on its second asking. */
export function isTypedKey(key: string): boolean {
  const query = key.indexOf("?");
  return query !== -1 && new URLSearchParams(key.slice(query)).has("q");
}

export type FirstAskings = {
  /**
   * Records that `key` was asked; true when it had been asked before (lately), so that its page
   * may be kept now.
   */
  askedBefore(key: string): boolean;
};

export function createFirstAskings(perGeneration = FIRST_ASKINGS_PER_GENERATION): FirstAskings {
  let current = new Set<number>();
  let previous = new Set<number>();
  return {
    askedBefore(key) {
      const print = fingerprint(key);
      if (current.has(print)) return true;
      const wasAsked = previous.has(print);
      if (current.size >= perGeneration) {
        previous = current;
        current = new Set();
      }
      current.add(print);
      return wasAsked;
    },
  };
}
