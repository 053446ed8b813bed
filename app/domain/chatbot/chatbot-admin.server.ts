import { asc, eq, max } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { chatbotAnswers } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { toSearchPhrase } from "~/domain/search/search-words";
import { type MoveDirection, moveInList } from "~/lib/reorder";

import { DEFAULT_KEYWORD, splitKeywords } from "./chatbot";
import {
  ANSWER_NOT_FOUND_MESSAGE,
  type ChatbotAnswerInput,
  DEFAULT_UNDELETABLE_MESSAGE,
  duplicateKeywordMessage,
} from "./chatbot-admin";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type AdminChatbotAnswer = { id: number; keyword: string; answer: string };

export type ChatbotChangeResult =
  { ok: true; id: number; keyword: string } | { ok: false; field: "keyword" | "form"; message: string };

async function readOrdered(db: Pick<Database, "select">) {
  return db
    .select({
      id: chatbotAnswers.id,
      keyword: chatbotAnswers.keyword,
      answer: chatbotAnswers.answer,
      sortOrder: chatbotAnswers.sortOrder,
    })
    .from(chatbotAnswers)
    .orderBy(asc(chatbotAnswers.sortOrder), asc(chatbotAnswers.id));
}

/** The answers in the order the chatbot tries them ('default' among them). */
export async function listChatbotAnswersForAdmin(): Promise<AdminChatbotAnswer[]> {
  return (await readOrdered(getDb())).map(({ id, keyword, answer }) => ({ id, keyword, answer }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * The stored keyword of another answer that a keyword of `field` repeats, if any: the chatbot
 * ignores accents, case and punctuation, so 'Ubicación' repeats an existing 'ubicacion'.
 */
async function findClash(tx: Transaction, field: string, exceptId?: number): Promise<string | undefined> {
  const rows = await tx.select({ id: chatbotAnswers.id, keyword: chatbotAnswers.keyword }).from(chatbotAnswers);
  const taken = new Map(
    rows
      .filter((row) => row.id !== exceptId)
      .flatMap((row) => splitKeywords(row.keyword).map((keyword) => [toSearchPhrase(keyword), keyword] as const)),
  );
  for (const keyword of splitKeywords(field)) {
    const stored = taken.get(toSearchPhrase(keyword));
    if (stored !== undefined) return stored;
  }
  return undefined;
}

async function refuseDuplicates(
  run: () => Promise<ChatbotChangeResult>,
  keyword: string,
): Promise<ChatbotChangeResult> {
  try {
    return await run();
  } catch (error) {
    // Two admins adding the same keyword at once: the unique index lets one through.
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, field: "keyword", message: duplicateKeywordMessage(keyword) };
  }
}

/** Adds a keyword and its answer as the last one tried. */
export async function addChatbotAnswer(adminId: string, input: ChatbotAnswerInput): Promise<ChatbotChangeResult> {
  return refuseDuplicates(
    () =>
      getDb().transaction(async (tx): Promise<ChatbotChangeResult> => {
        const clash = await findClash(tx, input.keyword);
        if (clash !== undefined) return { ok: false, field: "keyword", message: duplicateKeywordMessage(clash) };
        const [last] = await tx.select({ sortOrder: max(chatbotAnswers.sortOrder) }).from(chatbotAnswers);
        const [row] = await tx
          .insert(chatbotAnswers)
          .values({ ...input, sortOrder: (last?.sortOrder ?? -1) + 1 })
          .returning({ id: chatbotAnswers.id });
        await recordAudit(
          {
            userId: adminId,
            action: "create",
            entity: "chatbot-answer",
            entityId: row!.id,
            summary: { keyword: input.keyword },
          },
          tx,
        );
        return { ok: true, id: row!.id, keyword: input.keyword };
      }),
    input.keyword,
  );
}

/** Saves an answer; its keyword too, except for 'default', which stays the fallback. */
export async function updateChatbotAnswer(
  adminId: string,
  id: number,
  input: { keyword?: string; answer: string },
): Promise<ChatbotChangeResult> {
  return refuseDuplicates(
    () =>
      getDb().transaction(async (tx): Promise<ChatbotChangeResult> => {
        const [current] = await tx.select().from(chatbotAnswers).where(eq(chatbotAnswers.id, id));
        if (!current) return { ok: false, field: "form", message: ANSWER_NOT_FOUND_MESSAGE };
        const keyword = current.keyword === DEFAULT_KEYWORD ? DEFAULT_KEYWORD : (input.keyword ?? current.keyword);
        if (keyword !== current.keyword) {
          const clash = await findClash(tx, keyword, id);
          if (clash !== undefined) return { ok: false, field: "keyword", message: duplicateKeywordMessage(clash) };
        }
        await tx.update(chatbotAnswers).set({ keyword, answer: input.answer }).where(eq(chatbotAnswers.id, id));
        await recordAudit(
          {
            userId: adminId,
            action: "update",
            entity: "chatbot-answer",
            entityId: id,
            summary: { keyword, ...(keyword !== current.keyword ? { previousKeyword: current.keyword } : {}) },
          },
          tx,
        );
        return { ok: true, id, keyword };
      }),
    input.keyword ?? "",
  );
}

/** Deletes an answer; the 'default' one is refused, the chatbot needs a fallback. */
export async function deleteChatbotAnswer(adminId: string, id: number): Promise<ChatbotChangeResult> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(chatbotAnswers).where(eq(chatbotAnswers.id, id));
    if (!current) return { ok: false, field: "form", message: ANSWER_NOT_FOUND_MESSAGE };
    if (current.keyword === DEFAULT_KEYWORD) return { ok: false, field: "form", message: DEFAULT_UNDELETABLE_MESSAGE };
    await tx.delete(chatbotAnswers).where(eq(chatbotAnswers.id, id));
    await recordAudit(
      {
        userId: adminId,
        action: "delete",
        entity: "chatbot-answer",
        entityId: id,
        summary: { keyword: current.keyword },
      },
      tx,
    );
    return { ok: true, id, keyword: current.keyword };
  });
}

/**
 * Moves a keyword one place earlier or later among the keywords (the first one found in
 * a message wins). 'default' is kept last: it answers when no keyword is found.
 */
export async function moveChatbotAnswer(adminId: string, id: number, direction: MoveDirection): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const rows = await readOrdered(tx);
    const keywords = rows.filter((row) => row.keyword !== DEFAULT_KEYWORD);
    const order = moveInList(
      keywords.map((row) => row.id),
      id,
      direction,
    );
    if (!order) return false;
    const fallback = rows.find((row) => row.keyword === DEFAULT_KEYWORD);
    for (const [index, rowId] of [...order, ...(fallback ? [fallback.id] : [])].entries()) {
      if (rows.find((row) => row.id === rowId)?.sortOrder !== index) {
        await tx.update(chatbotAnswers).set({ sortOrder: index }).where(eq(chatbotAnswers.id, rowId));
      }
    }
    await recordAudit(
      { userId: adminId, action: "update", entity: "chatbot-answer", entityId: id, summary: { moved: direction } },
      tx,
    );
    return true;
  });
}
