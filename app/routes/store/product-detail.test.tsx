import { and, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { products, productVariants, stockAlerts } from "~/db/schema";
import type { ProductCardData } from "~/domain/catalog/catalog";
import { confirmStockAlert, sendDueStockAlerts } from "~/domain/catalog/stock-alerts.server";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { ProductCard } from "~/ui/catalog/product-card";
import { requestAs, signUpCustomer } from "~test/auth";
import { sentMails } from "~test/captured-mail";
import { setUpTestDatabase } from "~test/test-database";
import { findSizes } from "~test/variants";

import ProductDetail, { action, loader, meta } from "./product-detail";

// A product with presentaciones as the shopper meets it (issue 23): the size chosen by the
// link, its price per kg, its stock, the JSON-LD offers, and 'Avísame cuando haya stock'.

vi.mock("~/lib/mail.server", () => import("~test/captured-mail"));
const sent = sentMails;

const { handle } = setUpTestDatabase();
let food: { id: number; small: number; large: number };
let collar: { id: number; s: number; m: number; l: number };

const sizesOf = (title: string) => findSizes(handle().db, title);

beforeAll(async () => {
  await seedDemoShop(handle().db);
  const foodSizes = await sizesOf("Alimento Pro Plan Cachorro Razas Pequeñas");
  food = { id: foodSizes.id, small: foodSizes.ids[0]!, large: foodSizes.ids[1]! };
  const collarSizes = await sizesOf("Collar Reflectivo Ajustable");
  collar = { id: collarSizes.id, s: collarSizes.ids[0]!, m: collarSizes.ids[1]!, l: collarSizes.ids[2]! };
});

beforeEach(() => {
  sent.length = 0;
});

type LoaderData = Exclude<Awaited<ReturnType<typeof loader>>, { data: unknown }>;

async function load(productId: number, search = "") {
  const request = new Request(`http://localhost:3000/producto/${productId}${search}`);
  return (await loader({ request, params: { productId: String(productId) }, context: {} } as never)) as LoaderData;
}

function render(loaderData: LoaderData): string {
  const page = <ProductDetail {...({ loaderData } as Parameters<typeof ProductDetail>[0])} />;
  const router = createMemoryRouter([{ path: "*", element: page }]);
  return renderToString(<RouterProvider router={router} />)
    .replaceAll("<!-- -->", "")
    .replaceAll("&nbsp;", " ")
    .replaceAll("\u00a0", " ");
}

async function subscribe(productId: number, variantId: number, email: string, clientIp = "10.1.2.3") {
  const body = new URLSearchParams({ intent: "stock-alert", variantId: String(variantId), email });
  const request = new Request(`http://localhost:3000/producto/${productId}`, { method: "POST", body });
  const result = (await action({
    request,
    params: { productId: String(productId) },
    context: { clientIp },
  } as never)) as { message: string } | { data: { errors: Record<string, string> }; init: { status: number } };
  return result;
}

describe("the product page with presentaciones", () => {
  test("opens on the first size with stock, or on the one its link names; an unknown one falls back", async () => {
    expect((await load(food.id)).selectedId).toBe(food.small);
    expect((await load(food.id, `?presentacion=${food.large}`)).selectedId).toBe(food.large);
    expect((await load(food.id, `?presentacion=${collar.s}`)).selectedId).toBe(food.small);
    expect((await load(food.id, "?presentacion=abc")).selectedId).toBe(food.small);
  });

  test("shows the 'Presentación' radios inside the add-to-cart form, the chosen one's price, per kg and stock", async () => {
    const html = render(await load(food.id, `?presentacion=${food.large}`));
    expect(html).toMatch(/<legend[^>]*>Presentación<\/legend>/);
    const radios = [...html.matchAll(/<input [^>]*type="radio"[^>]*>/g)].map(([tag]) => [
      Number(/value="(\d+)"/.exec(tag)![1]),
      tag.includes('checked=""'),
      tag.includes('name="variantId"'),
    ]);
    expect(radios).toEqual([
      [food.small, false, true],
      [food.large, true, true],
    ]);
    // Inside the form that posts to the cart.
    expect(html).toMatch(/<form[^>]*action="\/carrito"[^>]*>(?:(?!<\/form>).)*type="radio"/s);
    // What each size shows is switched by CSS on its checked radio, so a choice made before the
    // scripts arrive shows at once: one rule per size, naming its radio and its panels.
    for (const id of [food.small, food.large]) {
      expect(html).toContain(`:has(#presentacion-${id}:checked) [data-presentacion="${id}"]{display:block}`);
      expect(html).toMatch(new RegExp(`<input [^>]*id="presentacion-${id}"[^>]*type="radio"`));
    }
    // The 15 kg bag: S/ 329.90, S/ 21.99 per kg, 2 left.
    expect(html).toContain("S/ 329.90");
    expect(html).toContain("S/ 21.99 por kg");
    expect(html).toContain("Últimas 2 unidades disponibles");
    expect(html).toContain("Agregar al Carrito");
    const small = render(await load(food.id));
    // The 3 kg bag on offer: S/ 79.90 (was S/ 89.90), S/ 26.63 per kg.
    expect(small).toContain("S/ 26.63 por kg");
    expect(small).toMatch(/Precio regular: <\/span>S\/ 89.90/);
  });

  test("a product without sizes shows no selector", async () => {
    const [plain] = await handle()
      .db.select()
      .from(products)
      .where(eq(products.title, "Cama Acolchada Redonda para Gato"));
    const html = render(await load(plain!.id));
    expect(html).not.toContain(">Presentación</legend>");
    expect(html).toMatch(/<input type="hidden" name="variantId" value="\d+"/);
  });

  test("JSON-LD carries one Offer per presentación", async () => {
    const loaderData = await load(collar.id);
    const tags = meta({ data: loaderData, matches: [] } as never) as Record<string, unknown>[];
    const product = tags.find((tag) => "script:ld+json" in tag)!["script:ld+json"] as { offers: unknown };
    expect(product.offers).toEqual([
      expect.objectContaining({
        name: "Talla S",
        price: "25.00",
        sku: "COL-REF-S",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({ name: "Talla M", price: "28.00", availability: "https://schema.org/OutOfStock" }),
      expect.objectContaining({
        name: "Talla L",
        price: "32.00",
        url: `http://localhost:3000/producto/${collar.id}?presentacion=${collar.l}`,
      }),
    ]);
  });

  test("a sold-out size turns the button into 'Agotado' and offers 'Avísame cuando haya stock'", async () => {
    const html = render(await load(collar.id, `?presentacion=${collar.m}`));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Agotado<\/button>/);
    expect(html).toContain("Talla M agotado");
    expect(html).toContain("Avísame cuando haya stock");
    expect(html).toMatch(
      /<input type="hidden" name="variantId" value="\d+"\/><div[^>]*><label[^>]*>Tu correo electrónico/,
    );
  });
});

describe("'Avísame cuando haya stock'", () => {
  test("a signed-in shopper finds their e-mail already in the field", async () => {
    const cookie = await signUpCustomer("clienta.avisame@example.com");
    const request = requestAs(cookie, `http://localhost:3000/producto/${collar.id}?presentacion=${collar.m}`);
    const loaded = (await loader({
      request,
      params: { productId: String(collar.id) },
      context: {},
    } as never)) as LoaderData;
    expect(loaded.email).toBe("clienta.avisame@example.com");
    expect(render(loaded)).toMatch(/<input[^>]*name="email"[^>]*value="clienta.avisame@example.com"/);
    // A guest's field starts empty.
    expect((await load(collar.id, `?presentacion=${collar.m}`)).email).toBe("");
  });

  test("subscribes once per inbox, refuses sizes with stock or of another product, and bad e-mails", async () => {
    expect(await subscribe(collar.id, collar.m, "ana@example.com")).toEqual({
      message: "Te enviamos un correo para confirmar el aviso.",
    });
    expect(await subscribe(collar.id, collar.m, "  ANA+collar@example.com ")).toEqual({
      message: "Te enviamos un correo para confirmar el aviso.",
    });
    const alerts = await handle().db.select().from(stockAlerts).where(eq(stockAlerts.variantId, collar.m));
    expect(alerts.map((alert) => [alert.email, alert.mailbox, alert.confirmedAt])).toEqual([
      ["ana@example.com", "ana@example.com", null],
    ]);
    // Asked twice before confirming: the link again, to the address first typed.
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["ana@example.com", "Confirma tu aviso de stock"],
      ["ana@example.com", "Confirma tu aviso de stock"],
    ]);

    const inStock = (await subscribe(collar.id, collar.s, "ana@example.com")) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(inStock.init.status).toBe(409);
    expect(inStock.data.errors.email).toBe("Esta presentación ya tiene stock: puedes agregarla al carrito.");
    const foreign = (await subscribe(food.id, collar.m, "ana@example.com")) as { init: { status: number } };
    expect(foreign.init.status).toBe(404);
    const badEmail = (await subscribe(collar.id, collar.m, "ana@")) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(badEmail.init.status).toBe(400);
    expect(badEmail.data.errors.email).toBe("Escribe un correo electrónico válido.");
    expect(await handle().db.select().from(stockAlerts).where(eq(stockAlerts.variantId, collar.m))).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  test("thirty plus-addresses of one inbox are one subscription, and it gets the day's cap of e-mails at most", async () => {
    const logged: string[] = [];
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation((line) => logged.push(String(line)) > 0);
    try {
      for (let n = 1; n <= 30; n++) {
        expect(await subscribe(collar.id, collar.m, `victima+${n}@example.pe`, "10.9.9.9")).toEqual({
          message: "Te enviamos un correo para confirmar el aviso.",
        });
      }
      // Each request sends the link again, so every one of the thirty is sent or withheld.
      const withheld = () => logged.filter((line) => line.includes("e-mail withheld"));
      await vi.waitFor(() => expect(sent.length + withheld().length).toBe(30), { timeout: 5_000 });
      expect(withheld()[0]).toContain("victima+1@example.pe");
    } finally {
      stdout.mockRestore();
    }
    const rows = await handle().db.select().from(stockAlerts).where(eq(stockAlerts.mailbox, "victima@example.pe"));
    expect(rows.map((row) => row.email)).toEqual(["victima+1@example.pe"]);
    expect(sent).toHaveLength(5);
    expect(sent.every((mail) => mail.subject === "Confirma tu aviso de stock")).toBe(true);
    // Unconfirmed, the restock mails nobody.
    await handle().db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, collar.m));
    expect(await sendDueStockAlerts()).toBe(0);
    await handle().db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, collar.m));
    expect(sent).toHaveLength(5);
  });

  test("when the stock comes back, each confirmed subscriber gets one e-mail with the link, and the subscription ends", async () => {
    await subscribe(collar.id, collar.m, "luis@example.com");
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const confirmUrl = /http:\/\/localhost:3000\/aviso-stock\/confirmar\?t=[\w-]+/.exec(sent[0]!.text)![0];
    expect(await confirmStockAlert(new URL(confirmUrl).searchParams.get("t")!)).toMatchObject({ isConfirmed: true });
    sent.length = 0;
    expect(await sendDueStockAlerts()).toBe(0);
    await handle().db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, collar.m));
    const [first, second] = await Promise.all([sendDueStockAlerts(), sendDueStockAlerts()]);
    expect(first! + second!).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual(["luis@example.com"]);
    expect(sent[0]!.subject).toBe("Ya hay stock: Collar Reflectivo Ajustable — Talla M");
    expect(sent[0]!.text).toContain(`http://localhost:3000/producto/${collar.id}?presentacion=${collar.m}`);
    // Ana and the victim never confirmed: they still wait, and got nothing.
    const left = await handle()
      .db.select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.variantId, collar.m)));
    expect(left.map((alert) => alert.mailbox).sort()).toEqual(["ana@example.com", "victima@example.pe"]);
    expect(await sendDueStockAlerts()).toBe(0);
    expect(sent).toHaveLength(1);
  });
});

