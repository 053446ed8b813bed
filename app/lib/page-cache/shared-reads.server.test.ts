import { afterEach, beforeEach, expect, test } from "vitest";

import { invalidateSharedReads, readShared, setSharedReadsEnabled, SharedReads } from "./shared-reads.server";

beforeEach(() => setSharedReadsEnabled(true));
afterEach(() => setSharedReadsEnabled(false));

function counter<T>(value: () => T) {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return value();
    },
    get calls() {
      return calls;
    },
  };
}

test("a value is read once, then kept until a write drops one of its tags", async () => {
  const owner = {};
  let fee = 500;
  const zones = counter(() => ({ fee }));
  expect(await readShared(owner, "zones", ["delivery"], zones.load)).toEqual({ fee: 500 });
  fee = 800;
  expect(await readShared(owner, "zones", ["delivery"], zones.load)).toEqual({ fee: 500 });
  expect(zones.calls).toBe(1);

  invalidateSharedReads(["settings"]);
  expect(await readShared(owner, "zones", ["delivery"], zones.load)).toEqual({ fee: 500 });
  invalidateSharedReads(["delivery"]);
  expect(await readShared(owner, "zones", ["delivery"], zones.load)).toEqual({ fee: 800 });
  expect(zones.calls).toBe(2);
});

test("each database keeps its own values, and everything goes with 'all'", async () => {
  const [first, second] = [{}, {}];
  await readShared(first, "name", ["settings"], async () => "Patitas");
  expect(await readShared(second, "name", ["settings"], async () => "Otra tienda")).toBe("Otra tienda");
  expect(await readShared(first, "name", ["settings"], async () => "nunca")).toBe("Patitas");
  invalidateSharedReads("all");
  expect(await readShared(first, "name", ["settings"], async () => "Patitas Perú")).toBe("Patitas Perú");
});

test("every caller shares one frozen value: changing it throws and changes nobody else's", async () => {
  const owner = {};
  const first = await readShared(owner, "methods", ["payment-methods"], async () => [
    { id: "yape", name: "Yape", accounts: [{ bank: "BCP" }] },
  ]);
  expect(() => {
    (first[0] as { name: string }).name = "cambiado";
  }).toThrow(TypeError);
  expect(() => (first as unknown as unknown[]).push({ id: "otro", name: "Otro" })).toThrow(TypeError);
  expect(() => {
    (first[0]!.accounts[0] as { bank: string }).bank = "Interbank";
  }).toThrow(TypeError);
  const second = await readShared(owner, "methods", ["payment-methods"], async () => []);
  expect(second).toBe(first);
  expect(second).toEqual([{ id: "yape", name: "Yape", accounts: [{ bank: "BCP" }] }]);
});

test("with the store off (most tests), the value read is frozen all the same", async () => {
  setSharedReadsEnabled(false);
  try {
    const zones = await readShared({}, "zones", ["delivery"], async () => [{ district: "Miraflores" }]);
    expect(() => {
      (zones[0] as { district: string }).district = "Surco";
    }).toThrow(TypeError);
  } finally {
    setSharedReadsEnabled(true);
  }
});

test("a load that fails is not kept, and a query builder (a thenable) runs once", async () => {
  const owner = {};
  await expect(
    readShared(owner, "settings", ["settings"], async () => {
      throw new Error("database down");
    }),
  ).rejects.toThrow("database down");
  expect(await readShared(owner, "settings", ["settings"], async () => "back")).toBe("back");

  let runs = 0;
  const builder = {
    then(resolve: (value: string) => void) {
      runs++;
      resolve("rows");
    },
  };
  const readBuilder = () => readShared(owner, "builder", ["delivery"], () => builder as unknown as Promise<string>);
  expect(await Promise.all([readBuilder(), readBuilder(), readBuilder()])).toEqual(["rows", "rows", "rows"]);
  expect(runs).toBe(1);
});

test("callers arriving during a load share it; a write during it makes the next caller read anew", async () => {
  const store = new SharedReads();
  let release: (value: string) => void = () => {};
  let loads = 0;
  const slow = () => {
    loads++;
    return new Promise<string>((resolve) => (release = resolve));
  };
  const first = store.read("settings", ["settings"], slow);
  const second = store.read("settings", ["settings"], slow);
  expect(loads).toBe(1);
  store.invalidateTags(["settings"]);
  release("old");
  expect(await Promise.all([first, second])).toEqual(["old", "old"]);
  const third = store.read("settings", ["settings"], async () => "new");
  expect(await third).toBe("new");
});

test("a tag ending in '*' is dropped by every tag it starts; values expire after their age anyway", async () => {
  let now = 1_000;
  const store = new SharedReads({ maxAgeMs: 60_000, now: () => now });
  await store.read("word:pelota", ["product:*"], async () => ["pelota"]);
  store.invalidateTags(["promotions"]);
  expect(store.size).toBe(1);
  store.invalidateTags(["product:42"]);
  expect(store.size).toBe(0);

  await store.read("settings", ["settings"], async () => "first");
  now = 60_000;
  expect(await store.read("settings", ["settings"], async () => "second")).toBe("first");
  now = 62_000;
  expect(await store.read("settings", ["settings"], async () => "third")).toBe("third");
});

test("turned off (the test suite's default), every call reads", async () => {
  setSharedReadsEnabled(false);
  const owner = {};
  const reads = counter(() => "value");
  await readShared(owner, "key", ["settings"], reads.load);
  await readShared(owner, "key", ["settings"], reads.load);
  expect(reads.calls).toBe(2);
});
