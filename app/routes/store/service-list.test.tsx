import { and, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";

import { serviceCategories, serviceFamilies, services } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { normalizeForSearch } from "~/lib/text";
import { catalogLoaderArgs } from "~test/catalog-url";
import { setUpTestDatabase } from "~test/test-database";

import ServiceList, { loader } from "./service-list";

// The services screen as a shopper meets it: what the loader gives for a URL, and what
// the page renders from it.

const { handle } = setUpTestDatabase();

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** Runs the loader for a storefront URL, with the slugs React Router would decode. */
async function load(url: string): Promise<LoaderData> {
  return loader(catalogLoaderArgs(url) as never);
}

function render(loaderData: LoaderData): string {
  const page = <ServiceList {...({ loaderData } as Parameters<typeof ServiceList>[0])} />;
  const router = createMemoryRouter([{ path: "*", element: page }]);
  return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);
const cardsOf = (page: LoaderData) => page.children.map((card) => [card.name, card.count]);

/** A service as the admin editor may save it: family, category and subcategory are optional. */
async function addService(title: string, levels: { familyId?: number; categoryId?: number }) {
  await handle()
    .db.insert(services)
    .values({ title, ...levels, priceCents: 3000, searchText: normalizeForSearch(title) });
}

beforeAll(async () => {
  const { db } = handle();
  await seedDemoShop(db);
  const [banoYCorte] = await db
    .select({ id: serviceCategories.id, familyId: serviceCategories.familyId })
    .from(serviceCategories)
    .innerJoin(serviceFamilies, eq(serviceFamilies.id, serviceCategories.familyId))
    .where(and(eq(serviceFamilies.slug, "estética"), eq(serviceCategories.slug, "baño-y-corte")));
  // Estética › Baño y Corte has the subcategories Perros (the dog bath) and Gatos.
  await addService("Corte de Uñas", { familyId: banoYCorte!.familyId, categoryId: banoYCorte!.id });
  await addService("Asesoría de Imagen", { familyId: banoYCorte!.familyId });
  await addService("Guardería de Día", {});
});

describe("a level with children", () => {
  test("lists, under the cards, its services saved without the next level", async () => {
    const category = await load("/servicios/est%C3%A9tica/ba%C3%B1o-y-corte");
    expect(cardsOf(category)).toEqual([
      ["Perros", 1],
      ["Gatos", 0],
    ]);
    expect(titles(category.services)).toEqual(["Corte de Uñas"]);
    const html = render(category);
    expect(html).toContain("Otros servicios");
    expect(html).toContain("Corte de Uñas");
    expect(html).not.toContain("Baño y Corte para Perro");
    expect(html.indexOf("Gatos")).toBeLessThan(html.indexOf("Corte de Uñas"));

    const family = await load("/servicios/est%C3%A9tica");
    expect(titles(family.services)).toEqual(["Asesoría de Imagen"]);
    const top = await load("/servicios");
    expect(titles(top.services)).toEqual(["Guardería de Día"]);
  });

  test("each card counts what its page leads to: its cards' services and its own", async () => {
    // Baño y Corte: the dog bath (under Perros) and the nail trim (on the category itself).
    expect(cardsOf(await load("/servicios/est%C3%A9tica"))).toEqual([["Baño y Corte", 2]]);
    expect(cardsOf(await load("/servicios"))).toEqual([
      ["Estética", 3],
      ["Salud", 2],
    ]);
  });

  test("without such services, looks as before: the cards only", async () => {
    const page = await load("/servicios/salud/prevenci%C3%B3n");
    expect(cardsOf(page)).toEqual([
      ["Vacunación", 0],
      ["Desparasitación", 1],
    ]);
    expect(page.services).toEqual([]);
    const html = render(page);
    expect(html).not.toContain("Otros servicios");
    expect(html).not.toContain("No se encontraron elementos");
  });

  test("a search still finds every match below the level, with the matching cards", async () => {
    const page = await load("/servicios/est%C3%A9tica/ba%C3%B1o-y-corte?q=corte");
    expect(cardsOf(page)).toEqual([]);
    // Ranked by the shop's search (issue 27): a title that starts with the word comes first.
    expect(titles(page.services)).toEqual(["Corte de Uñas", "Baño y Corte para Perro"]);
    const byName = await load("/servicios/est%C3%A9tica/ba%C3%B1o-y-corte?q=gatos");
    expect(cardsOf(byName)).toEqual([["Gatos", 0]]);
    expect(render(byName)).not.toContain("Otros servicios");
  });
});

describe("a level without children", () => {
  test("lists all its services, as before", async () => {
    const page = await load("/servicios/est%C3%A9tica/ba%C3%B1o-y-corte/perros");
    expect(titles(page.services)).toEqual(["Baño y Corte para Perro"]);
    expect(render(page)).not.toContain("Otros servicios");
    expect(titles((await load("/servicios/salud/consultas")).services)).toEqual(["Consulta Veterinaria General"]);
  });
});

describe("a reservable service's card", () => {
  test("offers 'Reservar cita' first and, as the spec asks of every service, a WhatsApp inquiry naming it", async () => {
    const html = render(await load("/servicios/est%C3%A9tica/ba%C3%B1o-y-corte/perros"));
    const card = html.slice(html.indexOf("<article"), html.indexOf("</article>"));
    expect(card).toContain("Baño y Corte para Perro");
    const booking = card.indexOf("Reservar cita");
    const inquiry = card.match(/<a href="(https:\/\/wa\.me\/[^"]+)"[^>]*>Consultar por WhatsApp<\/a>/);
    expect(booking).toBeGreaterThan(-1);
    expect(inquiry).not.toBeNull();
    expect(booking).toBeLessThan(card.indexOf(inquiry![0]));
    const text = new URL(inquiry![1]!.replaceAll("&amp;", "&")).searchParams.get("text");
    expect(text).toBe("Hola, quisiera consultar por el servicio: Baño y Corte para Perro");
  });
});