describe("the catalogue card of a product with presentaciones", () => {
  const card = (product: Partial<ProductCardData>) =>
    renderToString(
      <MemoryRouter>
        <ProductCard
          product={{
            id: 1,
            title: "Collar",
            description: "",
            image: null,
            imageAlt: "",
            priceCents: 2500,
            isOfferActive: false,
            offerPriceCents: null,
            stock: 13,
            priceVaries: true,
            hasAnyOffer: false,
            ...product,
          }}
        />
      </MemoryRouter>,
    )
      .replaceAll("<!-- -->", "")
      .replaceAll("\u00a0", " ");

  test("says 'Desde' the cheapest, strikes its regular price when it is on offer, and is sold out only when all are", () => {
    expect(card({})).toMatch(/Desde <\/span>S\/ 25.00/);
    expect(card({})).not.toContain("OFERTA");
    const onOffer = card({ isOfferActive: true, offerPriceCents: 2000, hasAnyOffer: true });
    expect(onOffer).toMatch(/Desde<\/span>.*S\/ 20.00.*<s[^>]*>.*S\/ 25.00/s);
    expect(onOffer).toContain("OFERTA");
    // Another size on offer, not the cheapest: the badge, without a struck price.
    expect(card({ hasAnyOffer: true })).toContain("OFERTA");
    expect(card({ stock: 0 })).toContain("Agotado");
    expect(card({ stock: 1 })).not.toContain("Agotado");
  });
});
