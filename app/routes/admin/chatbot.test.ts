import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { auditLog, chatbotAnswers } from "~/db/schema";
import { findReply, splitKeywords } from "~/domain/chatbot/chatbot";
import { listChatbotAnswers } from "~/domain/chatbot/chatbot.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./chatbot";

const { handle, adminCookie } = seededShopWithAdmin();

type Failure = {
  data: {
    errors: Record<string, string>;
    values: Record<string, string>;
    toast: { title: string; description: string };
  };
  init: { status: number };
};

async function post(fields: Record<string, string>): Promise<Response | Failure> {
  const request = requestAs(adminCookie(), "/admin/chatbot", { method: "POST", body: new URLSearchParams(fields) });
  return (await action({ request, params: {}, context: {} } as never)) as Response | Failure;
}

async function expectRedirect(result: Response | Failure) {
  if (!(result instanceof Response)) throw new Error(`Expected a redirect, got ${JSON.stringify(result.data)}`);
  expect(result.status).toBe(302);
  const { toast } = await readToast(
    new Request("http://localhost:3000/", { headers: { Cookie: toCookieHeader(result.headers) } }),
  );
  return toast;
}

function expectFailure(result: Response | Failure, status = 400): Failure["data"] {
  if (result instanceof Response) throw new Error(`Expected a refusal, got a ${result.status}`);
  expect(result.init.status).toBe(status);
  return result.data;
}

/** The id of the answer whose first keyword is `keyword`. */
async function idOf(keyword: string): Promise<number> {
  const rows = await handle()
    .db.select({ id: chatbotAnswers.id, keyword: chatbotAnswers.keyword })
    .from(chatbotAnswers);
  const row = rows.find((candidate) => splitKeywords(candidate.keyword)[0] === keyword);
  if (!row) throw new Error(`No answer starts with the keyword ${keyword}`);
  return row.id;
}

const firstKeywords = async () => (await listChatbotAnswers()).map((entry) => splitKeywords(entry.keyword)[0]);

describe("adding", () => {
  test("a keyword, trimmed and lower-cased, answered by the widget: 'Respuesta Añadida'", async () => {
    const toast = await expectRedirect(
      await post({ intent: "add", keyword: "  Hotel   Canino ", answer: " Cuidamos a tu perro de lunes a sábado. " }),
    );
    expect(toast).toMatchObject({ title: "Respuesta Añadida" });
    const answers = await listChatbotAnswers();
    expect(answers.find((entry) => entry.keyword === "hotel canino")?.answer).toBe(
      "Cuidamos a tu perro de lunes a sábado.",
    );
    expect(findReply("¿Tienen HOTEL canino?", answers)).toBe("Cuidamos a tu perro de lunes a sábado.");
    const [audit] = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "chatbot-answer"));
    expect(audit).toMatchObject({ action: "create", summary: { keyword: "hotel canino" } });
  });

  test.each([
    { keyword: "  ", answer: "Algo", field: "keyword" },
    { keyword: "peluqueria", answer: "   ", field: "answer" },
  ])("'La palabra clave y la respuesta no pueden estar vacías.' ($field empty)", async ({ keyword, answer, field }) => {
    const failure = expectFailure(await post({ intent: "add", keyword, answer }));
    expect(failure.errors[field]).toBe("La palabra clave y la respuesta no pueden estar vacías.");
    expect(failure.toast).toMatchObject({
      title: "Error",
      description: "La palabra clave y la respuesta no pueden estar vacías.",
    });
    expect(failure.values).toMatchObject({ keyword, answer });
  });

  test("a duplicate keyword (any case, spaces or accents) is refused", async () => {
    const failure = expectFailure(await post({ intent: "add", keyword: " HOLA ", answer: "Otra" }));
    expect(failure.errors.keyword).toBe('La palabra clave "hola" ya existe. Edítala o usa otra.');
    const accented = expectFailure(await post({ intent: "add", keyword: "Ubicación", answer: "Otra" }));
    expect(accented.errors.keyword).toBe('La palabra clave "ubicacion" ya existe. Edítala o usa otra.');
    const fallback = expectFailure(await post({ intent: "add", keyword: "default", answer: "Otra" }));
    expect(fallback.errors.keyword).toBe('La palabra clave "default" ya existe. Edítala o usa otra.');
    // Any keyword of a list counts, against any keyword of another answer's list.
    const inList = expectFailure(await post({ intent: "add", keyword: "mascotas, YAPE", answer: "Otra" }));
    expect(inList.errors.keyword).toBe('La palabra clave "yape" ya existe. Edítala o usa otra.');
    expect(inList.values).toMatchObject({ keyword: "mascotas, YAPE", answer: "Otra" });
  });

  test("several keywords, separated by commas, each trimmed and lower-cased; any of them answers", async () => {
    const toast = await expectRedirect(
      await post({
        intent: "add",
        keyword: " Adopción,  ADOPTAR un perro ,, adopcion ",
        answer: "Organizamos ferias de adopción.",
      }),
    );
    expect(toast).toMatchObject({ title: "Respuesta Añadida" });
    const answers = await listChatbotAnswers();
    expect(answers.at(-1)).toEqual({
      keyword: "adopción, adoptar un perro",
      answer: "Organizamos ferias de adopción.",
    });
    expect(findReply("Quiero ADOPTAR un perrito… ¿un perro?", answers)).toBe("Organizamos ferias de adopción.");
    expect(findReply("info de adopciones", answers)).toBe("Organizamos ferias de adopción.");
  });

  test("each keyword up to 60 characters, at most 20 of them", async () => {
    const long = expectFailure(await post({ intent: "add", keyword: `corta, ${"a".repeat(61)}`, answer: "x" }));
    expect(long.errors.keyword).toBe("Cada palabra clave puede tener hasta 60 caracteres.");
    const many = Array.from({ length: 21 }, (_, index) => `clave${index}`).join(", ");
    const tooMany = expectFailure(await post({ intent: "add", keyword: many, answer: "x" }));
    expect(tooMany.errors.keyword).toBe("Escribe hasta 20 palabras clave por respuesta.");
  });
});

