import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { products } from "~/db/schema";
import { buildSitemap } from "~/domain/content/sitemap.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { setUpTestDatabase } from "~test/test-database";

import { loader as robotsLoader } from "./robots";
import { loader as sitemapLoader } from "./sitemap";

const { handle } = setUpTestDatabase();
// APP_URL of vitest.config.ts: crawlers get absolute addresses on the public host.
const ORIGIN = "http://localhost:3000";

async function fetchSitemap(query = ""): Promise<Response> {
  const request = new Request(`http://127.0.0.1:9999/sitemap.xml${query}`);
  return sitemapLoader({ request, params: {}, context: {} } as Parameters<typeof sitemapLoader>[0]);
}

function listLocations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

describe("/robots.txt", () => {
  test("allows the shop, keeps crawlers out of private pages and names the sitemap", async () => {
    const response = robotsLoader({ context: {} } as Parameters<typeof robotsLoader>[0]);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /perfil",
        "Disallow: /carrito",
        "Disallow: /pedido",
        "Disallow: /api",
        "",
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
});

describe("/sitemap.xml", () => {
  test("lists the public pages, every catalogue level and each live product, nothing private", async () => {
    const { db } = handle();
    await seedDemoShop(db);
    const [archived] = await db
      .update(products)
      .set({ isArchived: true })
      .where(eq(products.title, "Cama Acolchada Redonda para Gato"))
      .returning({ id: products.id });
    const live = await db.select({ id: products.id }).from(products).where(eq(products.isArchived, false));

    const response = await fetchSitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = listLocations(xml);

    for (const page of ["/", "/nosotros", "/productos", "/servicios", "/contacto", "/faq", "/libro-reclamaciones"]) {
      expect(locations).toContain(`${ORIGIN}${page}`);
    }
    expect(locations).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/productos/perros`,
        `${ORIGIN}/productos/perros/alimentos`,
        `${ORIGIN}/productos/perros/alimentos/alimento-seco`,
        `${ORIGIN}/productos/gatos/camas-y-descanso`,
        `${ORIGIN}/servicios/salud/consultas`,
        `${ORIGIN}/servicios/salud/prevenci%C3%B3n/vacunaci%C3%B3n`,
        `${ORIGIN}/servicios/est%C3%A9tica/ba%C3%B1o-y-corte/perros`,
      ]),
    );
    expect(live.length).toBe(5);
    for (const product of live) expect(locations).toContain(`${ORIGIN}/producto/${product.id}`);
    expect(locations).not.toContain(`${ORIGIN}/producto/${archived!.id}`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    expect(locations.every((location) => location.startsWith(`${ORIGIN}/`))).toBe(true);
    for (const privatePath of ["/admin", "/perfil", "/carrito", "/api", "/auth"]) {
      expect(locations.some((location) => location.startsWith(`${ORIGIN}${privatePath}`))).toBe(false);
    }
    expect(new Set(locations).size).toBe(locations.length);
  });

  test("too many addresses for one file become an index of files that hold them all", async () => {
    const single = listLocations((await buildSitemap(ORIGIN, undefined))!);
    const maxUrls = 10;

    const index = (await buildSitemap(ORIGIN, undefined, maxUrls))!;
    expect(index).toContain("<sitemapindex");
    const files = listLocations(index);
    expect(files).toEqual([`${ORIGIN}/sitemap.xml?pagina=1`, `${ORIGIN}/sitemap.xml?pagina=2`]);

    const split = [
      ...listLocations((await buildSitemap(ORIGIN, 1, maxUrls))!),
      ...listLocations((await buildSitemap(ORIGIN, 2, maxUrls))!),
    ];
    expect(split.sort()).toEqual([...single].sort());
    expect(await buildSitemap(ORIGIN, 3, maxUrls)).toBeNull();
    expect((await fetchSitemap("?pagina=99")).status).toBe(404);
    expect((await fetchSitemap("?pagina=abc")).status).toBe(404);
  });
});
