import { expect, test } from "vitest";

import { markLoaderGroup, readOncePerRequest } from "./loader-group.server";

let keys = 0;

function requestsOfOnePage(method: string, sentByClient?: string) {
  const headers: Record<string, string | string[] | undefined> = { cookie: "sesion=abc" };
  if (sentByClient) headers["x-patitas-loader-group"] = sentByClient;
  const incoming = { method, headers };
  markLoaderGroup(incoming, () => `clave-${++keys}`);
  // React Router gives each loader its own copy of the request, with the same headers.
  const copy = () =>
    new Request("http://localhost/admin/pedidos", { method, headers: incoming.headers as Record<string, string> });
  return { root: copy(), layout: copy(), page: copy(), headers: incoming.headers };
}

test("the loaders of one GET read the session once between them; another request reads its own", async () => {
  let reads = 0;
  const read = async () => ++reads;
  const first = requestsOfOnePage("GET");
  const answers = await Promise.all(
    [first.root, first.layout, first.page].map((request) => readOncePerRequest(request, "session", read)),
  );
  expect(answers).toEqual([1, 1, 1]);
  const second = requestsOfOnePage("GET");
  expect(await readOncePerRequest(second.page, "session", read)).toBe(2);
});

test("a POST's loaders (after an action that may sign out) and unmarked requests read each time", async () => {
  let reads = 0;
  const read = async () => ++reads;
  const post = requestsOfOnePage("POST", "clave-elegida-por-el-cliente");
  expect(post.headers["x-patitas-loader-group"]).toBeUndefined();
  await readOncePerRequest(post.root, "session", read);
  await readOncePerRequest(post.page, "session", read);
  expect(reads).toBe(2);
  const plain = new Request("http://localhost/carrito");
  await readOncePerRequest(plain, "session", read);
  await readOncePerRequest(plain, "session", read);
  expect(reads).toBe(4);
});

test("a key a client sends is replaced by the server's own", () => {
  const page = requestsOfOnePage("GET", "clave-de-otra-persona");
  expect(page.headers["x-patitas-loader-group"]).toBe(`clave-${keys}`);
});
