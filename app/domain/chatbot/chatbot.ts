// This schema also runs in the browser: zod's own messages in Spanish there too.
import "~/lib/validation";

import { z } from "zod";

import { isSameWord, toSearchPhrase, toSearchWords } from "~/domain/search/search-words";
import { expandWithSynonyms, type SynonymGroup } from "~/domain/search/synonyms";

export type ChatbotAnswer = { keyword: string; answer: string };
type ChatSender = "user" | "bot";
export type ChatMessage = { sender: ChatSender; text: string };

export const DEFAULT_KEYWORD = "default";
export const GREETING_KEYWORD = "hola";
export const FALLBACK_REPLY = "Lo siento, no entendí tu pregunta.";
export const FALLBACK_GREETING = "Hola, ¿en qué puedo ayudarte?";
export const MAX_CHAT_MESSAGE_LENGTH = 500;
/** The stored history keeps only the newest messages, so localStorage never fills up. */
export const MAX_STORED_MESSAGES = 100;

/** A stored keyword field holds one or more keywords separated by commas. */
export function splitKeywords(field: string): string[] {
  return field
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

// A keyword of five letters or more also matches the start of a longer word ('vacuna' in
// 'vacunación'), as the old 'found within the message' rule did.
const MIN_PREFIX_LENGTH = 5;

function isKeywordWord(keywordWord: string, messageWord: string): boolean {
  if (isSameWord(keywordWord, messageWord)) return true;
  return keywordWord.length >= MIN_PREFIX_LENGTH && !/\d/.test(keywordWord) && messageWord.startsWith(keywordWord);
}

function hasKeyword(field: string, messageWords: readonly string[]): boolean {
  return splitKeywords(field).some((keyword) => {
    const words = toSearchWords(keyword);
    // A keyword of punctuation alone has no words: it would be "found" in every message.
    return words.length > 0 && words.every((word) => messageWords.some((said) => isKeywordWord(word, said)));
  });
}

/**
 * The spec's rule, read the way search reads text: the answer of the first stored entry
 * (in stored order) with a keyword in the message, else the 'default' answer, else
 * FALLBACK_REPLY. A keyword is in the message when each of its words is (any case or
 * accent, singular or plural, a small typo); see search-words.ts.
 */
export function findReply(message: string, answers: readonly ChatbotAnswer[]): string {
  const words = toSearchWords(message);
  for (const { keyword, answer } of answers) {
    if (keyword !== DEFAULT_KEYWORD && hasKeyword(keyword, words)) return answer;
  }
  return answers.find((entry) => entry.keyword === DEFAULT_KEYWORD)?.answer ?? FALLBACK_REPLY;
}

/**
 * The answers with the owner's synonyms folded into their keywords: 'precio' also lists
 * 'costo' and 'cuanto cuesta' when a group says they mean the same.
 */
export function withSynonyms(answers: readonly ChatbotAnswer[], groups: readonly SynonymGroup[]): ChatbotAnswer[] {
  if (groups.length === 0) return [...answers];
  return answers.map((entry) => {
    if (entry.keyword === DEFAULT_KEYWORD) return entry;
    const keywords = splitKeywords(entry.keyword);
    const known = new Set(keywords.map(toSearchPhrase));
    const variants = keywords
      .flatMap((keyword) => expandWithSynonyms(toSearchWords(keyword), groups))
      .map((words) => words.join(" "))
      .filter((variant) => !known.has(variant) && known.add(variant));
    return variants.length === 0 ? entry : { ...entry, keyword: [...keywords, ...variants].join(", ") };
  });
}

/** The first bot message of a new chat: the answer to 'hola', else a plain hello. */
export function getGreeting(answers: readonly ChatbotAnswer[]): string {
  const greeting = answers.find((entry) =>
    splitKeywords(entry.keyword).some((keyword) => toSearchPhrase(keyword) === GREETING_KEYWORD),
  );
  return greeting?.answer ?? FALLBACK_GREETING;
}

/** The trimmed text to send, or null when there is nothing to send. */
export function prepareUserMessage(input: string): string | null {
  const text = input.trim().slice(0, MAX_CHAT_MESSAGE_LENGTH);
  return text === "" ? null : text;
}

/**
 * GET /api/chatbot's answer, read in the browser: the answers with their live facts already
 * filled in, and the owner's synonyms, folded here into the keywords (withSynonyms).
 */
export const chatbotAnswersSchema = z
  .object({
    answers: z.array(z.object({ keyword: z.string(), answer: z.string() })),
    synonyms: z.array(z.array(z.string())).default([]),
  })
  .transform(({ answers, synonyms }) => ({ answers: withSynonyms(answers, synonyms), synonyms }));

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
