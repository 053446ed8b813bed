import { asc, desc, eq, like, type SQL, sql } from "drizzle-orm";

import { type Database, getDb } from "~/db/client.server";
import { serviceBookingSizes, serviceCategories, services } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import type { FieldErrors } from "~/lib/form-data";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { normalizeForSearch } from "~/lib/text";

import { toContainsPattern } from "./catalog";
import { ADMIN_PAGE_SIZE, type AdminListQuery, type TaxonomyOptions } from "./catalog-admin";
import { auditCatalogSave, checkTaxonomyChoice, countListPage, listTaxonomyOptions } from "./catalog-admin.server";
import { serviceColumns } from "./catalog-columns.server";
import {
  bookingSizeOrder,
  lacksShownPrice,
  type ServiceBookingSetup,
  type ServiceForEditor,
  type ServiceInput,
  type ServiceSortKey,
} from "./service-admin";
import { serviceTree } from "./taxonomy.server";

type Admin = { id: string };

/** After a committed service write: every page of the services' catalogue may list it. */
function invalidateServicePages(): void {
  invalidatePages([pageTags.catalog("services")]);
}

const sortColumns: Record<ServiceSortKey, SQL> = {
  nombre: sql`lower(${services.title})`,
  categoria: sql`lower(${serviceCategories.name})`,
  // What the list shows: a hidden price sorts last, an applying offer by its price.
  precio: sql`case when not ${services.showPrice} then null
    when ${services.isOfferActive} and ${services.offerPriceCents} > 0 then ${services.offerPriceCents}
    else ${services.priceCents} end`,
};

/** One page of the back-office services list (the count without joins). */
export async function listAdminServices(query: AdminListQuery<ServiceSortKey>) {
  const needle = normalizeForSearch(query.q);
  const where: SQL | undefined = needle ? like(services.searchText, toContainsPattern(needle)) : undefined;
  const db = getDb();
  const { total, pageCount, page, offset } = await countListPage(db, services, where, query.page);
  const order = query.direction === "desc" ? sql`desc nulls last` : sql`asc nulls last`;
  const rows = await db
    .select({
      id: services.id,
      title: services.title,
      image: services.image,
      imageAlt: services.imageAlt,
      categoryName: serviceCategories.name,
      priceCents: services.priceCents,
      showPrice: services.showPrice,
      isOfferActive: services.isOfferActive,
      offerPriceCents: services.offerPriceCents,
    })
    .from(services)
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(where)
    .orderBy(
      sql`${sortColumns[query.sort]} ${order}`,
      query.direction === "desc" ? desc(services.id) : asc(services.id),
    )
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount };
}

export type AdminServiceRow = Awaited<ReturnType<typeof listAdminServices>>["rows"][number];

export async function listServiceFormOptions(): Promise<TaxonomyOptions> {
  return listTaxonomyOptions(getDb(), serviceTree);
}

