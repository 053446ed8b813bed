// Several instances of the shop on one PostgreSQL (ADR 024): each keeps its own page cache,
// so each write's invalidation is sent to the others with NOTIFY and theirs are applied here
// (LISTEN), within a second. The embedded database is one process: no bridge.
import { randomUUID } from "node:crypto";

import type { Client } from "pg";

import type { InvalidationEvent } from "./page-cache.server";

const PAGE_CACHE_CHANNEL = "page_cache";
/** NOTIFY's payload limit is 8,000 bytes: past this, the message says "everything". */
const MAX_PAYLOAD_BYTES = 7_500;
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

type Message = { from: string; tags: string[] | "all" };

type InvalidationTarget = {
  onInvalidate: (listener: (event: InvalidationEvent) => void) => () => void;
  invalidateTags: (tags: Iterable<string>, options: { isRemote: boolean }) => unknown;
  invalidateAll: (options: { isRemote: boolean }) => unknown;
};

export type InvalidationBridge = { instanceId: string; ready: Promise<void>; stop: () => Promise<void> };

export function encodeInvalidation(from: string, tags: InvalidationEvent["tags"]): string {
  const message: Message = { from, tags: tags === "all" ? "all" : [...tags] };
  const payload = JSON.stringify(message);
  return Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES ? payload : JSON.stringify({ from, tags: "all" });
}

export function decodeInvalidation(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? "") as Partial<Message>;
    if (typeof message.from !== "string") return null;
    if (message.tags === "all") return { from: message.from, tags: "all" };
    if (!Array.isArray(message.tags) || !message.tags.every((tag) => typeof tag === "string")) return null;
    return { from: message.from, tags: message.tags };
  } catch {
    return null;
  }
}

/** A connection listening on the channel, or null when it could not be opened. */
async function openListener(
  databaseUrl: string,
  handlers: {
    onMessage: (message: Message) => void;
    onLost: (client: Client, error?: unknown) => void;
    onRefused: (error: unknown) => void;
  },
): Promise<Client | null> {
  // pg is loaded here, never by the embedded shop (its heap: bench/history.md, 'The page cache').
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("notification", (notification) => {
    if (notification.channel !== PAGE_CACHE_CHANNEL) return;
    const message = decodeInvalidation(notification.payload);
    if (message) handlers.onMessage(message);
  });
  const lose = (error?: unknown) => {
    void client.end().catch(() => {});
    handlers.onLost(client, error);
  };
  client.on("error", lose);
  client.on("end", () => lose());
  try {
    await client.connect();
    await client.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
    return client;
  } catch (error) {
    client.removeAllListeners("end");
    client.removeAllListeners("error");
    client.on("error", () => {});
    void client.end().catch(() => {});
    handlers.onRefused(error);
    return null;
  }
}

/**
 * Listens on its own connection (a pooled one would be handed to queries) and sends this
 * instance's invalidations on it. When the connection drops, it reconnects and drops every
 * page it holds: an invalidation sent meanwhile was missed.
 */
export function startInvalidationBridge({
  databaseUrl,
  cache,
  reportError,
}: {
  databaseUrl: string;
  /** The page cache, or what stands for it and the values kept in memory (shop-page-cache.server.ts). */
  cache: Pick<InvalidationTarget, "onInvalidate" | "invalidateTags" | "invalidateAll">;
  reportError: (message: string, error: unknown) => void;
}): InvalidationBridge {
  const instanceId = randomUUID();
  let client: Client | null = null;
  let isStopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const unsubscribe = cache.onInvalidate((event) => {
    if (event.isRemote || !client) return;
    client
      .query("select pg_notify($1, $2)", [PAGE_CACHE_CHANNEL, encodeInvalidation(instanceId, event.tags)])
      .catch((error: unknown) => reportError("page cache: NOTIFY failed", error));
  });

  function scheduleReconnect() {
    if (isStopped || retryTimer) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    const next = await openListener(databaseUrl, {
      onMessage: (message) => {
        if (message.from === instanceId) return;
        if (message.tags === "all") cache.invalidateAll({ isRemote: true });
        else cache.invalidateTags(message.tags, { isRemote: true });
      },
      onLost: (lost, error) => {
        if (isStopped) return;
        if (error) reportError("page cache: the LISTEN connection failed", error);
        if (client === lost) client = null;
        scheduleReconnect();
      },
      onRefused: (error) => reportError("page cache: cannot LISTEN", error),
    });
    if (!next) return scheduleReconnect();
    if (isStopped) {
      await next.end();
      return;
    }
    // Whatever was sent while this instance was not listening is lost: start clean.
    if (attempt > 0) cache.invalidateAll({ isRemote: true });
    attempt = 0;
    client = next;
    markReady();
  }

  void connect();
  return {
    instanceId,
    ready,
    async stop() {
      isStopped = true;
      clearTimeout(retryTimer);
      unsubscribe();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
