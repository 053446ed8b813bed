// Issue 41: the full copy of a complaint quotes what the sender typed; none of it may arrive as a
// link the shop mailed, in the text part or the HTML.
import { expect, test } from "vitest";

import { validComplaintInput } from "~test/complaint-input";

import { buildComplaintCopyEmail } from "./complaint-email";

test("the full copy carries a name like 'http://malo.example/x' and the typed text without a link", () => {
  const mail = buildComplaintCopyEmail(
    {
      ...validComplaintInput({
        fullName: "http://malo.example/x",
        address: "Calle www.malo.example 123",
        productOrService: "malo.example/tienda",
        description: "Visita http://malo.example/premio",
        request: "Escribe a gana@malo.example",
      }),
      code: "2026-000001",
      filedAt: new Date("2026-03-23T16:00:00Z"),
      dueDate: "2026-04-15",
      providerLegalName: "Patitas Felices S.A.C.",
      providerRuc: "20603128479",
      providerAddress: "Av. Primavera 1234, Santiago de Surco, Lima",
    },
    "Patitas Felices",
  );
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toContain("malo.example");
    expect(part).not.toContain("http://malo");
  }
  const visible = mail.text.replace(/\u200b/g, "");
  for (const typed of [
    "Hola, http://malo.example/x:",
    "Nombre completo: http://malo.example/x",
    "Dirección: Calle www.malo.example 123",
    "Producto o servicio: malo.example/tienda",
    "Detalle: Visita http://malo.example/premio",
    "Pedido: Escribe a gana@malo.example",
  ]) {
    expect(visible).toContain(typed);
  }
  // The shop's own data and the recipient's address are left as they are.
  expect(mail.text).toContain("Razón social: Patitas Felices S.A.C.");
  expect(mail.text).toContain("Correo electrónico: lucia@example.pe");
});
