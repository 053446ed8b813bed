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
