import { eq } from "drizzle-orm";

import { getDb } from "~/db/client.server";
import type { PageKey } from "~/db/schema";
import { pageContents } from "~/db/schema";

import { type PageContents, pageContentSchemas } from "./page-content";

/** The page's editable texts, or null when the page has none stored yet. */
export async function getPageContent<K extends PageKey>(key: K): Promise<PageContents[K] | null> {
  const [row] = await getDb()
    .select({ content: pageContents.content })
    .from(pageContents)
    .where(eq(pageContents.key, key));
  if (!row) return null;
  const parsed = pageContentSchemas[key].safeParse(row.content);
  return parsed.success ? (parsed.data as PageContents[K]) : null;
}
