import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { services } from "~/db/schema";

/** The id of a seeded service, by its title ('Consulta Veterinaria General'). */
export async function findServiceId(db: Database, title: string): Promise<number> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.title, title));
  if (!row) throw new Error(`No service titled ${title}`);
  return row.id;
}
