import { asc } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { chatbotAnswers } from "~/db/schema";
import { listActiveDeliveryZones } from "~/domain/delivery/delivery.server";
import type { SynonymGroup } from "~/domain/search/synonyms";
import { listSynonymGroups } from "~/domain/search/synonyms.server";
import { listPaymentMethods } from "~/domain/settings/payment-methods.server";
import { getShopSettings } from "~/domain/settings/settings.server";

import type { ChatbotAnswer } from "./chatbot";
import { buildChatbotFacts, type ChatbotFacts, fillPlaceholders } from "./chatbot-facts";

/** The answers in stored order, which decides which keyword wins. */
export async function listChatbotAnswers(): Promise<ChatbotAnswer[]> {
  return getDb()
    .select({ keyword: chatbotAnswers.keyword, answer: chatbotAnswers.answer })
    .from(chatbotAnswers)
    .orderBy(asc(chatbotAnswers.sortOrder), asc(chatbotAnswers.id));
}

/** What the answers' placeholders stand for today. */
async function readChatbotFacts(): Promise<ChatbotFacts> {
  const [settings, zones, methods] = await Promise.all([
    getShopSettings(),
    listActiveDeliveryZones(),
    listPaymentMethods(),
  ]);
  return buildChatbotFacts({
    ...settings,
    zones,
    paymentMethodNames: methods.filter((method) => method.isActive).map((method) => method.name),
  });
}

/** What the chatbot widget needs: the answers with their facts filled in, and the synonyms. */
export async function getChatbotKnowledge(): Promise<{ answers: ChatbotAnswer[]; synonyms: SynonymGroup[] }> {
  const [answers, facts, synonyms] = await Promise.all([listChatbotAnswers(), readChatbotFacts(), listSynonymGroups()]);
  return { answers: answers.map((entry) => ({ ...entry, answer: fillPlaceholders(entry.answer, facts) })), synonyms };
}
