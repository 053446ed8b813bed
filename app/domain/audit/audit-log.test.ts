import { expect, test } from "vitest";

import {
  formatAuditSummary,
  getActionLabel,
  getAuthorLabel,
  getEntityLabel,
  type LabelledAuditSummary,
  UNKNOWN_ACTION_LABEL,
  UNKNOWN_ENTITY_LABEL,
  UNKNOWN_KEY_LABEL,
} from "./audit-log";

test("actions and entities read in Spanish; unknown ones never show the recorded identifier", () => {
  expect(getActionLabel("create")).toBe("Creación");
  expect(getActionLabel("status")).toBe("Cambio de estado");
  expect(getActionLabel("sign-in")).toBe("Inicio de sesión");
  expect(getActionLabel("bulkMerge")).toBe(UNKNOWN_ACTION_LABEL);
  expect(getActionLabel("toString")).toBe(UNKNOWN_ACTION_LABEL);
  expect(getEntityLabel("user")).toBe("Usuario");
  expect(getEntityLabel("contact-message")).toBe("Mensaje de contacto");
  expect(getEntityLabel("taxonomy:brands")).toBe("Taxonomía (marcas)");
  expect(getEntityLabel("settings:contact")).toBe("Configuración (contacto)");
  expect(getEntityLabel("taxonomy:newLevel")).toBe("Taxonomía");
  expect(getEntityLabel("warehouseStock")).toBe(UNKNOWN_ENTITY_LABEL);
});

test("an unpaid order cancelled by the shop itself reads as automatic, not as a deleted user's", () => {
  expect(getActionLabel("expire")).toBe("Cancelación automática");
  expect(getAuthorLabel({ username: null, action: "expire" })).toBe("Automático");
  expect(getAuthorLabel({ username: null, action: "status" })).toBe("Usuario eliminado");
  expect(getAuthorLabel({ username: "admin", action: "status" })).toBe("admin");
});

test("the summary becomes short key: value pairs, naming keys first", () => {
  expect(
    formatAuditSummary({
      title: "Croquetas <b>",
      isActive: true,
      offerPriceCents: null,
      tags: ["a", 2],
      nested: { a: 1 },
    }),
  ).toEqual([
    { key: "título", value: "Croquetas <b>" },
    { key: "precio de oferta", value: "—" },
    { key: "visible", value: "Sí" },
    { key: UNKNOWN_KEY_LABEL, value: `${UNKNOWN_KEY_LABEL}: 1` },
    { key: UNKNOWN_KEY_LABEL, value: "a, 2" },
  ]);
  // jsonb stores { role, email, username } shortest key first; the name still leads.
  expect(formatAuditSummary({ role: "Usuario", email: "a@b.pe", username: "ana" }).map((pair) => pair.key)).toEqual([
    "usuario",
    "correo",
    "rol",
  ]);
  expect(formatAuditSummary(null)).toEqual([]);
  expect(formatAuditSummary({ title: "x".repeat(500) })[0]!.value).toHaveLength(120);
  const many = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`k${index}`, index]));
  expect(formatAuditSummary(many).at(-1)).toEqual({ key: "", value: "y 4 datos más" });
});

test("codes, money and yes/no read as the owner says them", () => {
  expect(formatAuditSummary({ title: "Kong Classic", priceCents: 6000, offerPriceCents: 4990, stock: 12 })).toEqual([
    { key: "título", value: "Kong Classic" },
    { key: "precio", value: "S/\u00a060.00" },
    { key: "precio de oferta", value: "S/\u00a049.90" },
    { key: "stock", value: "12" },
  ]);
  expect(formatAuditSummary({ title: "Baño", showPrice: false })).toContainEqual({
    key: "mostrar precio",
    value: "No",
  });
  expect(formatAuditSummary({ moved: "up" })).toEqual([{ key: "movido", value: "hacia arriba" }]);
  expect(formatAuditSummary({ moved: "down" })).toEqual([{ key: "movido", value: "hacia abajo" }]);
  expect(formatAuditSummary({ parts: ["logo", "name", "design", "social", "maps", "provider"] })).toEqual([
    {
      key: "secciones",
      value: "Logotipo, Nombre de la tienda, Diseño, Redes sociales, Mapa de Google, Datos del proveedor",
    },
  ]);
  expect(formatAuditSummary({ name: "Perros", slug: "perros", parentId: 3, previousParentId: 1 })).toEqual([
    { key: "nombre", value: "Perros" },
    { key: "dirección web", value: "perros" },
    { key: "grupo superior (n.º)", value: "3" },
    { key: "grupo superior anterior (n.º)", value: "1" },
  ]);
});

test("nested settings, payment methods and page texts are labelled at every depth", () => {
  expect(
    formatAuditSummary({
      socialMedia: {
        facebook: { url: "https://facebook.com/patitas", isActive: true },
        tiktok: { url: "", isActive: false },
      },
    }),
  ).toEqual([
    {
      key: "redes sociales",
      value:
        "Facebook (dirección: https://facebook.com/patitas, visible: Sí), TikTok (dirección: (vacío), visible: No)",
    },
  ]);
  expect(
    formatAuditSummary({
      methods: [
        { name: "Yape", isActive: false, details: "Al 924" },
        { name: "Plin", isActive: true, details: "" },
      ],
    }),
  ).toEqual([
    {
      key: "métodos de pago",
      value: "nombre: Yape, visible: No, detalles: Al 924; nombre: Plin, visible: Sí, detalles: (vacío)",
    },
  ]);
  expect(
    formatAuditSummary({
      valuesSection: {
        heading: "Valores",
        values: [
          { title: "Amor", icon: "Heart" },
          { title: "Cuidado", icon: "ShieldCheck" },
        ],
      },
    }),
  ).toEqual([
    {
      key: "sección de valores",
      value: "título de la sección: Valores, valores: título: Amor, ícono: Corazón; título: Cuidado, ícono: Escudo",
    },
  ]);
  const home = formatAuditSummary({
    heroTitle: "Bienvenidos",
    visitUsLinkText: "Ver dirección",
    featuredSectionSubtitle: "Ofertas",
  });
  expect(home.map((pair) => pair.key)).toEqual([
    "título principal",
    "subtítulo de Productos Destacados",
    "texto del enlace a Contacto",
  ]);
});

// Checked by `tsc`: recordAudit's summary is typed with LabelledAuditSummary.
test("a summary key without a Spanish label is a type error, at any depth", () => {
  const labelled: LabelledAuditSummary<{ title: string; socialMedia: { facebook: { url: string } } }> = {
    title: "Kong",
    socialMedia: { facebook: { url: "https://facebook.com/patitas" } },
  };
  // The object stays on the line the directive expects its error on.
  // prettier-ignore
  // @ts-expect-error 'warehouseCode' has no label: the owner would read an identifier.
  const unlabelled: LabelledAuditSummary<{ title: string; warehouseCode: number }> = { title: "Kong", warehouseCode: 3 };
  // @ts-expect-error Nor inside an array of objects.
  const nested: LabelledAuditSummary<{ methods: { name: string; apiSecret: string }[] }> = { methods: [] };
  expect([labelled, unlabelled, nested]).toHaveLength(3);
});