describe("editing", () => {
  test("an answer is saved on its own: 'Respuesta Actualizada'", async () => {
    const id = await idOf("horario");
    const toast = await expectRedirect(
      await post({ intent: "update", id: String(id), keyword: "horario", answer: "Lunes a domingo, 8 a 20 h." }),
    );
    expect(toast).toMatchObject({ title: "Respuesta Actualizada" });
    expect(findReply("¿horario?", await listChatbotAnswers())).toBe("Lunes a domingo, 8 a 20 h.");
  });

  test("an empty answer or keyword on save is refused with the spec's message", async () => {
    const id = String(await idOf("horario"));
    const failure = expectFailure(await post({ intent: "update", id, keyword: "horario", answer: "" }));
    expect(failure.errors.answer).toBe("La palabra clave y la respuesta no pueden estar vacías.");
    expect(failure.values.id).toBe(id);
    const noKeyword = expectFailure(await post({ intent: "update", id, keyword: " ", answer: "x" }));
    expect(noKeyword.errors.keyword).toBe("La palabra clave y la respuesta no pueden estar vacías.");
  });

  test("renaming a keyword to one that exists is refused; to a new one works", async () => {
    const id = String(await idOf("adios"));
    const failure = expectFailure(await post({ intent: "update", id, keyword: "Gracias", answer: "Chau" }));
    expect(failure.errors.keyword).toBe('La palabra clave "gracias" ya existe. Edítala o usa otra.');
    await expectRedirect(await post({ intent: "update", id, keyword: "Hasta Luego", answer: "¡Hasta pronto!" }));
    const [row] = await handle()
      .db.select()
      .from(chatbotAnswers)
      .where(eq(chatbotAnswers.id, Number(id)));
    expect(row).toMatchObject({ keyword: "hasta luego", answer: "¡Hasta pronto!" });
  });

  test("the default answer keeps its keyword whatever is posted", async () => {
    const id = await idOf("default");
    await expectRedirect(
      await post({ intent: "update", id: String(id), answer: "No te entendí, escríbenos por WhatsApp." }),
    );
    await expectRedirect(await post({ intent: "update", id: String(id), keyword: "otra", answer: "No te entendí." }));
    const [row] = await handle().db.select().from(chatbotAnswers).where(eq(chatbotAnswers.id, id));
    expect(row).toMatchObject({ keyword: "default", answer: "No te entendí." });
  });
});

describe("deleting", () => {
  test("'No se puede eliminar la respuesta por defecto.'", async () => {
    const id = await idOf("default");
    const failure = expectFailure(await post({ intent: "delete", id: String(id) }), 409);
    expect(failure.errors.form).toBe("No se puede eliminar la respuesta por defecto.");
    expect(failure.toast).toMatchObject({
      title: "Error",
      description: "No se puede eliminar la respuesta por defecto.",
    });
    expect(await idOf("default")).toBe(id);
  });

  test("any other answer is deleted: 'Respuesta Eliminada'", async () => {
    const id = await idOf("contacto");
    const toast = await expectRedirect(await post({ intent: "delete", id: String(id) }));
    expect(toast).toMatchObject({ title: "Respuesta Eliminada" });
    expect((await listChatbotAnswers()).map((entry) => entry.keyword)).not.toContain("contacto");
  });
});

describe("order", () => {
  test("after moving 'gracias' above 'hola', a message with both gets the 'gracias' answer", async () => {
    const message = "hola, muchas gracias";
    const before = await listChatbotAnswers();
    const holaAnswer = before.find((entry) => entry.keyword.startsWith("hola"))!.answer;
    const graciasAnswer = before.find((entry) => entry.keyword.startsWith("gracias"))!.answer;
    expect(findReply(message, before)).toBe(holaAnswer);

    const gracias = String(await idOf("gracias"));
    await post({ intent: "move", id: gracias, direction: "up" });
    const after = await firstKeywords();
    expect(after.indexOf("gracias")).toBe(after.indexOf("hola") - 1);
    expect(findReply(message, await listChatbotAnswers())).toBe(graciasAnswer);
    // Up to the first place and no further; 'default' stays last.
    while ((await firstKeywords())[0] !== "gracias") await post({ intent: "move", id: gracias, direction: "up" });
    const first = await firstKeywords();
    const result = await post({ intent: "move", id: gracias, direction: "up" });
    expect((result as Response).headers.get("Location")).toBe("/admin/chatbot");
    expect(await firstKeywords()).toEqual(first);
    expect(first.at(-1)).toBe("default");
  });

  test("the loader lists the answers in that order", async () => {
    const request = requestAs(adminCookie(), "/admin/chatbot");
    const { answers } = await loader({ request, params: {}, context: {} } as never);
    expect(answers.map((entry) => entry.keyword)).toEqual((await listChatbotAnswers()).map((entry) => entry.keyword));
  });
});
