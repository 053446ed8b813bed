import { count } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { contactMessages } from "~/db/schema";
import { CONTACT_HONEYPOT_FIELD } from "~/domain/content/contact-fields";
import { setUpTestDatabase } from "~test/test-database";

import { action } from "./contact";

const { handle } = setUpTestDatabase();

function postContactForm(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/contacto", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
}

async function countMessages(): Promise<number> {
  const [row] = await handle().db.select({ total: count() }).from(contactMessages);
  return row!.total;
}

const validMessage = {
  fullName: "  María Quispe  ",
  email: "maria.quispe@example.pe",
  subject: "Consulta por baño y corte",
  message: "Hola, ¿tienen turno el sábado para un schnauzer mediano?\nGracias.",
};

describe("the /contacto form", () => {
  test("an empty form answers 400 with a Spanish message per field and stores nothing", async () => {
    const result = await postContactForm({});
    expect(result).not.toBeInstanceOf(Response);
    const { data, init } = result as Exclude<typeof result, Response>;
    expect(init?.status).toBe(400);
    expect(data.errors).toEqual({
      fullName: "Ingresa tu nombre completo.",
      email: "Ingresa tu correo electrónico.",
      subject: "Ingresa el asunto de tu mensaje.",
      message: "Escribe tu mensaje.",
    });
    expect(await countMessages()).toBe(0);
  });

  test("a bad e-mail is refused and what was typed comes back to the form", async () => {
    const result = await postContactForm({ ...validMessage, email: "maria@", message: "   " });
    const { data } = result as Exclude<typeof result, Response>;
    expect(data.errors).toEqual({
      email: "Ingresa un correo electrónico válido.",
      message: "Escribe tu mensaje.",
    });
    expect(data.values).toMatchObject({ fullName: validMessage.fullName, email: "maria@" });
    expect(await countMessages()).toBe(0);
  });

  test("a valid message is stored once, unread, and the page thanks the sender", async () => {
    const result = await postContactForm(validMessage);
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contacto");
    expect(response.headers.get("Set-Cookie")).toContain("patitas_toast=");

    const rows = await handle().db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fullName: "María Quispe",
      email: "maria.quispe@example.pe",
      subject: "Consulta por baño y corte",
      message: validMessage.message,
      isRead: false,
    });
  });

  test("a bot that fills the hidden field is thanked but nothing is stored", async () => {
    const before = await countMessages();
    const result = await postContactForm({ ...validMessage, [CONTACT_HONEYPOT_FIELD]: "https://spam.example" });
    expect((result as Response).status).toBe(302);
    expect(await countMessages()).toBe(before);
  });
});
