import { and, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";

import { brands, productCategories, productFamilies, products, productSubcategories } from "~/db/schema";
import { PRODUCTS_PER_PAGE } from "~/domain/catalog/catalog";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { normalizeForSearch } from "~/lib/text";
import { catalogLoaderArgs } from "~test/catalog-url";
import { setUpTestDatabase } from "~test/test-database";

import ProductList, { loader } from "./product-list";

// The product catalogue as a shopper meets it: what the loader gives for a URL, and what
// the page renders from it.

const { handle } = setUpTestDatabase();

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** Runs the loader for a storefront URL, with the slugs React Router would decode. */
async function load(url: string): Promise<LoaderData> {
  return loader(catalogLoaderArgs(url) as never);
}

/** Where the loader redirects the URL to (status and Location), or an error if it does not. */
async function redirectOf(url: string): Promise<{ status: number; location: string | null }> {
  try {
    await load(url);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
  throw new Error(`${url} did not redirect`);
}

function render(loaderData: LoaderData): string {
  const page = <ProductList {...({ loaderData } as Parameters<typeof ProductList>[0])} />;
  const router = createMemoryRouter([{ path: "*", element: page }]);
  // Without the comments React puts between adjacent texts ('Página <!-- -->2').
  return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);
const names = (cards: { name: string }[]) => cards.map((card) => card.name);

async function findCategory(familySlug: string, categorySlug: string) {
  const [category] = await handle()
    .db.select({ id: productCategories.id, familyId: productCategories.familyId })
    .from(productCategories)
    .innerJoin(productFamilies, eq(productFamilies.id, productCategories.familyId))
    .where(and(eq(productFamilies.slug, familySlug), eq(productCategories.slug, categorySlug)));
  return category!;
}

/** A live product as the admin editor saves it, with no subcategory unless one is given. */
async function addProduct(
  title: string,
  level: { familyId: number; id: number },
  extra: { subcategoryId?: number; brandId?: number } = {},
) {
  await handle()
    .db.insert(products)
    .values({
      title,
      familyId: level.familyId,
      categoryId: level.id,
      subcategoryId: extra.subcategoryId ?? null,
      brandId: extra.brandId ?? null,
      priceCents: 1500,
      stock: 10,
      searchText: normalizeForSearch(title),
    });
}

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const [kong] = await db.select().from(brands).where(eq(brands.slug, "kong"));
  // Perros › Alimentos has the subcategories Alimento Seco and Snacks, each with a product.
  await addProduct("Galletas de Avena para Perro", await findCategory("perros", "alimentos"), { brandId: kong!.id });
  // Perros › Accesorios (Collares, Correas): more products without a subcategory than a page holds.
  const accesorios = await findCategory("perros", "accesorios");
  for (let i = 1; i <= 30; i++) await addProduct(`Bebedero Portátil ${String(i).padStart(2, "0")}`, accesorios);
  const [collares] = await db.select().from(productSubcategories).where(eq(productSubcategories.slug, "collares"));
  await addProduct("Collar de Cuero", accesorios, { subcategoryId: collares!.id });
});

