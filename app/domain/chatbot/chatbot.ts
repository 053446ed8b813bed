// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { normalizeForSearch } from "~/lib/text";

export type ChatbotAnswer = { keyword: string; answer: string };
export type ChatSender = "user" | "bot";
export type ChatMessage = { sender: ChatSender; text: string };

export const DEFAULT_KEYWORD = "default";
export const GREETING_KEYWORD = "hola";
export const FALLBACK_REPLY = "Lo siento, no entendí tu pregunta.";
export const FALLBACK_GREETING = "Hola, ¿en qué puedo ayudarte?";
export const MAX_CHAT_MESSAGE_LENGTH = 500;
/** The stored history keeps only the newest messages, so localStorage never fills up. */
export const MAX_STORED_MESSAGES = 100;

/**
 * The spec's rule, accent-insensitive: the answer of the first keyword (in stored
 * order) found in the message, else the 'default' answer, else FALLBACK_REPLY.
 */
export function findReply(message: string, answers: readonly ChatbotAnswer[]): string {
  const text = normalizeForSearch(message);
  for (const { keyword, answer } of answers) {
    const needle = normalizeForSearch(keyword);
    // An empty keyword would be "found" in every message.
    if (needle !== "" && text.includes(needle)) return answer;
  }
  return answers.find((entry) => entry.keyword === DEFAULT_KEYWORD)?.answer ?? FALLBACK_REPLY;
}

/** The first bot message of a new chat: the 'hola' answer, else a plain hello. */
export function getGreeting(answers: readonly ChatbotAnswer[]): string {
  return answers.find((entry) => entry.keyword === GREETING_KEYWORD)?.answer ?? FALLBACK_GREETING;
}

/** The trimmed text to send, or null when there is nothing to send. */
export function prepareUserMessage(input: string): string | null {
  const text = input.trim().slice(0, MAX_CHAT_MESSAGE_LENGTH);
  return text === "" ? null : text;
}

export const chatbotAnswersSchema = z.object({
  answers: z.array(z.object({ keyword: z.string(), answer: z.string() })),
});

const storedHistorySchema = z.array(z.object({ sender: z.enum(["user", "bot"]), text: z.string().min(1) }));

/** The history saved in the browser, or [] when it is missing or unreadable. */
export function parseStoredHistory(raw: string | null): ChatMessage[] {
  if (!raw) return [];
  try {
    const parsed = storedHistorySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(-MAX_STORED_MESSAGES) : [];
  } catch {
    return [];
  }
}
