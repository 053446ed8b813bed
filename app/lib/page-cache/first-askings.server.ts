// Which searches the page cache keeps (ADR 070): a page whose key holds words a visitor typed
// (`q`) is kept on its second asking, not its first. Most such addresses are asked once (a query
// typed as the shopper goes, a typo, a stranger's random words), and keeping each cost two
// compressed copies and two files for nothing, and pushed pages that are asked again out of the
// cache. Remembered here: the keys asked lately, as 48-bit fingerprints in a least-recently-used
// list of bounded length, so the memory is bounded whatever is asked. Two keys that share a
// fingerprint only let a page be kept on its first asking.
import { createHash } from "node:crypto";

import { LRUCache } from "lru-cache";

/** How many keys asked lately are remembered (under 1 MB). */
const REMEMBERED_ASKINGS = 16_384;

/** The key's fingerprint: the first 48 bits of its SHA-1. */
function fingerprint(key: string): number {
  return createHash("sha1").update(key).digest().readUIntBE(0, 6);
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

export function createFirstAskings(remembered = REMEMBERED_ASKINGS): FirstAskings {
  const asked = new LRUCache<number, true>({ max: remembered });
  return {
    askedBefore(key) {
      const print = fingerprint(key);
      if (asked.get(print)) return true;
      asked.set(print, true);
      return false;
    },
  };
}