/** A service as the editor loads it, with its booking setup (sizes in order), or null. */
export async function getServiceForEditor(id: number): Promise<ServiceForEditor | null> {
  const db = getDb();
  const [[row], sizes] = await Promise.all([
    db
      .select({ ...serviceColumns(), isBookable: services.isBookable, bookingCapacity: services.bookingCapacity })
      .from(services)
      .where(eq(services.id, id)),
    db
      .select({
        size: serviceBookingSizes.size,
        durationMinutes: serviceBookingSizes.durationMinutes,
        priceCents: serviceBookingSizes.priceCents,
      })
      .from(serviceBookingSizes)
      .where(eq(serviceBookingSizes.serviceId, id)),
  ]);
  if (!row) return null;
  const { bookingCapacity, ...service } = row;
  const ordered = bookingSizeOrder.flatMap((size) => sizes.filter((candidate) => candidate.size === size));
  return { ...service, booking: { capacity: bookingCapacity, sizes: ordered } };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A reservable service's sizes, replaced with the service's save (in its transaction). */
async function replaceBookingSizes(tx: Transaction, serviceId: number, booking: ServiceBookingSetup): Promise<void> {
  await tx.delete(serviceBookingSizes).where(eq(serviceBookingSizes.serviceId, serviceId));
  await tx.insert(serviceBookingSizes).values(booking.sizes.map((size) => ({ serviceId, ...size })));
}

export type SaveServiceResult =
  { status: "saved"; id: number; title: string } | { status: "invalid"; errors: FieldErrors } | { status: "not-found" };

/** Creates (no `id`) or updates a service; the levels must hang from one another. */
export async function saveService(admin: Admin, input: ServiceInput, id?: number): Promise<SaveServiceResult> {
  const result = await getDb().transaction(async (tx) => {
    if (id !== undefined) {
      const [existing] = await tx.select({ id: services.id }).from(services).where(eq(services.id, id)).for("update");
      if (!existing) return { status: "not-found" } as const;
    }
    const errors = await checkTaxonomyChoice(tx, serviceTree, input);
    if (Object.keys(errors).length > 0) return { status: "invalid", errors } as const;

    const { booking, ...fields } = input;
    const values = {
      ...fields,
      offerPriceCents: input.isOfferActive ? input.offerPriceCents : null,
      searchText: normalizeForSearch(input.title),
      ...(booking ? { bookingCapacity: booking.capacity } : {}),
    };
    const [saved] =
      id === undefined
        ? await tx.insert(services).values(values).returning({ id: services.id })
        : await tx.update(services).set(values).where(eq(services.id, id)).returning({ id: services.id });
    const savedId = saved!.id;
    if (booking) await replaceBookingSizes(tx, savedId, booking);
    await auditCatalogSave(tx, {
      userId: admin.id,
      kind: "services",
      isNew: id === undefined,
      id: savedId,
      summary: {
        title: input.title,
        priceCents: input.priceCents,
        showPrice: input.showPrice,
        offerPriceCents: values.offerPriceCents,
      },
    });
    return { status: "saved", id: savedId, title: input.title } as const;
  });
  if (result.status === "saved") invalidateServicePages();
  return result;
}

/** Services are never part of an order, so deleting one removes it for good. */
export async function removeService(admin: Admin, id: number): Promise<{ title: string } | null> {
  const result = await getDb().transaction(async (tx) => {
    const [deleted] = await tx.delete(services).where(eq(services.id, id)).returning({ title: services.title });
    if (!deleted) return null;
    await recordAudit(
      { userId: admin.id, action: "delete", entity: "service", entityId: id, summary: { title: deleted.title } },
      tx,
    );
    return deleted;
  });
  if (result) invalidateServicePages();
  return result;
}

/**
 * Shows or hides a service's price on the storefront ('Consultar' instead), from the list.
 * The editor's rule holds here too: a shown price needs a regular price above 0 or an offer.
 */
export async function setServicePriceVisibility(
  admin: Admin,
  id: number,
  showPrice: boolean,
): Promise<{ status: "updated" | "needs-price"; title: string } | { status: "not-found" }> {
  const result = await getDb().transaction(async (tx) => {
    const [service] = await tx
      .select({ title: services.title, priceCents: services.priceCents, isOfferActive: services.isOfferActive })
      .from(services)
      .where(eq(services.id, id))
      .for("update");
    if (!service) return { status: "not-found" } as const;
    if (lacksShownPrice({ ...service, showPrice })) {
      return { status: "needs-price", title: service.title } as const;
    }
    await tx.update(services).set({ showPrice }).where(eq(services.id, id));
    await recordAudit(
      {
        userId: admin.id,
        action: "update",
        entity: "service",
        entityId: id,
        summary: { title: service.title, showPrice },
      },
      tx,
    );
    return { status: "updated", title: service.title } as const;
  });
  if (result.status === "updated") invalidateServicePages();
  return result;
}
