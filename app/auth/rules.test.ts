import { expect, test } from "vitest";

import { getDisplayName, getSafeRedirect } from "./rules";

test("the header shows the first word of the name, else the e-mail before @", () => {
  expect(getDisplayName({ name: "María Fernanda Quispe", email: "mf@example.pe" })).toBe("María");
  expect(getDisplayName({ name: "  ", email: "luis.rojas@example.pe" })).toBe("luis.rojas");
});

test("only same-site paths are followed after sign-in", () => {
  expect(getSafeRedirect("/perfil?tab=pedidos", "/")).toBe("/perfil?tab=pedidos");
  expect(getSafeRedirect("https://evil.example/", "/perfil")).toBe("/perfil");
  expect(getSafeRedirect("//evil.example/", "/perfil")).toBe("/perfil");
  expect(getSafeRedirect("/\\evil.example", "/perfil")).toBe("/perfil");
  expect(getSafeRedirect(null, "/perfil")).toBe("/perfil");
});

test("a path is read as a browser reads it, and given back as a Location header can carry it", () => {
  // Tabs and line breaks are dropped by the URL parser, dot segments resolved: both can
  // make "/…" a protocol-relative "//other.site".
  expect(getSafeRedirect("/\t/evil.example/", "/perfil")).toBe("/perfil");
  expect(getSafeRedirect("/\n/evil.example/", "/perfil")).toBe("/perfil");
  expect(getSafeRedirect("/.//evil.example/", "/perfil")).toBe("/perfil");
  expect(getSafeRedirect("/productos/../catalogo", "/")).toBe("/catalogo");
  // Characters beyond Latin-1 (İ is U+0130) are percent-encoded, as UTF-8.
  expect(getSafeRedirect("/productos?q=İstanbul ñandú#fotos", "/")).toBe(
    "/productos?q=%C4%B0stanbul%20%C3%B1and%C3%BA#fotos",
  );
  expect(getSafeRedirect("/buscar/perro ñato", "/")).toBe("/buscar/perro%20%C3%B1ato");
});
