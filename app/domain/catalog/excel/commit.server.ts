// Writing an import plan: its brands, its creates and updates in batches (the kind's writer,
// commit-items.server.ts), and one audit entry, all in one transaction.
import { max } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import { brands } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { toSlug } from "~/lib/text";

import { catalogKindBehaviour } from "../kind-behaviour.server";
import { catalogKinds } from "../kinds";
import { toBrandKey } from "./checks/brand";
import type { Transaction } from "./commit-sql.server";
import type { ImportOutcome } from "./preview";
import type { ImportPlan } from "./types";

/**
 * Writes a plan's valid rows, the brands it needs and one audit entry in a single
 * transaction: either the whole import is in the catalogue or none of it is.
 */
export async function commitImportPlan(
  plan: ImportPlan,
  meta: { userId: string; fileName: string },
): Promise<ImportOutcome> {
  return getDb().transaction(async (tx) => {
    const brandIds = await createBrands(tx, plan.newBrands);
    await catalogKindBehaviour[plan.kind].excel.write(tx, plan, brandIds);
    const outcome: ImportOutcome = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged.length,
      skipped: plan.errors.length,
      brandsCreated: brandIds.size,
    };
    await recordAudit(
      {
        userId: meta.userId,
        action: "import",
        entity: catalogKinds[plan.kind].auditEntity,
        summary: { file: meta.fileName, ...outcome, newBrands: plan.newBrands },
      },
      tx,
    );
    return outcome;
  });
}

/** Creates the brands, after the existing ones; their ids by brand key. */
async function createBrands(tx: Transaction, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  const [last] = await tx.select({ sortOrder: max(brands.sortOrder) }).from(brands);
  const rows = await tx
    .insert(brands)
    .values(
      names.map((name, index) => ({
        name,
        slug: toSlug(name),
        sortOrder: (last?.sortOrder ?? -1) + 1 + index,
      })),
    )
    .returning({ id: brands.id, name: brands.name });
  for (const row of rows) ids.set(toBrandKey(row.name), row.id);
  return ids;
}
