// Calling the catalogue editor's action (products or services) as the back office does, and
// checking a refused form: the tests of both kinds share these.
import { expect } from "vitest";

import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { readToast } from "~/lib/toast.server";

import { requestAs } from "./auth";

export type Fields = Record<string, string>;
type Action = (args: never) => unknown;

export type EditorFailure = {
  data: { errors: Record<string, string>; values: Fields; toast: { title: string; description: string } };
  init: { status: number };
};

/** Posts `fields` to the kind's editor (new, or the item `id`) with the admin's cookie. */
export function callCatalogEditor(kind: CatalogKind, action: Action, cookie: string, fields: Fields, id?: number) {
  const config = catalogKinds[kind];
  const url = id === undefined ? config.newPath : config.editPath(id);
  const request = requestAs(cookie, url, { method: "POST", body: new URLSearchParams(fields) });
  const paramName = kind === "products" ? "productId" : "serviceId";
  const params = id === undefined ? {} : { [paramName]: String(id) };
  return action({ request, params, context: {} } as never) as Promise<unknown>;
}

/** A refused form: 400, the 'Error de Validación' toast, the message beside its field, nothing typed lost. */
export function expectEditorFailure(result: unknown, fields: Fields, field: string, message: string) {
  const failure = result as EditorFailure;
  expect(failure.init.status).toBe(400);
  expect(failure.data.toast).toMatchObject({ title: "Error de Validación", description: message });
  expect(failure.data.errors[field]).toBe(message);
  expect(failure.data.values).toMatchObject(fields);
}

/** A redirect's status, target and the toast it flashes. */
export async function readRedirect(response: unknown) {
  expect(response).toBeInstanceOf(Response);
  const redirect = response as Response;
  const setCookie = redirect.headers.get("Set-Cookie") ?? "";
  const { toast } = await readToast(
    new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }),
  );
  return { status: redirect.status, location: redirect.headers.get("Location"), toast };
}
