import { describe, expect, test } from "vitest";

import { CACHE_KEY_LIMITS, normalizeCacheKey } from "./cache-key";

const key = (address: string) => normalizeCacheKey(new URL(address, "https://patitas.pe"));

describe("normalizeCacheKey", () => {
  test("a path alone is its own key, exactly as written", () => {
    expect(key("/")).toBe("/");
    expect(key("/productos/gatos/juguetes")).toBe("/productos/gatos/juguetes");
    expect(key("/Producto/42")).toBe("/Producto/42");
    expect(key("/productos/")).toBe("/productos/");
  });

  test("parameters are sorted by name, so their order in a shared link does not matter", () => {
    expect(key("/productos?q=pelota&marca=kong&pagina=2")).toBe("/productos?marca=kong&pagina=2&q=pelota");
    expect(key("/productos?pagina=2&q=pelota&marca=kong")).toBe("/productos?marca=kong&pagina=2&q=pelota");
  });

  test("tracking parameters are dropped, in any case", () => {
    expect(key("/producto/42?utm_source=whatsapp&UTM_Campaign=dia-del-perro&fbclid=IwAR0x&gclid=Cj0")).toBe(
      "/producto/42",
    );
    expect(key("/productos?q=arena&igshid=abc&msclkid=1&gbraid=2&wbraid=3")).toBe("/productos?q=arena");
  });

  test("the same parameter twice with the same value counts once; with different values, no key", () => {
    expect(key("/productos?q=pelota&q=pelota")).toBe("/productos?q=pelota");
    expect(key("/productos?q=pelota&q=hueso")).toBeNull();
  });

  test("two spellings of one value share a key; an empty value is kept", () => {
    expect(key("/productos?q=pelota%20roja")).toBe("/productos?q=pelota+roja");
    expect(key("/productos?q=pelota+roja")).toBe("/productos?q=pelota+roja");
    expect(key("/productos?q=%C3%B1and%C3%BA")).toBe(key("/productos?q=ñandú"));
    expect(key("/productos?q=")).toBe("/productos?q=");
    expect(key("/productos?")).toBe("/productos");
    expect(key("/productos?&&")).toBe("/productos");
  });

  test("the fragment is not part of the key", () => {
    expect(key("/faq#envios")).toBe("/faq");
  });

  test("addresses over the limits are not cached", () => {
    const many = Array.from({ length: CACHE_KEY_LIMITS.maxParameters + 1 }, (_, i) => `p${i}=1`).join("&");
    expect(key(`/productos?${many}`)).toBeNull();
    const enough = Array.from({ length: CACHE_KEY_LIMITS.maxParameters }, (_, i) => `p${i}=1`).join("&");
    expect(key(`/productos?${enough}&utm_source=x`)).not.toBeNull();
    expect(key(`/productos?q=${"a".repeat(CACHE_KEY_LIMITS.maxValueLength + 1)}`)).toBeNull();
    expect(key(`/productos?q=${"a".repeat(CACHE_KEY_LIMITS.maxValueLength)}`)).not.toBeNull();
    expect(key(`/productos?${"n".repeat(CACHE_KEY_LIMITS.maxNameLength + 1)}=1`)).toBeNull();
    expect(key(`/${"p".repeat(CACHE_KEY_LIMITS.maxPathLength)}`)).toBeNull();
    // Even tracking parameters count towards the raw query's length: it is checked before parsing.
    expect(key(`/producto/1?utm_content=${"x".repeat(CACHE_KEY_LIMITS.maxQueryLength)}`)).toBeNull();
  });

  test("an empty parameter name and React Router's data requests are not cached", () => {
    expect(key("/productos?=pelota")).toBeNull();
    expect(key("/productos/gatos.data")).toBeNull();
    expect(key("/_root.data?_routes=root")).toBeNull();
  });
});
