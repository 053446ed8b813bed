import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { chatbotAnswers } from "~/db/schema";
import { seedDemoShop } from "~/db/seed/seed.server";
import { chatbotAnswersSchema, findReply } from "~/domain/chatbot/chatbot";
import { setUpTestDatabase } from "~test/test-database";

import { loader } from "./chatbot";

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

test("GET /api/chatbot gives the stored answers in their order, cached briefly", async () => {
  const response = await loader();
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
  const { answers } = chatbotAnswersSchema.parse(await response.json());
  expect(answers.map((entry) => entry.keyword)).toEqual([
    "hola",
    "horario",
    "ubicacion",
    "delivery",
    "servicios",
    "productos",
    "contacto",
    "gracias",
    "adios",
    "default",
  ]);
  expect(findReply("¿Cuál es su ubicación?", answers)).toContain("Av. Primavera 1234");
});

test("the order is the stored sortOrder, not the insertion order", async () => {
  await handle().db.update(chatbotAnswers).set({ sortOrder: -1 }).where(eq(chatbotAnswers.keyword, "delivery"));
  const { answers } = chatbotAnswersSchema.parse(await (await loader()).json());
  expect(answers[0]?.keyword).toBe("delivery");
  expect(findReply("hola, ¿hacen delivery?", answers)).toContain("delivery");
});
