import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { brands, productCategories, products } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { normalizeForSearch } from "~/lib/text";
import { setUpTestDatabase } from "~test/test-database";

import { parseCatalogQuery, PRODUCTS_PER_PAGE } from "./catalog";
import { buildCatalogPath, buildCrumbs } from "./catalog-paths";
import { getProductDetail, listBrands, listProducts } from "./products.server";
import { countServicesByChild, listServices } from "./services.server";
import {
  findProductCategoryPath,
  listChildLevels,
  productTree,
  resolveTaxonomyPath,
  serviceTree,
} from "./taxonomy.server";

const { handle } = setUpTestDatabase();
beforeAll(async () => {
  await seedDemoShop(handle().db);
});

async function pathOf(familySlug?: string, categorySlug?: string, subcategorySlug?: string) {
  const path = await resolveTaxonomyPath(productTree, { familySlug, categorySlug, subcategorySlug });
  if (!path) throw new Error("unknown path");
  return path;
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe("the product drill-down", () => {
  test("resolves slugs level by level; a category is looked up inside its family", async () => {
    const path = await pathOf("gatos", "alimentos", "snacks");
    expect(path.family?.name).toBe("Gatos");
    expect(path.category?.name).toBe("Alimentos");
    expect(path.subcategory?.name).toBe("Snacks");
    expect(buildCatalogPath("products", path)).toBe("/productos/gatos/alimentos/snacks");
    expect(buildCrumbs("products", "Productos", path).map((crumb) => crumb.to)).toEqual([
      "/productos",
      "/productos/gatos",
      "/productos/gatos/alimentos",
      "/productos/gatos/alimentos/snacks",
    ]);
    const perrosAlimentos = await pathOf("perros", "alimentos");
    expect(perrosAlimentos.category?.id).not.toBe(path.category?.id);
  });

  test("an unknown slug at any level is not found", async () => {
    expect(await resolveTaxonomyPath(productTree, { familySlug: "aves" })).toBeNull();
    expect(
      await resolveTaxonomyPath(productTree, { familySlug: "perros", categorySlug: "arena-y-limpieza" }),
    ).toBeNull();
    expect(
      await resolveTaxonomyPath(productTree, { familySlug: "perros", categorySlug: "alimentos", subcategorySlug: "x" }),
    ).toBeNull();
  });

  test("each level lists its children", async () => {
    expect((await listChildLevels(productTree, {})).map((level) => level.name)).toEqual(["Perros", "Gatos"]);
    expect((await listChildLevels(productTree, await pathOf("perros"))).map((level) => level.name)).toEqual([
      "Alimentos",
      "Juguetes",
      "Accesorios",
      "Higiene",
    ]);
    expect(await listChildLevels(productTree, await pathOf("gatos", "juguetes"))).toEqual([]);
  });

  test("a category without subcategories lists its products", async () => {
    const result = await listProducts({ path: await pathOf("gatos", "juguetes"), page: 1 });
    expect(titles(result.items)).toEqual(["Ratón de Juguete con Catnip"]);
  });

  test("the old link form /productos/categoria/{category} finds a category by id or by an unambiguous slug", async () => {
    const [higiene] = await handle().db.select().from(productCategories).where(eq(productCategories.slug, "higiene"));
    expect((await findProductCategoryPath(String(higiene!.id)))?.family?.slug).toBe("perros");
    expect((await findProductCategoryPath("higiene"))?.category?.name).toBe("Higiene");
    // Both families have 'Alimentos': a slug alone cannot choose.
    expect(await findProductCategoryPath("alimentos")).toBeNull();
  });
});

describe("product search and brand filter, in the database", () => {
  test("ignore accents and case, anywhere in the title", async () => {
    expect(titles((await listProducts({ path: {}, query: "raton", page: 1 })).items)).toEqual([
      "Ratón de Juguete con Catnip",
    ]);
    expect(titles((await listProducts({ path: {}, query: "JUGUETE", page: 1 })).items)).toEqual([
      "Ratón de Juguete con Catnip",
    ]);
    expect((await listProducts({ path: {}, query: "croqu", page: 1 })).total).toBe(1);
  });

  test("stay within the current level", async () => {
    expect((await listProducts({ path: await pathOf("gatos"), query: "croquetas", page: 1 })).total).toBe(0);
    expect((await listProducts({ path: await pathOf("perros"), query: "croquetas", page: 1 })).total).toBe(1);
  });

  test("filter by brand, and take % and _ literally", async () => {
    const kong = (await listBrands()).find((brand) => brand.name === "Kong")!;
    expect(titles((await listProducts({ path: {}, brandId: kong.id, page: 1 })).items)).toEqual([
      "Ratón de Juguete con Catnip",
    ]);
    expect((await listProducts({ path: {}, query: "%", page: 1 })).total).toBe(0);
    expect((await listProducts({ path: {}, query: "_", page: 1 })).total).toBe(0);
  });

  test("paginate, in title order, and never list archived products", async () => {
    const { db } = handle();
    const [category] = await db.select().from(productCategories).where(eq(productCategories.slug, "higiene"));
    const [brand] = await db.select().from(brands).limit(1);
    const rows = Array.from({ length: 30 }, (_, i) => {
      const title = `Pechera Acolchada Talla ${String(i + 1).padStart(2, "0")}`;
      return {
        title,
        familyId: category!.familyId,
        categoryId: category!.id,
        brandId: brand!.id,
        priceCents: 2500,
        stock: 10,
        searchText: normalizeForSearch(title),
        isArchived: i === 29,
      };
    });
    await db.insert(products).values(rows);
    const path = await pathOf("perros", "higiene");
    const first = await listProducts({ path, query: "pechera", page: 1 });
    expect(first.total).toBe(29);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(PRODUCTS_PER_PAGE);
    expect(first.items[0]!.title).toBe("Pechera Acolchada Talla 01");
    const second = await listProducts({ path, query: "pechera", page: 2 });
    expect(titles(second.items)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Pechera Acolchada Talla ${String(i + 25).padStart(2, "0")}`),
    );
    expect(second.total).toBe(29);
    // A page past the end lists nothing but still knows how many there are.
    const past = await listProducts({ path, query: "pechera", page: 5 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(29);
    expect(past.pageCount).toBe(2);
    // Browsing the level (no text) counts and pages the same way.
    const browsing = await listProducts({ path, page: 2 });
    expect(browsing.total).toBe(29);
    expect(titles(browsing.items)).toEqual(titles(second.items));
    const [archived] = await db.select().from(products).where(eq(products.title, "Pechera Acolchada Talla 30"));
    expect(await getProductDetail(archived!.id)).toBeNull();
  });

  test("the query string is parsed leniently: bad page numbers fall back to 1", () => {
    const parse = (search: string) => parseCatalogQuery(new URL(`http://x/productos${search}`));
    expect(parse("?q=%20raton%20&marca=kong&pagina=3")).toEqual({ q: "raton", marca: "kong", pagina: 3 });
    expect(parse("?pagina=abc").pagina).toBe(1);
    expect(parse("?pagina=-2").pagina).toBe(1);
    expect(parse("?q=").q).toBeUndefined();
  });
});

describe("product detail", () => {
  test("carries the names and slugs of its levels and brand", async () => {
    const [raton] = await handle().db.select().from(products).where(eq(products.title, "Ratón de Juguete con Catnip"));
    const detail = await getProductDetail(raton!.id);
    expect(detail).toMatchObject({
      title: "Ratón de Juguete con Catnip",
      family: { slug: "gatos" },
      category: { slug: "juguetes" },
      brandName: "Kong",
      subcategoryName: null,
    });
    expect(await getProductDetail(999_999)).toBeNull();
  });
});

describe("services", () => {
  test("cards count the services below each level", async () => {
    const top = await listChildLevels(serviceTree, {});
    const counts = await countServicesByChild({});
    expect(top.map((family) => [family.name, counts.get(family.id) ?? 0])).toEqual([
      ["Estética", 1],
      ["Salud", 2],
    ]);
  });

  test("a subcategory lists its services; the search matches titles without accents", async () => {
    const path = await resolveTaxonomyPath(serviceTree, {
      familySlug: "salud",
      categorySlug: "prevención",
      subcategorySlug: "desparasitación",
    });
    const found = await listServices({ path: path! });
    expect(found.map((service) => [service.title, service.showPrice])).toEqual([["Desparasitación", false]]);
    expect((await listServices({ path: {}, query: "desparasitacion" })).map((s) => s.title)).toEqual([
      "Desparasitación",
    ]);
  });
});
