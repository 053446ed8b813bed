import { describe, expect, test } from "vitest";

import { demoChatbotAnswers } from "~/domain/demo-shop/demo-data";

import {
  chatbotAnswersSchema,
  FALLBACK_GREETING,
  FALLBACK_REPLY,
  findReply,
  getGreeting,
  parseStoredHistory,
  prepareUserMessage,
  splitKeywords,
  withSynonyms,
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

describe("findReply understands a shopper", () => {
  const demo = demoChatbotAnswers;
  const answerOf = (first: string) => demo.find((entry) => splitKeywords(entry.keyword)[0] === first)!.answer;

  test.each([
    ["donde estan ubicados", "ubicacion"],
    ["aceptan yape", "pagos"],
    ["quiero agendar un baño", "servicios"],
    ["precio de croquetas", "productos"],
  ])("the demo shop answers '%s' (%s)", (message, first) => {
    expect(findReply(message, demo)).toBe(answerOf(first));
  });

  test.each([
    ["¿Cuál es su orario?", "horario"],
    ["hacen delivri?", "delivery"],
    ["¿hacen delibery a Surco?", "delivery"],
    ["¿su ubicasion?", "ubicacion"],
    ["aseptan tranferencia?", "pagos"],
  ])("a small typo: '%s' (%s)", (message, first) => {
    expect(findReply(message, demo)).toBe(answerOf(first));
  });

  test("plurals, singulars, accents and case", () => {
    expect(findReply("¿Venden CROQUETA?", demo)).toBe(answerOf("productos"));
    expect(findReply("sus direcciones", demo)).toBe(answerOf("ubicacion"));
    expect(findReply("¿Qué SERVICIO tienen?", demo)).toBe(answerOf("servicios"));
    expect(findReply("¿DÓNDE ESTÁN?", demo)).toBe(answerOf("ubicacion"));
  });

  test("any keyword of an answer; a keyword of several words needs each of them", () => {
    const ubicacion = [{ keyword: "ubicacion, donde estan, direccion", answer: "Aquí." }];
    expect(findReply("¿cuál es la dirección?", ubicacion)).toBe("Aquí.");
    expect(findReply("¿están abiertos? ¿dónde?", ubicacion)).toBe("Aquí.");
    expect(findReply("¿dónde compro arena?", ubicacion)).toBe(FALLBACK_REPLY);
  });

  test("a keyword of five letters or more also starts a longer word", () => {
    const vacunas = [{ keyword: "vacuna", answer: "Vacunamos." }];
    expect(findReply("precio de la vacunación", vacunas)).toBe("Vacunamos.");
    expect(findReply("una vaca", vacunas)).toBe(FALLBACK_REPLY);
  });

  test("tiny words and numbers are never guessed", () => {
    expect(findReply("de la", [{ keyword: "da, lo", answer: "x" }])).toBe(FALLBACK_REPLY);
    expect(findReply("hola", [{ keyword: "hora", answer: "x" }])).toBe(FALLBACK_REPLY);
    expect(findReply("pedido 12346", [{ keyword: "pedido 12345", answer: "x" }])).toBe(FALLBACK_REPLY);
  });

  test("what means nothing to the shop gets the default answer", () => {
    for (const message of ["xyzzy plugh", "de la", "¿tienen peces?", "ahora no"]) {
      expect(findReply(message, demo), message).toBe(answerOf("default"));
    }
  });

  test("the first stored answer wins: a greeting before a question gets the answer", () => {
    expect(findReply("Hola, ¿dónde están?", demo)).toBe(answerOf("ubicacion"));
    expect(findReply("hola", demo)).toBe(answerOf("hola"));
    expect(findReply("¿cuánto cuesta el delivery y el baño?", demo)).toBe(answerOf("delivery"));
  });
});

describe("withSynonyms", () => {
  const groups = [
    ["precio", "costo", "cuanto cuesta"],
    ["horario", "hora", "abren"],
  ];

  test("adds the synonyms of each keyword after the keywords, the first one staying first", () => {
    const [productos, fallback] = withSynonyms(
      [
        { keyword: "productos, precio", answer: "Catálogo." },
        { keyword: "default", answer: "No entendí." },
      ],
      groups,
    );
    expect(productos!.keyword).toBe("productos, precio, costo, cuanto cuesta");
    expect(fallback!.keyword).toBe("default");
  });

  test("the chatbot then answers with the owner's words", () => {
    const answers = withSynonyms(demoChatbotAnswers, groups);
    const productos = demoChatbotAnswers.find((entry) => entry.keyword.startsWith("productos"))!.answer;
    expect(findReply("¿Cuánto cuesta el champú?", demoChatbotAnswers)).not.toBe(productos);
    expect(findReply("¿Cuánto cuesta el champú?", answers)).toBe(productos);
    expect(findReply("¿a qué hora abren?", answers)).toBe(findReply("horario", answers));
  });

  test("no groups leave the answers as they are", () => {
    expect(withSynonyms(answers, [])).toEqual(answers);
  });
});

describe("chatbotAnswersSchema", () => {
  test("reads GET /api/chatbot and folds its synonyms into the keywords", () => {
    const parsed = chatbotAnswersSchema.parse({
      answers: [{ keyword: "precio", answer: "En Productos." }],
      synonyms: [["precio", "costo"]],
    });
    expect(parsed.answers).toEqual([{ keyword: "precio, costo", answer: "En Productos." }]);
    expect(findReply("¿costo?", parsed.answers)).toBe("En Productos.");
    expect(chatbotAnswersSchema.parse({ answers: [] })).toEqual({ answers: [], synonyms: [] });
  });
});

describe("getGreeting", () => {
  test("is the answer with the keyword 'hola', else a plain hello", () => {
    expect(getGreeting(answers)).toBe("¡Hola! ¿En qué te ayudo?");
    expect(getGreeting(answers.slice(1))).toBe(FALLBACK_GREETING);
    expect(getGreeting([{ keyword: "buenas tardes, Hola", answer: "¡Bienvenido!" }])).toBe("¡Bienvenido!");
    expect(getGreeting(demoChatbotAnswers)).toContain("¡Hola! Soy el asistente virtual");
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
