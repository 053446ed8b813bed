import { expect, test } from "vitest";
import { formatAuditSummary, getActionLabel, getEntityLabel } from "./audit-log";

test("actions and entities read in Spanish; unknown ones show as recorded", () => {
  expect(getActionLabel("create")).toBe("Creación");
  expect(getActionLabel("status")).toBe("Cambio de estado");
  expect(getActionLabel("sign-in")).toBe("Inicio de sesión");
  expect(getActionLabel("merge")).toBe("merge");
  expect(getEntityLabel("user")).toBe("Usuario");
  expect(getEntityLabel("contact-message")).toBe("Mensaje de contacto");
  expect(getEntityLabel("taxonomy:brands")).toBe("Taxonomía (marcas)");
  expect(getEntityLabel("settings:contact")).toBe("Configuración (contacto)");
  expect(getEntityLabel("taxonomy:new-level")).toBe("Taxonomía (new-level)");
  expect(getEntityLabel("warehouse")).toBe("warehouse");
});

test("the summary becomes short key: value pairs, naming keys first", () => {
  expect(
    formatAuditSummary({ title: "Croquetas <b>", isActive: true, offerPrice: null, tags: ["a", 2], nested: { a: 1 } }),
  ).toEqual([
    { key: "título", value: "Croquetas <b>" },
    { key: "activa", value: "sí" },
    { key: "nested", value: '{"a":1}' },
    { key: "offerPrice", value: "—" },
    { key: "tags", value: "a, 2" },
  ]);
  // jsonb stores { role, email, username } shortest key first; the name still leads.
  expect(formatAuditSummary({ role: "Usuario", email: "a@b.pe", username: "ana" }).map((pair) => pair.key)).toEqual([
    "usuario",
    "correo",
    "rol",
  ]);
  expect(formatAuditSummary(null)).toEqual([]);
  expect(formatAuditSummary({ text: "x".repeat(500) })[0]!.value).toHaveLength(120);
  const many = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`k${index}`, index]));
  expect(formatAuditSummary(many).at(-1)).toEqual({ key: "", value: "y 4 datos más" });
});
