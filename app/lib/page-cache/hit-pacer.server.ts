// Stored pages and renders share one event loop (ADR 024). A stored page costs a fraction of a
// millisecond, so a flood of them (a promotion shared widely, hundreds of connections asking as
// fast as they are answered) fills every turn of the loop with hits: a render, which needs
// dozens of turns (its queries, React's chunks, the compressor), then advances once per turn of
// hundreds of hits and never finishes. The cart, a checkout or the owner's save would time out.
//
// While something is being rendered, hits are answered in slices between the renders' turns
// instead: each slice as long as the rest of the work had since the previous one (within
// bounds), so that renders and hits share the processor about half and half. Without a render
// in progress a hit is answered at once, as before.

/** The shortest and longest slice of hits answered in one turn while renders wait, in ms. */
export const HIT_SLICE_MS = { min: 0.5, max: 1 };

export type HitPacer = {
  /** Runs `send` now, or in a later turn while a render is in progress. */
  pace: (send: () => void) => void;
  /** Hits waiting for a slice. */
  waiting: () => number;
};

export function createHitPacer({
  isRendering,
  now = () => performance.now(),
  schedule = setImmediate,
}: {
  isRendering: () => boolean;
  now?: () => number;
  schedule?: (callback: () => void) => unknown;
}): HitPacer {
  let queue: (() => void)[] = [];
  let head = 0;
  let isScheduled = false;
  let lastSliceEnd = now();

  function drain() {
    isScheduled = false;
    const start = now();
    const budget = Math.min(HIT_SLICE_MS.max, Math.max(HIT_SLICE_MS.min, start - lastSliceEnd));
    while (head < queue.length) {
      const send = queue[head]!;
      queue[head++] = noop;
      send();
      if (now() - start >= budget && isRendering()) break;
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
    lastSliceEnd = now();
    if (head < queue.length) scheduleDrain();
  }

  function scheduleDrain() {
    if (isScheduled) return;
    isScheduled = true;
    schedule(drain);
  }

  return {
    pace(send) {
      if (head === queue.length && !isRendering()) {
        send();
        return;
      }
      queue.push(send);
      scheduleDrain();
    },
    waiting: () => queue.length - head,
  };
}

function noop() {}
