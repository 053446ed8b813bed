import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";

import { chatbotAnswers, deliveryZones, paymentMethods, searchSynonyms, shopSettings } from "~/db/schema";
import { chatbotAnswersSchema, findReply, splitKeywords } from "~/domain/chatbot/chatbot";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { loader } from "./chatbot";

const { handle } = setUpTestDatabase();

beforeAll(async () => {
  await seedDemoShop(handle().db);
});

async function readBody() {
  const response = await loader();
  return (await response.json()) as { answers: { keyword: string; answer: string }[]; synonyms: string[][] };
}

test("GET /api/chatbot gives the stored answers in their order, cached briefly", async () => {
  const response = await loader();
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
  const { answers } = (await response.json()) as { answers: { keyword: string }[] };
  expect(answers.map((entry) => splitKeywords(entry.keyword)[0])).toEqual([
    "horario",
    "ubicacion",
    "delivery",
    "pagos",
    "servicios",
    "productos",
    "contacto",
    "hola",
    "gracias",
    "adios",
    "default",
  ]);
});

test("the answers come with the shop's live facts in place of their placeholders", async () => {
  const { answers } = await readBody();
  const text = answers.map((entry) => entry.answer).join("\n");
  expect(text).not.toMatch(/\{(horario|direccion|envios|pagos|telefono|correo)\}/);
  const { answers: understood } = chatbotAnswersSchema.parse(await readBody());
  expect(findReply("¿Cuál es su horario?", understood)).toBe(
    "Nuestro horario de atención:\nLunes a Sábado: 9:00 AM - 7:00 PM\nDomingo: Cerrado",
  );
  expect(findReply("donde estan ubicados", understood)).toContain("Av. Primavera 1234, Santiago de Surco, Lima");
  expect(findReply("aceptan yape", understood)).toContain("Aceptamos Yape, Plin y Transferencia Bancaria");
  const delivery = findReply("¿hacen delivery?", understood);
  expect(delivery).toContain("\nSurquillo: S/\u00a05.00 (gratis desde S/\u00a0100.00)\n");
  expect(delivery).toContain("\nLa Molina: S/\u00a015.00 (pedido mínimo S/\u00a060.00; gratis desde S/\u00a0150.00)\n");
  expect(delivery).toContain("\nRecojo en tienda: gratis\nElige tu distrito");
  expect(findReply("quiero agendar un baño", understood)).toContain("WhatsApp al +51\u00a0924\u00a0810\u00a0866");
  expect(findReply("precio de croquetas", understood)).toContain("la sección Productos");
});

test("an edit of the facts shows in the next answers: no stale hours, fees or methods", async () => {
  const { db } = handle();
  await db.update(shopSettings).set({ contactHours: "Todos los días: 8 a 20 h", isPickupEnabled: false });
  await db.update(deliveryZones).set({ isActive: false }).where(eq(deliveryZones.district, "Surquillo"));
  await db.update(paymentMethods).set({ isActive: false }).where(eq(paymentMethods.id, "plin"));
  const { answers } = chatbotAnswersSchema.parse(await readBody());
  expect(findReply("horario", answers)).toContain("Todos los días: 8 a 20 h");
  const delivery = findReply("delivery", answers);
  expect(delivery).toContain("Miraflores");
  expect(delivery).not.toContain("Surquillo");
  expect(delivery).not.toContain("Recojo en tienda");
  expect(findReply("yape", answers)).toContain("Aceptamos Yape y Transferencia Bancaria.");
});

test("the owner's synonyms come along, and the widget understands with them", async () => {
  const { synonyms } = await readBody();
  expect(synonyms).toContainEqual(["champu", "shampoo"]);
  expect(synonyms).toContainEqual(["precio", "costo", "cuanto cuesta", "cuanto sale"]);
  const { answers } = chatbotAnswersSchema.parse(await readBody());
  expect(findReply("¿cuánto cuesta la arena?", answers)).toContain("la sección Productos");
  expect(findReply("¿a qué hora cierran?", answers)).toContain("Nuestro horario de atención");

  const question = "¿tienen collares?";
  expect(findReply(question, answers)).toContain("Lo siento, no entendí");
  await handle()
    .db.insert(searchSynonyms)
    .values({ terms: ["productos", "collar"] });
  const { answers: updated } = chatbotAnswersSchema.parse(await readBody());
  expect(findReply(question, updated)).toContain("la sección Productos");
});

test("an unknown placeholder stays as written; the order is the stored sortOrder", async () => {
  const { db } = handle();
  await db
    .update(chatbotAnswers)
    .set({ answer: "Pregunta por {precio} en {direccion}." })
    .where(eq(chatbotAnswers.keyword, "gracias"));
  await db.update(chatbotAnswers).set({ sortOrder: -1 }).where(eq(chatbotAnswers.keyword, "gracias"));
  const { answers } = chatbotAnswersSchema.parse(await readBody());
  expect(answers[0]).toEqual({
    keyword: "gracias",
    answer: "Pregunta por {precio} en Av. Primavera 1234, Santiago de Surco, Lima.",
  });
  expect(findReply("hola, gracias", answers)).toContain("Pregunta por {precio}");
});
