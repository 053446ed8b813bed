import { describe, expect, test } from "vitest";

import {
  FALLBACK_GREETING,
  FALLBACK_REPLY,
  findReply,
  getGreeting,
  parseStoredHistory,
  prepareUserMessage,
} from "./chatbot";

const answers = [
  { keyword: "hola", answer: "¡Hola! ¿En qué te ayudo?" },
  { keyword: "horario", answer: "Lunes a sábado de 9 a 19." },
  { keyword: "ubicacion", answer: "Av. Primavera 1234." },
  { keyword: "delivery", answer: "Sí hacemos delivery." },
  { keyword: "default", answer: "No te entendí, pregunta por horario o ubicación." },
];

describe("findReply", () => {
  test("answers with the keyword found in the lower-cased message", () => {
    expect(findReply("¿Cuál es su HORARIO?", answers)).toBe("Lunes a sábado de 9 a 19.");
    expect(findReply("hola", answers)).toBe("¡Hola! ¿En qué te ayudo?");
  });

  test("the first keyword in stored order wins, not the first one in the message", () => {
    expect(findReply("¿Hacen delivery? hola", answers)).toBe("¡Hola! ¿En qué te ayudo?");
    const reordered = [answers[3]!, answers[0]!, answers[4]!];
    expect(findReply("¿Hacen delivery? hola", reordered)).toBe("Sí hacemos delivery.");
  });

  test("ignores accents on either side", () => {
    expect(findReply("¿cuál es su ubicación?", answers)).toBe("Av. Primavera 1234.");
    const accentedKeyword = [{ keyword: "ubicación", answer: "Aquí estamos." }];
    expect(findReply("ubicacion por favor", accentedKeyword)).toBe("Aquí estamos.");
  });

  test("falls back to the 'default' answer", () => {
    expect(findReply("qwerty asdf", answers)).toBe("No te entendí, pregunta por horario o ubicación.");
  });

  test("without a 'default' answer replies 'Lo siento, no entendí tu pregunta.'", () => {
    expect(findReply("qwerty asdf", answers.slice(0, 2))).toBe("Lo siento, no entendí tu pregunta.");
    expect(FALLBACK_REPLY).toBe("Lo siento, no entendí tu pregunta.");
    expect(findReply("hola", [])).toBe(FALLBACK_REPLY);
  });

  test("an empty keyword never matches", () => {
    expect(findReply("algo", [{ keyword: "  ", answer: "¡Siempre!" }])).toBe(FALLBACK_REPLY);
  });
});

describe("getGreeting", () => {
  test("is the 'hola' answer, else a plain hello", () => {
    expect(getGreeting(answers)).toBe("¡Hola! ¿En qué te ayudo?");
    expect(getGreeting(answers.slice(1))).toBe(FALLBACK_GREETING);
  });
});

describe("prepareUserMessage", () => {
  test("trims the text and ignores empty or whitespace-only input", () => {
    expect(prepareUserMessage("  hola  ")).toBe("hola");
    expect(prepareUserMessage("")).toBeNull();
    expect(prepareUserMessage(" \n\t ")).toBeNull();
  });
});

describe("parseStoredHistory", () => {
  test("reads a saved history and drops anything malformed", () => {
    const history = [
      { sender: "bot", text: "Hola" },
      { sender: "user", text: "horario" },
    ];
    expect(parseStoredHistory(JSON.stringify(history))).toEqual(history);
    expect(parseStoredHistory(null)).toEqual([]);
    expect(parseStoredHistory("{not json")).toEqual([]);
    expect(parseStoredHistory(JSON.stringify([{ sender: "admin", text: "x" }]))).toEqual([]);
  });
});
