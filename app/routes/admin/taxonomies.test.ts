import { and, count, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import {
  auditLog,
  brands,
  productCategories,
  productFamilies,
  products,
  productSubcategories,
  serviceCategories,
  services,
} from "~/db/schema";
import { listProducts } from "~/domain/catalog/products.server";
import { productTree, resolveTaxonomyPath } from "~/domain/catalog/taxonomy.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./taxonomies";

const { handle, adminCookie } = seededShopWithAdmin();
const ICON = `/uploads/${"ab".repeat(16)}-1280.webp`;

type Failure = {
  data: {
    errors: Record<string, string>;
    values: Record<string, string>;
    toast: { title: string; description: string };
  };
  init: { status: number };
};

async function post(fields: Record<string, string>, search = ""): Promise<Response | Failure> {
  const request = requestAs(adminCookie(), `/admin/taxonomia${search}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return (await action({ request, params: {}, context: {} } as never)) as Response | Failure;
}

async function expectRedirect(result: Response | Failure) {
  if (!(result instanceof Response)) throw new Error(`Expected a redirect, got ${JSON.stringify(result.data)}`);
  expect(result.status).toBe(302);
  const { toast } = await readToast(
    new Request("http://localhost:3000/", { headers: { Cookie: toCookieHeader(result.headers) } }),
  );
  return { location: result.headers.get("Location"), toast };
}

function expectFailure(result: Response | Failure, status = 400): Failure["data"] {
  if (result instanceof Response)
    throw new Error(`Expected a refusal, got a ${result.status} to ${result.headers.get("Location")}`);
  expect(result.init.status).toBe(status);
  return result.data;
}

async function idOf(table: typeof productFamilies | typeof brands, name: string): Promise<number> {
  const [row] = await handle().db.select({ id: table.id }).from(table).where(eq(table.name, name));
  return row!.id;
}

async function categoryId(family: string, name: string): Promise<number> {
  const [row] = await handle()
    .db.select({ id: productCategories.id })
    .from(productCategories)
    .innerJoin(productFamilies, eq(productFamilies.id, productCategories.familyId))
    .where(and(eq(productFamilies.name, family), eq(productCategories.name, name)));
  return row!.id;
}

describe("adding", () => {
  test("a category under Perros, with its icon: 'Elemento Añadido', and the storefront finds it by slug", async () => {
    const perros = await idOf(productFamilies, "Perros");
    const { location, toast } = await expectRedirect(
      await post({
        intent: "add",
        level: "product-categories",
        name: "  Ropa de Invierno ",
        parentId: String(perros),
        icon: ICON,
      }),
    );
    expect(location).toBe("/admin/taxonomia#bloque-product-categories");
    expect(toast).toMatchObject({ title: "Elemento Añadido" });

    const path = await resolveTaxonomyPath(productTree, { familySlug: "perros", categorySlug: "ropa-de-invierno" });
    expect(path?.category).toMatchObject({ name: "Ropa de Invierno", icon: ICON });
    const [audit] = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "taxonomy:product-categories"));
    expect(audit).toMatchObject({ action: "create", entityId: String(path!.category!.id) });
  });

  test("slugs are unique among siblings: -2, -3 within a family, free again under another", async () => {
    const perros = String(await idOf(productFamilies, "Perros"));
    await expectRedirect(
      await post({ intent: "add", level: "product-categories", name: "Alimentos", parentId: perros }),
    );
    await expectRedirect(
      await post({ intent: "add", level: "product-categories", name: "alimentos", parentId: perros }),
    );
    const slugs = await handle()
      .db.select({ slug: productCategories.slug })
      .from(productCategories)
      .where(eq(productCategories.familyId, Number(perros)));
    expect(slugs.map((row) => row.slug)).toEqual(expect.arrayContaining(["alimentos", "alimentos-2", "alimentos-3"]));

    await expectRedirect(await post({ intent: "add", level: "product-families", name: "Aves" }));
    const aves = String(await idOf(productFamilies, "Aves"));
    await expectRedirect(await post({ intent: "add", level: "product-categories", name: "Alimentos", parentId: aves }));
    const [underAves] = await handle()
      .db.select({ slug: productCategories.slug })
      .from(productCategories)
      .where(eq(productCategories.familyId, Number(aves)));
    expect(underAves?.slug).toBe("alimentos");

    await expectRedirect(await post({ intent: "add", level: "brands", name: "Kong" }));
    const kongs = await handle().db.select({ slug: brands.slug }).from(brands).where(eq(brands.name, "Kong"));
    expect(kongs.map((row) => row.slug).sort()).toEqual(["kong", "kong-2"]);
  });

  test("'El nombre es obligatorio.' keeps what was typed, in the block that sent it", async () => {
    const perros = String(await idOf(productFamilies, "Perros"));
    const failure = expectFailure(
      await post({ intent: "add", level: "product-categories", name: "   ", parentId: perros, icon: ICON }),
    );
    expect(failure.errors).toEqual({ name: "El nombre es obligatorio." });
    expect(failure.toast).toMatchObject({ title: "Error", description: "El nombre es obligatorio." });
    expect(failure.values).toMatchObject({ level: "product-categories", intent: "add", parentId: perros, icon: ICON });
  });

  test("'Debes seleccionar un familia padre.' for a category without (or with an unknown) family", async () => {
    const before = await handle().db.select({ n: count() }).from(productCategories);
    for (const parentId of ["", "999999"]) {
      const failure = expectFailure(
        await post({ intent: "add", level: "product-categories", name: "Peluquería", parentId }),
      );
      expect(failure.errors.parentId).toBe("Debes seleccionar un familia padre.");
      expect(failure.toast).toMatchObject({ title: "Error", description: "Debes seleccionar un familia padre." });
    }
    const failure = expectFailure(await post({ intent: "add", level: "service-categories", name: "Peluquería" }));
    expect(failure.errors.parentId).toBe("Debes seleccionar un familia padre.");
    expect(await handle().db.select({ n: count() }).from(productCategories)).toEqual(before);
  });

  test("'Debes seleccionar un categoría padre.' for a subcategory without a category", async () => {
    const failure = expectFailure(
      await post({ intent: "add", level: "product-subcategories", name: "Chompas", parentId: "" }),
    );
    expect(failure.errors).toEqual({ parentId: "Debes seleccionar un categoría padre." });
    const services = expectFailure(await post({ intent: "add", level: "service-subcategories", name: "Corte" }));
    expect(services.errors.parentId).toBe("Debes seleccionar un categoría padre.");
  });

  test("a level outside the seven configurations is refused and never used as a table name", async () => {
    for (const level of ["users", "product_families", "brands; drop table brands", ""]) {
      const failure = expectFailure(await post({ intent: "add", level, name: "Intruso" }));
      expect(failure.toast.description).toBe("Solicitud no válida. Recarga la página.");
    }
    const [row] = await handle().db.select({ n: count() }).from(brands).where(eq(brands.name, "Intruso"));
    expect(row!.n).toBe(0);
  });

  test("a tampered icon (a foreign URL) is refused", async () => {
    const failure = expectFailure(
      await post({ intent: "add", level: "brands", name: "Acme", icon: "https://evil.example/x.png" }),
    );
    expect(failure.errors.icon).toBe("El icono no es válido. Súbelo de nuevo.");
  });
});

describe("updating", () => {
  test("a rename keeps the slug (shared links keep working): 'Elemento Actualizado', edit mode left", async () => {
    const id = await categoryId("Gatos", "Juguetes");
    const gatos = String(await idOf(productFamilies, "Gatos"));
    const { location, toast } = await expectRedirect(
      await post(
        {
          intent: "update",
          level: "product-categories",
          id: String(id),
          name: "Juguetes y Rascadores",
          parentId: gatos,
          icon: ICON,
        },
        `?editar=product-categories:${id}&editar=brands:1`,
      ),
    );
    expect(location).toBe("/admin/taxonomia?editar=brands%3A1#bloque-product-categories");
    expect(toast).toMatchObject({ title: "Elemento Actualizado" });
    const [row] = await handle().db.select().from(productCategories).where(eq(productCategories.id, id));
    expect(row).toMatchObject({ name: "Juguetes y Rascadores", slug: "juguetes", icon: ICON });
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.at(-1)).toMatchObject({ action: "update", entity: "taxonomy:product-categories" });
  });

  test("'El nombre es obligatorio.' on update too, and nothing changes", async () => {
    const id = await idOf(productFamilies, "Gatos");
    const failure = expectFailure(
      await post({ intent: "update", level: "product-families", id: String(id), name: "" }),
    );
    expect(failure.errors).toEqual({ name: "El nombre es obligatorio." });
    expect(failure.values).toMatchObject({ intent: "update", id: String(id) });
    const [row] = await handle().db.select().from(productFamilies).where(eq(productFamilies.id, id));
    expect(row?.name).toBe("Gatos");
  });

  test("renaming a brand recomputes its products' search text", async () => {
    const id = await idOf(brands, "Pro Plan");
    const before = await listProducts({ path: {}, query: "purina", page: 1 });
    expect(before.total).toBe(0);
    await expectRedirect(await post({ intent: "update", level: "brands", id: String(id), name: "Purina Pró Plan" }));
    const rows = await handle().db.select().from(products).where(eq(products.brandId, id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.searchText).toBe(
        `${row.title} purina pro plan`
          .normalize("NFD")
          .replace(/\p{Diacritic}/gu, "")
          .toLowerCase(),
      );
    const after = await listProducts({ path: {}, query: "purina", page: 1 });
    expect(after.total).toBe(rows.length);
  });

  test("moving a subcategory to another category takes its products along", async () => {
    const [snacks] = await handle()
      .db.select({ id: productSubcategories.id })
      .from(productSubcategories)
      .innerJoin(productCategories, eq(productCategories.id, productSubcategories.categoryId))
      .innerJoin(productFamilies, eq(productFamilies.id, productCategories.familyId))
      .where(and(eq(productFamilies.name, "Gatos"), eq(productSubcategories.name, "Snacks")));
    const target = await categoryId("Perros", "Alimentos");
    await expectRedirect(
      await post({
        intent: "update",
        level: "product-subcategories",
        id: String(snacks!.id),
        name: "Snacks",
        parentId: String(target),
      }),
    );
    const [moved] = await handle()
      .db.select()
      .from(productSubcategories)
      .where(eq(productSubcategories.id, snacks!.id));
    // Perros > Alimentos already has a 'snacks': the moved one gets a free slug there.
    expect(moved).toMatchObject({ categoryId: target, slug: "snacks-2" });
    const items = await handle().db.select().from(products).where(eq(products.subcategoryId, snacks!.id));
    for (const item of items)
      expect(item).toMatchObject({ categoryId: target, familyId: await idOf(productFamilies, "Perros") });
  });
});

describe("deleting", () => {
  async function expectRefusal(level: string, id: number, message: string) {
    const failure = expectFailure(await post({ intent: "delete", level, id: String(id) }), 409);
    expect(failure.errors.form).toBe(message);
    expect(failure.toast.description).toBe(message);
  }

  test("an item in use is refused, saying how many items use it", async () => {
    const db = handle().db;
    const perros = await idOf(productFamilies, "Perros");
    const [perrosCategories] = await db
      .select({ n: count() })
      .from(productCategories)
      .where(eq(productCategories.familyId, perros));
    const [perrosProducts] = await db.select({ n: count() }).from(products).where(eq(products.familyId, perros));
    expect(perrosProducts!.n).toBeGreaterThan(1);
    await expectRefusal(
      "product-families",
      perros,
      `No se puede eliminar: ${perrosCategories!.n} categorías dependen de esta familia y ${perrosProducts!.n} productos usan esta familia.`,
    );

    await expectRefusal(
      "product-categories",
      await categoryId("Gatos", "Camas y Descanso"),
      "No se puede eliminar: 1 producto usa esta categoría.",
    );
    const [dryFood] = await db
      .select({ id: productSubcategories.id })
      .from(productSubcategories)
      .where(
        and(
          eq(productSubcategories.categoryId, await categoryId("Perros", "Alimentos")),
          eq(productSubcategories.name, "Alimento Seco"),
        ),
      );
    await expectRefusal(
      "product-subcategories",
      dryFood!.id,
      "No se puede eliminar: 2 productos usan esta subcategoría.",
    );

    const kong = await idOf(brands, "Kong");
    const [kongProducts] = await db.select({ n: count() }).from(products).where(eq(products.brandId, kong));
    await expectRefusal(
      "brands",
      kong,
      `No se puede eliminar: ${kongProducts!.n} ${kongProducts!.n === 1 ? "producto usa" : "productos usan"} esta marca.`,
    );

    const [serviceCategory] = await db.select({ id: serviceCategories.id }).from(serviceCategories).limit(1);
    const [serviceUsers] = await db
      .select({ n: count() })
      .from(services)
      .where(eq(services.categoryId, serviceCategory!.id));
    expect(serviceUsers!.n).toBeGreaterThan(0);
    const failure = expectFailure(
      await post({ intent: "delete", level: "service-categories", id: String(serviceCategory!.id) }),
      409,
    );
    expect(failure.errors.form).toMatch(/^No se puede eliminar: .*\d+ servicios? usan? esta categoría\.$/);

    const [still] = await db.select({ n: count() }).from(productFamilies).where(eq(productFamilies.id, perros));
    expect(still!.n).toBe(1);
  });

  test("an unused item is deleted: 'Elemento Eliminado', audited, and its edit mode left", async () => {
    await expectRedirect(await post({ intent: "add", level: "brands", name: "Marca Efímera" }));
    const id = await idOf(brands, "Marca Efímera");
    const { location, toast } = await expectRedirect(
      await post({ intent: "delete", level: "brands", id: String(id) }, `?editar=brands:${id}`),
    );
    expect(location).toBe("/admin/taxonomia#bloque-brands");
    expect(toast).toMatchObject({ title: "Elemento Eliminado" });
    const [row] = await handle().db.select({ n: count() }).from(brands).where(eq(brands.id, id));
    expect(row!.n).toBe(0);
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "taxonomy:brands"), eq(auditLog.action, "delete")));
    expect(audits.map((audit) => audit.entityId)).toContain(String(id));
  });
});

test("the loader gives seven blocks with parent names, and the item each block is editing", async () => {
  const request = requestAs(adminCookie(), "/admin/taxonomia?editar=brands:2&editar=nope:3");
  const { blocks, editing } = await loader({ request, params: {}, context: {} } as never);
  expect(blocks.map((block) => block.key)).toEqual([
    "product-families",
    "product-categories",
    "product-subcategories",
    "brands",
    "service-families",
    "service-categories",
    "service-subcategories",
  ]);
  expect(editing).toEqual({ brands: 2 });
  const subcategories = blocks.find((block) => block.key === "product-subcategories")!;
  expect(subcategories.items.find((item) => item.name === "Collares")?.parentName).toBe("Perros › Accesorios");
  expect(subcategories.parentOptions.map((option) => option.name)).toContain("Gatos › Alimentos");
  expect(blocks[0]!.items[0]!.parentName).toBeNull();
});
