import { asc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { productFamilies } from "~/db/schema";

export async function listProductFamilies() {
  return getDb()
    .select({ id: productFamilies.id, name: productFamilies.name, slug: productFamilies.slug })
    .from(productFamilies)
    .orderBy(asc(productFamilies.sortOrder), asc(productFamilies.name));
}
