// Work the response does not wait for (an e-mail after a change, the owner's alerts): started
// here, so that what is still running can be awaited: by a test, instead of sleeping "long
// enough" before checking that nothing was sent (issue 42), and by anything that must not
// stop halfway. The work catches and logs its own errors; a failure here is never thrown.

const pending = new Set<Promise<unknown>>();

/** Starts `work` without making the caller wait for it. */
export function inBackground(work: Promise<unknown>): void {
  const tracked: Promise<unknown> = work.catch(() => {}).finally(() => pending.delete(tracked));
  pending.add(tracked);
}

/** Resolves once the background work started so far, and any it started in turn, has ended. */
export async function backgroundWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
