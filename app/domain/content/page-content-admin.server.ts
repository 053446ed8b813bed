import { getDb } from "~/db/client.server";
import { pageContents, type PageKey } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";

import { type PageContents, pageContentSchemas } from "./page-content";
import { getPageContent } from "./page-content.server";

const emptyPages: PageContents = {
  home: pageContentSchemas.home.parse({
    heroTitle: "",
    heroSubtitle: "",
    featuredSectionTitle: "Productos Destacados",
    visitUsTitle: "",
    visitUsText: "",
    visitUsImage: "",
  }),
  about: {
    title: "",
    mainHeading: "",
    content: "",
    historyImage: "",
    valuesSection: { heading: "Nuestros Valores", values: [] },
    teamSection: { heading: "", content: "", image: "" },
  },
  products: { mainTitle: "Nuestros Productos", mainDescription: "" },
  services: { mainTitle: "Nuestros Servicios", mainDescription: "" },
};

/** What an editor starts from: the stored texts, or blank ones when the page has none yet. */
export async function getEditablePageContent<K extends PageKey>(key: K): Promise<PageContents[K]> {
  return (await getPageContent(key)) ?? emptyPages[key];
}

/**
 * Stores a page's texts (parsed by the storefront's own schema first, so a stored row
 * always renders) with its audit entry. The storefront reads them on its next request.
 */
export async function savePageContent<K extends PageKey>(
  adminId: string,
  key: K,
  content: PageContents[K],
): Promise<void> {
  const parsed: PageContents[PageKey] = pageContentSchemas[key].parse(content);
  await getDb().transaction(async (tx) => {
    await tx
      .insert(pageContents)
      .values({ key, content: parsed })
      .onConflictDoUpdate({ target: pageContents.key, set: { content: parsed, updatedAt: new Date() } });
    await recordAudit(
      { userId: adminId, action: "update", entity: "page-content", entityId: key, summary: parsed },
      tx,
    );
  });
  invalidatePages([pageTags.pageContent(key)]);
}
