// The owner's synonym groups (/admin/busqueda), stored normalised in search_synonyms.
// Every change is audited.
import { asc, eq, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { searchSynonyms } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import { SYNONYM_GROUP_NOT_FOUND_MESSAGE, type SynonymGroup, synonymTakenMessage } from "./synonyms";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type AdminSynonymGroup = { id: number; terms: string[] };

export type SynonymChangeResult =
  { ok: true; terms: string[] } | { ok: false; field: "terms" | "form"; message: string };

// Two admins saving groups at once take turns, so a word cannot land in two groups.
const SYNONYMS_LOCK_ID = 72_730_003;

/** Every group, oldest first (the order the owner added them). */
export async function listSynonymGroupsForAdmin(): Promise<AdminSynonymGroup[]> {
  return getDb()
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.id));
}

/** The groups' terms, for the chatbot (and the catalogue search). */
export async function listSynonymGroups(): Promise<SynonymGroup[]> {
  return (await listSynonymGroupsForAdmin()).map((group) => group.terms);
}

/** After a committed change to the groups: searches may find other products. */
function invalidateSearchPages(result: SynonymChangeResult): SynonymChangeResult {
  if (result.ok) invalidatePages([pageTags.productListings]);
  return result;
}

/** A term of `terms` that another group already holds, if any. */
async function findTakenTerm(tx: Transaction, terms: readonly string[], exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SYNONYMS_LOCK_ID})`);
  const groups = await tx.select().from(searchSynonyms);
  const taken = new Set(groups.filter((group) => group.id !== exceptId).flatMap((group) => group.terms));
  return terms.find((term) => taken.has(term));
}

export async function addSynonymGroup(adminId: string, terms: string[]): Promise<SynonymChangeResult> {
  const result = await getDb().transaction(async (tx): Promise<SynonymChangeResult> => {
    const taken = await findTakenTerm(tx, terms);
    if (taken !== undefined) return { ok: false, field: "terms", message: synonymTakenMessage(taken) };
    const [row] = await tx.insert(searchSynonyms).values({ terms }).returning({ id: searchSynonyms.id });
    await recordAudit(
      { userId: adminId, action: "create", entity: "search-synonyms", entityId: row!.id, summary: { terms } },
      tx,
    );
    return { ok: true, terms };
  });
  return invalidateSearchPages(result);
}

export async function updateSynonymGroup(adminId: string, id: number, terms: string[]): Promise<SynonymChangeResult> {
  const result = await getDb().transaction(async (tx): Promise<SynonymChangeResult> => {
    const taken = await findTakenTerm(tx, terms, id);
    const [current] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
    if (!current) return { ok: false, field: "form", message: SYNONYM_GROUP_NOT_FOUND_MESSAGE };
    if (taken !== undefined) return { ok: false, field: "terms", message: synonymTakenMessage(taken) };
    await tx.update(searchSynonyms).set({ terms }).where(eq(searchSynonyms.id, id));
    await recordAudit(
      {
        userId: adminId,
        action: "update",
        entity: "search-synonyms",
        entityId: id,
        summary: { terms, previousTerms: current.terms },
      },
      tx,
    );
    return { ok: true, terms };
  });
  return invalidateSearchPages(result);
}

export async function deleteSynonymGroup(adminId: string, id: number): Promise<SynonymChangeResult> {
  const result = await getDb().transaction(async (tx): Promise<SynonymChangeResult> => {
    const [deleted] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!deleted) return { ok: false, field: "form", message: SYNONYM_GROUP_NOT_FOUND_MESSAGE };
    await recordAudit(
      { userId: adminId, action: "delete", entity: "search-synonyms", entityId: id, summary: { terms: deleted.terms } },
      tx,
    );
    return { ok: true, terms: deleted.terms };
  });
  return invalidateSearchPages(result);
}
