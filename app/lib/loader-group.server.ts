// The loaders of one page (root, layout, route) each receive their own copy of the Request
// (React Router strips its own query parameters by building a new one), so a WeakMap keyed by
// the Request never finds what a sibling loader already read. The server marks each GET it
// hands to React Router with a fresh random key (and drops any such header a client sent):
// loaders of one request find each other's reads by it (ADR 043). Only reads: an action may
// change what they read (a sign-out), so a POST's loaders are never grouped.
const GROUP_HEADER = "x-patitas-loader-group";
/** Long enough for the slowest page's loaders; a key is random and never used again. */
const KEEP_MS = 30_000;

type Kept = { at: number; values: Map<string, Promise<unknown>> };
const groups = new Map<string, Kept>();
let lastSweep = 0;

/** For the server's front door: marks a GET (or HEAD) request, and unmarks anything else. */
export function markLoaderGroup(
  req: { method: string; headers: Record<string, string | string[] | undefined> },
  newKey: () => string,
): void {
  if (req.method === "GET" || req.method === "HEAD") req.headers[GROUP_HEADER] = newKey();
  else delete req.headers[GROUP_HEADER];
}

function sweep(now: number): void {
  if (now - lastSweep < KEEP_MS) return;
  lastSweep = now;
  for (const [key, kept] of groups) if (now - kept.at > KEEP_MS) groups.delete(key);
}

/** `read()`'s answer, shared by the loaders of one marked request; unmarked, read each time. */
export function readOncePerRequest<T>(request: Request, name: string, read: () => Promise<T>): Promise<T> {
  const key = request.method === "GET" || request.method === "HEAD" ? request.headers.get(GROUP_HEADER) : null;
  if (!key) return read();
  const now = Date.now();
  sweep(now);
  let kept = groups.get(key);
  if (!kept) {
    kept = { at: now, values: new Map() };
    groups.set(key, kept);
  }
  let value = kept.values.get(name) as Promise<T> | undefined;
  if (!value) {
    value = read();
    kept.values.set(name, value);
  }
  return value;
}
