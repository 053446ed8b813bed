import { describe, expect, test } from "vitest";

import { parseAdminListQuery } from "./catalog-admin";

describe("parseAdminListQuery", () => {
  const keys = ["nombre", "precio"] as const;
  test("keeps whitelisted sorts only and a sane page", () => {
    const url = new URL("http://x/admin/productos?orden=precio&dir=desc&pagina=3&q=%20gato%20");
    expect(parseAdminListQuery(url, keys)).toEqual({ q: "gato", sort: "precio", direction: "desc", page: 3 });
    const hostile = new URL("http://x/admin/productos?orden=id;drop&dir=sideways&pagina=-2");
    expect(parseAdminListQuery(hostile, keys)).toEqual({ q: "", sort: "nombre", direction: "asc", page: 1 });
  });
});
