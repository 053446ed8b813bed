import { describe, expect, test } from "vitest";

import {
  describeDeleteRefusal,
  findTaxonomyLevel,
  pickFreeSlug,
  readEditingIds,
  toTaxonomySlug,
  withEditing,
} from "./taxonomy-admin";

describe("slugs", () => {
  test("the spec's slug, kept to one safe URL segment", () => {
    expect(toTaxonomySlug("  Camas y  Descanso ")).toBe("camas-y-descanso");
    expect(toTaxonomySlug("Perros/Gatos")).toBe("perros-gatos");
    expect(toTaxonomySlug("¿Qué? #1")).toBe("¿qué-1");
    expect(toTaxonomySlug("..")).toBe("elemento");
  });

  test("the first free of base, base-2, base-3…", () => {
    expect(pickFreeSlug("kong", new Set())).toBe("kong");
    expect(pickFreeSlug("kong", new Set(["kong", "kong-2"]))).toBe("kong-3");
  });
});

test("a delete refusal names every use, singular or plural", () => {
  expect(describeDeleteRefusal("categoría", [{ kind: "products", count: 3 }])).toBe(
    "No se puede eliminar: 3 productos usan esta categoría.",
  );
  expect(
    describeDeleteRefusal("familia", [
      { kind: "categories", count: 2 },
      { kind: "services", count: 1 },
    ]),
  ).toBe("No se puede eliminar: 2 categorías dependen de esta familia y 1 servicio usa esta familia.");
  expect(describeDeleteRefusal("marca", [{ kind: "products", count: 0 }])).toBeNull();
});

test("only the seven configured levels are accepted", () => {
  expect(findTaxonomyLevel("brands")?.title).toBe("Marcas de Productos");
  expect(findTaxonomyLevel("users")).toBeUndefined();
  expect(findTaxonomyLevel("toString")).toBeUndefined();
});

test("each block edits one item at a time, named in the query string", () => {
  const search = new URLSearchParams("editar=brands:3&editar=product-families:1&q=x");
  expect(readEditingIds(search)).toEqual({ brands: 3, "product-families": 1 });
  expect(withEditing(search, "brands", 7)).toBe("?editar=product-families%3A1&q=x&editar=brands%3A7");
  expect(withEditing(new URLSearchParams("editar=brands:3"), "brands", null)).toBe("");
  expect(readEditingIds(new URLSearchParams("editar=brands:0&editar=brands:abc"))).toEqual({});
});
