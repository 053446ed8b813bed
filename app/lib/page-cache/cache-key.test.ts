import { describe, expect, test } from "vitest";

import { catalogQuerySchema } from "~/domain/catalog/catalog";

import { CACHE_KEY_LIMITS, normalizeCacheKey, readParameterNames } from "./cache-key";

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

  test("a parameter the page does not read is not part of its key: one entry answers them all", () => {
    expect(key("/?x=8f3a2c")).toBe("/");
    expect(key("/?x=1&y=2&q=pelota")).toBe("/");
    expect(key("/faq?pagina=2")).toBe("/faq");
    expect(key("/producto/42?presentacion=7&x=1")).toBe("/producto/42?presentacion=7");
    expect(key("/productos/gatos?q=arena&orden=precio&random=9")).toBe("/productos/gatos?q=arena");
    expect(key("/servicios?marca=kong&pagina=2&z=1")).toBe("/servicios?marca=kong&pagina=2");
    expect(key("/buscar?q=collar&pagina=3&ref=abc")).toBe("/buscar?pagina=3&q=collar");
    expect(key("/api/buscar?q=collar&limit=99")).toBe("/api/buscar?q=collar");
    expect(key("/sitemap.xml?pagina=2&x=1")).toBe("/sitemap.xml?pagina=2");
    // React Router's route discovery answers by the routes asked for and the build's version.
    expect(key("/__manifest?paths=%2Fadmin%2C%2Fsalir&version=2a9fb821")).toBe(
      "/__manifest?paths=%2Fadmin%2C%2Fsalir&version=2a9fb821",
    );
    // An unread name given twice does not make the address uncacheable either.
    expect(key("/?x=1&x=2")).toBe("/");
  });

  test("the catalogue's and search's parameters are the ones their schema reads", () => {
    const catalogue = Object.keys(catalogQuerySchema.shape).sort();
    expect([...readParameterNames("/productos")].sort()).toEqual(catalogue);
    expect([...readParameterNames("/servicios/perros/bano")].sort()).toEqual(catalogue);
    expect([...readParameterNames("/buscar")].sort()).toEqual(catalogue);
  });

  test("addresses over the limits are not cached", () => {
    expect(key(`/productos?q=${"a".repeat(CACHE_KEY_LIMITS.maxValueLength + 1)}`)).toBeNull();
    expect(key(`/productos?q=${"a".repeat(CACHE_KEY_LIMITS.maxValueLength)}`)).not.toBeNull();
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