describe("a category with subcategories", () => {
  test("lists, under the subcategory cards, its products saved without a subcategory", async () => {
    const page = await load("/productos/perros/alimentos");
    expect(names(page.children)).toEqual(["Alimento Seco", "Snacks"]);
    expect(titles(page.products)).toEqual(["Galletas de Avena para Perro"]);
    expect(page.emptyText).toBeNull();
    expect(page.pageCount).toBe(1);

    const html = render(page);
    expect(html).toContain("Alimento Seco");
    expect(html).toContain("Snacks");
    expect(html).toContain("Otros productos");
    expect(html).toContain("Galletas de Avena para Perro");
    expect(html.indexOf("Snacks")).toBeLessThan(html.indexOf("Galletas de Avena para Perro"));
    // The products of the subcategories stay on their own pages.
    expect(html).not.toContain("Croquetas Ricocan");
  });

  test("without such products, looks as before: the cards only", async () => {
    const page = await load("/productos/gatos/alimentos");
    expect(names(page.children)).toEqual(["Alimento Seco", "Snacks"]);
    expect(page.products).toEqual([]);
    expect(page.emptyText).toBeNull();
    expect(page.pageCount).toBe(1);
    const html = render(page);
    expect(html).not.toContain("Otros productos");
    expect(html).not.toContain("No hay");
    expect(html).not.toContain("Paginación");
  });

  test("pages those products, keeping the cards on every page", async () => {
    const first = await load("/productos/perros/accesorios");
    expect(names(first.children)).toEqual(["Collares", "Correas"]);
    expect(first.products).toHaveLength(PRODUCTS_PER_PAGE);
    expect(first.pageCount).toBe(2);
    expect(titles(first.products)).not.toContain("Collar de Cuero");
    const second = await load("/productos/perros/accesorios?pagina=2");
    expect(names(second.children)).toEqual(["Collares", "Correas"]);
    expect(titles(second.products)).toEqual(
      Array.from({ length: 30 - PRODUCTS_PER_PAGE }, (_, i) => `Bebedero Portátil ${i + PRODUCTS_PER_PAGE + 1}`),
    );
    expect(render(second)).toContain("Página 2 de 2");
  });

  test("a search or a brand filter lists every match of the category, without cards", async () => {
    const searched = await load("/productos/perros/alimentos?q=perro");
    expect(searched.children).toEqual([]);
    // The shop's search (issue 27): the titles that name a dog first, then the level's other
    // products, which match by their family's name ('Perros').
    const found = titles(searched.products);
    expect(found.slice(0, 2).sort()).toEqual(["Galletas de Avena para Perro", "Snack Dental para Perro x 7 unidades"]);
    expect(found.slice(2).sort()).toEqual([
      "Alimento Pro Plan Cachorro Razas Pequeñas",
      "Croquetas Ricocan Adulto Razas Medianas 15 kg",
    ]);
    const byBrand = await load("/productos/perros/alimentos?marca=kong");
    expect(titles(byBrand.products)).toEqual(["Galletas de Avena para Perro"]);
    const none = await load("/productos/perros/alimentos?marca=mimaskot");
    expect(none.emptyText).toBe("No hay productos que coincidan con tu búsqueda o filtro");
  });
});

describe("a page number past the last page", () => {
  test("redirects to the last page, keeping the search and the brand", async () => {
    expect(await redirectOf("/productos/gatos/juguetes?pagina=9")).toEqual({
      status: 302,
      location: "/productos/gatos/juguetes",
    });
    expect(await redirectOf("/productos/perros/accesorios?q=bebedero&pagina=9&marca=kong")).toEqual({
      status: 302,
      location: "/productos/perros/accesorios?q=bebedero&marca=kong",
    });
    expect(await redirectOf("/productos/perros/accesorios?q=bebedero&pagina=9")).toEqual({
      status: 302,
      location: "/productos/perros/accesorios?q=bebedero&pagina=2",
    });
    expect(await redirectOf("/productos/perros/accesorios?pagina=3")).toEqual({
      status: 302,
      location: "/productos/perros/accesorios?pagina=2",
    });
  });

  test("the last page itself is served", async () => {
    const last = await load("/productos/perros/accesorios?q=bebedero&pagina=2");
    expect(last.total).toBe(30);
    expect(last.products).toHaveLength(30 - PRODUCTS_PER_PAGE);
  });
});

describe("the spec's product links", () => {
  test("/productos/{id}, as the featured offers once linked a product, goes to its page", async () => {
    expect(await redirectOf("/productos/3")).toEqual({ status: 301, location: "/producto/3" });
    // Digits under a family name a category, never a product.
    await expect(load("/productos/perros/3")).rejects.toMatchObject({ init: { status: 404 } });
  });
});
