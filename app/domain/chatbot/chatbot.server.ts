import { asc } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { chatbotAnswers } from "~/db/schema";

import type { ChatbotAnswer } from "./chatbot";

/** The answers in stored order, which decides which keyword wins. */
export async function listChatbotAnswers(): Promise<ChatbotAnswer[]> {
  return getDb()
    .select({ keyword: chatbotAnswers.keyword, answer: chatbotAnswers.answer })
    .from(chatbotAnswers)
    .orderBy(asc(chatbotAnswers.sortOrder), asc(chatbotAnswers.id));
}
