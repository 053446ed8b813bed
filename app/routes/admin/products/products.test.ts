import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import {
  auditLog,
  brands,
  cartLines,
  orderLines,
  productCategories,
  productFamilies,
  products,
  productVariants,
  stockAlerts,
} from "~/db/schema";
import { addCartLine, ensureCart } from "~/domain/cart/cart.server";
import {
  IMAGE_ALT_REQUIRED_MESSAGE,
  INVALID_IMAGE_MESSAGE,
  OFFER_NOT_LOWER_MESSAGE,
  OFFER_PRICE_MESSAGE,
} from "~/domain/catalog/catalog-admin";
import { IGV_TREATMENT_MESSAGE, PRODUCT_REQUIRED_MESSAGE } from "~/domain/catalog/product-admin";
import { listAdminProducts } from "~/domain/catalog/product-admin.server";
import {
  AT_LEAST_ONE_MESSAGE,
  GONE_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  STOCK_MESSAGE,
  WEIGHT_MESSAGE,
} from "~/domain/catalog/variants";
import { placeOrder } from "~/domain/orders/order.server";
import { NEGATIVE_PRICE_MESSAGE } from "~/lib/parse";
import { requestAs } from "~test/auth";
import {
  callCatalogEditor,
  type EditorFailure,
  expectEditorFailure,
  type Fields,
  readRedirect,
} from "~test/catalog-editor";
import { findForm } from "~test/html-form";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";
import { findVariant } from "~test/variants";

import ProductEditor, { action as editorAction, loader as editorLoader } from "./editor";
import { action as listAction, loader as listLoader } from "./list";

const { handle, adminCookie } = seededShopWithAdmin();
let perros: { familyId: number; alimentosId: number; juguetesId: number };
let gatosAlimentosId: number;
let kongId: number;

beforeAll(async () => {
  const { db } = handle();
  const categories = await db
    .select({ id: productCategories.id, name: productCategories.name, family: productFamilies.name })
    .from(productCategories)
    .innerJoin(productFamilies, eq(productFamilies.id, productCategories.familyId));
  const find = (family: string, name: string) => categories.find((c) => c.family === family && c.name === name)!.id;
  const [perrosFamily] = await db.select().from(productFamilies).where(eq(productFamilies.name, "Perros"));
  perros = {
    familyId: perrosFamily!.id,
    alimentosId: find("Perros", "Alimentos"),
    juguetesId: find("Perros", "Juguetes"),
  };
  gatosAlimentosId = find("Gatos", "Alimentos");
  const [kong] = await db.select().from(brands).where(eq(brands.name, "Kong"));
  kongId = kong!.id;
});

function validFields(overrides: Fields = {}): Fields {
  return {
    title: "Pelota Mordedora Ñandú",
    description: "Pelota de caucho resistente.",
    familyId: String(perros.familyId),
    categoryId: String(perros.juguetesId),
    subcategoryId: "",
    brandId: String(kongId),
    price: "39.90",
    stock: "12",
    offerPrice: "",
    image: "",
    imageAlt: "Pelota roja de caucho",
    ...overrides,
  };
}

// A product with one presentación: its fields are the form's first row (`v.0.price`...).
const ROW_FIELDS = ["name", "price", "stock", "stockShown", "isOfferActive", "offerPrice", "sku", "weight"];
const rowField = (field: string) => (ROW_FIELDS.includes(field) ? `v.0.${field}` : field);

function asFirstRow(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [rowField(name), value]));
}

function callEditor(fields: Fields, id?: number) {
  return callCatalogEditor("products", editorAction, adminCookie(), asFirstRow(fields), id);
}

async function expectFailure(fields: Fields, field: string, message: string, id?: number) {
  expectEditorFailure(await callEditor(fields, id), asFirstRow(fields), rowField(field), message);
}

async function catchThrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    return thrown;
  }
}

async function findProduct(title: string) {
  const [row] = await handle().db.select().from(products).where(eq(products.title, title));
  return row;
}

describe("product editor validation (section 5)", () => {
  test("title, family and category are required", async () => {
    await expectFailure(validFields({ title: "  " }), "title", PRODUCT_REQUIRED_MESSAGE);
    await expectFailure(validFields({ familyId: "", categoryId: "" }), "familyId", PRODUCT_REQUIRED_MESSAGE);
    await expectFailure(validFields({ categoryId: "" }), "categoryId", PRODUCT_REQUIRED_MESSAGE);
  });

  test("an active offer needs an offer price above 0", async () => {
    await expectFailure(validFields({ isOfferActive: "on", offerPrice: "" }), "offerPrice", OFFER_PRICE_MESSAGE);
    await expectFailure(validFields({ isOfferActive: "on", offerPrice: "0" }), "offerPrice", OFFER_PRICE_MESSAGE);
  });

  test("an offer price must be below the regular price", async () => {
    await expectFailure(
      validFields({ price: "59.90", isOfferActive: "on", offerPrice: "599.00" }),
      "offerPrice",
      OFFER_NOT_LOWER_MESSAGE,
    );
    await expectFailure(
      validFields({ price: "59.90", isOfferActive: "on", offerPrice: "59.90" }),
      "offerPrice",
      OFFER_NOT_LOWER_MESSAGE,
    );
  });

  test("a negative price is refused in Spanish", async () => {
    await expectFailure(validFields({ price: "-3" }), "price", NEGATIVE_PRICE_MESSAGE);
  });

  test("price and stock stop where the Excel import stops, so every export imports again", async () => {
    await expectFailure(validFields({ price: "1000000" }), "price", "El precio máximo es S/ 999,999.99.");
    await expectFailure(validFields({ stock: "1000001" }), "stock", "El stock máximo es 1,000,000 unidades.");
    const saved = await callEditor(validFields({ title: "Al límite", price: "999999.99", stock: "1000000" }));
    expect((saved as Response).status).toBe(302);
    expect(await findProduct("Al límite")).toMatchObject({ priceCents: 99_999_999, stock: 1_000_000 });
  });

  test("stock must be a whole number, not negative", async () => {
    await expectFailure(validFields({ stock: "-1" }), "stock", STOCK_MESSAGE);
    await expectFailure(validFields({ stock: "2.5" }), "stock", STOCK_MESSAGE);
  });

  test("an image path that is not ours is refused", async () => {
    await expectFailure(validFields({ image: "https://example.com/gato.png" }), "image", INVALID_IMAGE_MESSAGE);
  });

  test("an image needs its alt text (SEO and accessibility); no image, no alt text needed", async () => {
    const image = "/images/products/cama-gato.webp";
    await expectFailure(validFields({ image, imageAlt: "  " }), "imageAlt", IMAGE_ALT_REQUIRED_MESSAGE);
    const withoutImage = (await callEditor(validFields({ title: "Sin foto", image: "", imageAlt: "" }))) as Response;
    expect(withoutImage.status).toBe(302);
    expect(await findProduct("Sin foto")).toMatchObject({ image: null, imageAlt: "" });
  });

  test("a category of another family is refused by the server", async () => {
    const fields = validFields({ title: "Producto cruzado", categoryId: String(gatosAlimentosId) });
    await expectFailure(fields, "categoryId", "La categoría elegida no pertenece a la familia seleccionada.");
    expect(await findProduct("Producto cruzado")).toBeUndefined();
  });
});

describe("creating and updating products", () => {
  test("creates with price and stock as numbers, the offer price, the search text and an audit entry", async () => {
    const response = await callEditor(validFields({ isOfferActive: "on", offerPrice: "29.9" }));
    expect(await readRedirect(response)).toMatchObject({
      location: "/admin/productos",
      toast: { title: "Producto Añadido" },
    });
    const saved = await findProduct("Pelota Mordedora Ñandú");
    expect(saved).toMatchObject({ priceCents: 3990, stock: 12, isOfferActive: true, offerPriceCents: 2990 });
    // Held by its one presentación, which the product sums up.
    expect(await findVariant(handle().db, saved!.id)).toMatchObject({
      name: "",
      priceCents: 3990,
      stock: 12,
      isOfferActive: true,
      offerPriceCents: 2990,
    });
    expect(saved!.searchText).toBe("pelota mordedora nandu kong");
    const [audit] = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(saved!.id))));
    expect(audit).toMatchObject({ action: "create" });
  });

  test("empty price and stock default to 0", async () => {
    await callEditor(validFields({ title: "Producto sin precio", price: "", stock: "" }));
    expect(await findProduct("Producto sin precio")).toMatchObject({ priceCents: 0, stock: 0 });
  });

  test("the offer price is saved as null when the offer is off, whatever was typed", async () => {
    const created = await findProduct("Pelota Mordedora Ñandú");
    const response = await callEditor(validFields({ offerPrice: "25.00" }), created!.id);
    expect((await readRedirect(response)).toast).toMatchObject({ title: "Producto Actualizado" });
    expect(await findProduct("Pelota Mordedora Ñandú")).toMatchObject({ isOfferActive: false, offerPriceCents: null });
    expect(await findVariant(handle().db, created!.id)).toMatchObject({
      priceCents: 3990,
      isOfferActive: false,
      offerPriceCents: null,
    });
  });

  test("the search text is recomputed from the new title and brand", async () => {
    const created = await findProduct("Pelota Mordedora Ñandú");
    await callEditor(validFields({ title: "Ratón Saltarín", brandId: "" }), created!.id);
    const updated = await handle().db.select().from(products).where(eq(products.id, created!.id));
    expect(updated[0]!.searchText).toBe("raton saltarin");
  });

  test("an unknown id sends the editor back to the list with 'Producto no encontrado.'", async () => {
    const thrown = await catchThrown(() =>
      editorLoader({
        request: requestAs(adminCookie(), "/admin/productos/editar/999999"),
        params: { productId: "999999" },
        context: {},
      } as never),
    );
    expect(await readRedirect(thrown)).toMatchObject({
      location: "/admin/productos",
      toast: { title: "Error", description: "Producto no encontrado.", variant: "destructive" },
    });
    const posted = await callEditor(validFields(), 999999);
    expect((await readRedirect(posted)).toast).toMatchObject({ description: "Producto no encontrado." });
  });
});

// Orders take units while the owner has the editor open: saving what the page showed must
// not bring sold units back (the shop would sell stock it does not have).
// How each product's price is taxed in the comprobante (issue 46, ADR 039): gravado unless the owner says otherwise.
describe("the IGV treatment", () => {
  /** The editor's page as the server renders it: new, or the product `id`; a POST renders the refusal. */
  function renderEditor(id?: number, body?: Fields) {
    const path = id === undefined ? "/admin/productos/nuevo" : `/admin/productos/editar/${id}`;
    const request = requestAs(adminCookie(), path, {
      method: body ? "POST" : "GET",
      body: body ? new URLSearchParams(body) : undefined,
    });
    // renderRoute mounts the page at its literal path: the product's id is given as the param.
    const params = id === undefined ? {} : { productId: String(id) };
    const withParams = (run: (args: never) => unknown) => (args: object) => run({ ...args, params } as never);
    return renderRoute(
      { Page: ProductEditor, loader: withParams(editorLoader), action: withParams(editorAction) } as never,
      request,
    );
  }

  test("a new product starts gravado, with the three choices and the hint", async () => {
    const { html } = await renderEditor();
    expect(findForm(html, { title: true }).fields.igvTreatment).toBe("gravado");
    for (const label of [
      "Tratamiento del IGV",
      "Gravado (precio con IGV 18 %)",
      "Exonerado (sin IGV: p. ej., libros)",
      "Inafecto (sin IGV)",
      "Así se declara en la boleta o factura. Si dudas, consulta a tu contador.",
    ]) {
      expect(html).toContain(label);
    }
  });

  test("a product created exonerado is stored so, audited, and shown selected when edited; then changed", async () => {
    const response = await callEditor(validFields({ title: "Libro Adiestramiento Canino", igvTreatment: "exonerado" }));
    expect((await readRedirect(response)).toast).toMatchObject({ title: "Producto Añadido" });
    const saved = (await findProduct("Libro Adiestramiento Canino"))!;
    expect(saved.igvTreatment).toBe("exonerado");
    const [audit] = await handle()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(saved.id))));
    expect(audit?.summary).toMatchObject({ igvTreatment: "exonerado" });

    const { html } = await renderEditor(saved.id);
    const form = findForm(html, { title: "Libro Adiestramiento Canino" });
    expect(form.fields.igvTreatment).toBe("exonerado");

    // Saving the page as shown keeps it; choosing another treatment changes it.
    await callCatalogEditor("products", editorAction, adminCookie(), form.fields, saved.id);
    expect((await findProduct("Libro Adiestramiento Canino"))!.igvTreatment).toBe("exonerado");
    await callCatalogEditor(
      "products",
      editorAction,
      adminCookie(),
      { ...form.fields, igvTreatment: "inafecto" },
      saved.id,
    );
    expect((await findProduct("Libro Adiestramiento Canino"))!.igvTreatment).toBe("inafecto");
  });

  test("a form without the select (an older page) saves gravado", async () => {
    await callEditor(validFields({ title: "Correa Sin IGV Elegido" }));
    expect((await findProduct("Correa Sin IGV Elegido"))!.igvTreatment).toBe("gravado");
  });

  test("an unknown treatment is refused beside the select, what was typed kept, nothing saved", async () => {
    for (const typed of ["exento", "", "GRAVADO", "constructor"]) {
      await expectFailure(
        validFields({ title: "Producto Con IGV Raro", igvTreatment: typed }),
        "igvTreatment",
        IGV_TREATMENT_MESSAGE,
      );
    }
    expect(await findProduct("Producto Con IGV Raro")).toBeUndefined();
    const page = await renderEditor(
      undefined,
      asFirstRow(validFields({ title: "Producto Con IGV Raro", igvTreatment: "exento" })),
    );
    expect(page.status).toBe(400);
    // The select is marked invalid and names its error, shown beside it.
    const select = /<select id="igvTreatment"[^>]*>/.exec(page.html)?.[0];
    expect(select).toContain('aria-invalid="true"');
    expect(select).toContain('aria-describedby="igvTreatment-hint igvTreatment-error"');
    expect(page.html).toContain(`<p id="igvTreatment-error" class="text-sm text-red-700">${IGV_TREATMENT_MESSAGE}</p>`);
  });
});

describe("stock sold while the editor is open", () => {
  async function openEditor(productId: number): Promise<Fields> {
    const request = requestAs(adminCookie(), `/admin/productos/editar/${productId}`);
    const loaded = (await editorLoader({
      request,
      params: { productId: String(productId) },
      context: {},
    } as never)) as {
      values: Fields;
    };
    return loaded.values;
  }

  async function sell(productId: number, quantity: number) {
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    expect((await addCartLine(cartId, { productId, quantity })).status).toBe("added");
    const placed = await placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "987654321",
    });
    expect(placed.status).toBe("placed");
  }

  async function stored(productId: number) {
    const [row] = await handle().db.select().from(products).where(eq(products.id, productId));
    return row!;
  }

  test("a new price saved over an open editor keeps the units the orders took", async () => {
    await callEditor(validFields({ title: "Arena Aglomerante 10 kg", stock: "10", price: "45.00" }));
    const product = (await findProduct("Arena Aglomerante 10 kg"))!;
    const shown = await openEditor(product.id);
    expect(shown["v.0.stock"]).toBe("10");
    await sell(product.id, 4);
    const saved = await callEditor({ ...shown, price: "42.50" }, product.id);
    expect((await readRedirect(saved)).toast).toMatchObject({ title: "Producto Actualizado" });
    expect(await stored(product.id)).toMatchObject({ priceCents: 4250, stock: 6 });
    expect(await findVariant(handle().db, product.id)).toMatchObject({ priceCents: 4250, stock: 6 });
  });

  test("a stock typed over units sold meanwhile is refused with the current stock, then saved as typed", async () => {
    await callEditor(validFields({ title: "Rascador Torre 80 cm", stock: "10", price: "120.00" }));
    const product = (await findProduct("Rascador Torre 80 cm"))!;
    const shown = await openEditor(product.id);
    await sell(product.id, 3);
    const typed = { ...shown, stock: "25", price: "110.00" };
    const refused = (await callEditor(typed, product.id)) as EditorFailure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors["v.0.stock"]).toBe(
      "El stock cambió mientras editabas: se vendieron o repusieron unidades y ahora hay 7. Revisa el valor y guarda de nuevo.",
    );
    // Nothing was saved: not the price either.
    expect(await stored(product.id)).toMatchObject({ priceCents: 12000, stock: 7 });
    // The form comes back as typed, its starting point now the current stock.
    expect(refused.data.values).toMatchObject({ "v.0.stock": "25", "v.0.price": "110.00", "v.0.stockShown": "7" });
    const saved = await callEditor(refused.data.values, product.id);
    expect((await readRedirect(saved)).toast).toMatchObject({ title: "Producto Actualizado" });
    expect(await stored(product.id)).toMatchObject({ priceCents: 11000, stock: 25 });
  });

  test("with no order in between, the stock typed is saved", async () => {
    await callEditor(validFields({ title: "Collar Reflectivo M", stock: "8" }));
    const product = (await findProduct("Collar Reflectivo M"))!;
    const shown = await openEditor(product.id);
    await callEditor({ ...shown, stock: "3" }, product.id);
    expect((await stored(product.id)).stock).toBe(3);
  });
});

describe("a post to the products' list without the delete button's intent", () => {
  test("deletes nothing and says so", async () => {
    const [product] = await handle().db.select().from(products).where(eq(products.isArchived, false)).limit(1);
    const request = requestAs(adminCookie(), "/admin/productos", {
      method: "POST",
      body: new URLSearchParams({ id: String(product!.id) }),
    });
    const { status, toast } = await readRedirect(await listAction({ request, params: {}, context: {} } as never));
    expect(status).toBe(302);
    expect(toast).toMatchObject({
      title: "Error",
      description: "No se reconoció la acción: recarga la página e inténtalo de nuevo.",
    });
    const [still] = await handle().db.select().from(products).where(eq(products.id, product!.id));
    expect(still).toMatchObject({ id: product!.id, isArchived: false });
  });
});

describe("deleting products", () => {
  async function postDelete(id: number) {
    const request = requestAs(adminCookie(), "/admin/productos", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: String(id) }),
    });
    return readRedirect(await listAction({ request, params: {}, context: {} } as never));
  }

  async function cartHolding(productId: number): Promise<string> {
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    expect((await addCartLine(cartId, { productId, quantity: 1 })).status).toBe("added");
    return cartId;
  }

  test("a product in no order is deleted, and leaves the carts", async () => {
    await callEditor(validFields({ title: "Producto para borrar" }));
    const product = (await findProduct("Producto para borrar"))!;
    await cartHolding(product.id);
    expect(await postDelete(product.id)).toMatchObject({ toast: { title: "Producto Eliminado" } });
    expect(await findProduct("Producto para borrar")).toBeUndefined();
    expect(await handle().db.select().from(productVariants).where(eq(productVariants.productId, product.id))).toEqual(
      [],
    );
    expect(await handle().db.select().from(cartLines).where(eq(cartLines.productId, product.id))).toEqual([]);
  });

  test("a product that appears in an order is archived instead, keeping the order's lines", async () => {
    await callEditor(validFields({ title: "Producto con pedidos", stock: "5" }));
    const product = (await findProduct("Producto con pedidos"))!;
    const placed = await placeOrder({
      cartId: await cartHolding(product.id),
      userId: null,
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "987654321",
    });
    expect(placed.status).toBe("placed");
    const otherCart = await cartHolding(product.id);

    const { toast } = await postDelete(product.id);
    expect(toast).toMatchObject({ title: "Producto Archivado" });
    expect(toast!.description).toContain("historial de pedidos");
    expect(await findProduct("Producto con pedidos")).toMatchObject({ isArchived: true });
    expect(await handle().db.select().from(orderLines).where(eq(orderLines.productId, product.id))).toHaveLength(1);
    expect(await handle().db.select().from(cartLines).where(eq(cartLines.cartId, otherCart))).toEqual([]);
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(audits.map((entry) => entry.action)).toContain("archive");
  });

  test("archived products are hidden from the list unless asked for, and can be restored", async () => {
    const product = (await findProduct("Producto con pedidos"))!;
    const listed = async (url: string) => {
      const data = (await listLoader({ request: requestAs(adminCookie(), url), params: {}, context: {} } as never)) as {
        rows: { id: number; isArchived: boolean }[];
      };
      return data.rows;
    };
    expect((await listed("/admin/productos?q=pedidos")).map((row) => row.id)).not.toContain(product.id);
    expect(await listed("/admin/productos?q=pedidos&archivados=1")).toEqual([
      expect.objectContaining({ id: product.id, isArchived: true }),
    ]);
    const request = requestAs(adminCookie(), "/admin/productos?archivados=1", {
      method: "POST",
      body: new URLSearchParams({ intent: "restore", id: String(product.id) }),
    });
    await listAction({ request, params: {}, context: {} } as never);
    expect(await findProduct("Producto con pedidos")).toMatchObject({ isArchived: false });
  });
});

describe("the back-office list", () => {
  beforeAll(async () => {
    const db = handle().db;
    await db.insert(products).values(
      Array.from({ length: 30 }, (_, index) => ({
        title: `Lote ${String(index + 1).padStart(2, "0")}`,
        familyId: perros.familyId,
        categoryId: perros.alimentosId,
        priceCents: 1000 + index * 100,
        stock: 30 - index,
        searchText: `lote ${String(index + 1).padStart(2, "0")}`,
      })),
    );
  });

  const base = { q: "", sort: "nombre", direction: "asc", page: 1, isArchivedShown: false } as const;

  test("searches the title without caring for accents or case", async () => {
    const { rows } = await listAdminProducts({ ...base, q: "RATON" });
    expect(rows.map((row) => row.title)).toContain("Ratón de Juguete con Catnip");
    const { rows: none } = await listAdminProducts({ ...base, q: "100%_" });
    expect(none).toEqual([]);
  });

  test("pages 25 rows at a time with the total", async () => {
    const first = await listAdminProducts({ ...base, q: "lote" });
    expect(first).toMatchObject({ total: 30, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    const second = await listAdminProducts({ ...base, q: "lote", page: 2 });
    expect(second.rows.map((row) => row.title)).toEqual(["Lote 26", "Lote 27", "Lote 28", "Lote 29", "Lote 30"]);
    // A page past the end shows the last page rather than an empty table.
    const pastTheEnd = await listAdminProducts({ ...base, q: "lote", page: 9 });
    expect(pastTheEnd).toMatchObject({ total: 30, pageCount: 2, page: 2 });
    expect(pastTheEnd.rows.map((row) => row.title)).toEqual(second.rows.map((row) => row.title));
    // A search that finds nothing, asked for its third page: page 1 of 1, empty.
    expect(await listAdminProducts({ ...base, q: "ninguno-asi", page: 3 })).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  test("sorts by price, stock and family through whitelisted keys", async () => {
    const byPrice = await listAdminProducts({ ...base, q: "lote", sort: "precio", direction: "desc" });
    expect(byPrice.rows[0]!.title).toBe("Lote 30");
    const byStock = await listAdminProducts({ ...base, q: "lote", sort: "stock", direction: "asc" });
    expect(byStock.rows[0]!.title).toBe("Lote 30");
    const byFamily = await listAdminProducts({ ...base, sort: "familia", direction: "asc" });
    expect(byFamily.rows[0]!.familyName).toBe("Gatos");
    const byFamilyDesc = await listAdminProducts({ ...base, sort: "familia", direction: "desc" });
    expect(byFamilyDesc.rows[0]!.familyName).toBe("Perros");

    // The loader ignores an unknown column instead of putting it in SQL.
    const data = (await listLoader({
      request: requestAs(adminCookie(), "/admin/productos?orden=password&dir=desc&q=lote"),
      params: {},
      context: {},
    } as never)) as { query: { sort: string }; rows: { title: string }[] };
    expect(data.query.sort).toBe("nombre");
    expect(data.rows[0]!.title).toBe("Lote 30");
  });

  test("shows the family and category names of each row", async () => {
    const { rows } = await listAdminProducts({ ...base, q: "lote 01" });
    expect(rows[0]).toMatchObject({ familyName: "Perros", categoryName: "Alimentos" });
  });
});

describe("presentaciones in the editor (issue 23)", () => {
  const twoSizes = (overrides: Fields = {}): Fields => ({
    title: "Alimento Adulto Cordero",
    description: "",
    familyId: String(perros.familyId),
    categoryId: String(perros.alimentosId),
    subcategoryId: "",
    brandId: "",
    image: "",
    imageAlt: "",
    "v.0.name": "3 kg",
    "v.0.price": "45.00",
    "v.0.stock": "7",
    "v.0.sku": "CORD-3",
    "v.0.weight": "3",
    "v.5.name": "15 kg",
    "v.5.price": "180.00",
    "v.5.isOfferActive": "on",
    "v.5.offerPrice": "165.00",
    "v.5.stock": "2",
    "v.5.sku": "CORD-15",
    "v.5.weight": "15",
    ...overrides,
  });

  async function variants(productId: number) {
    return handle()
      .db.select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(productVariants.isArchived, productVariants.sortOrder);
  }

  async function refused(fields: Fields, field: string, message: string, id?: number) {
    expectEditorFailure(
      await callCatalogEditor("products", editorAction, adminCookie(), fields, id),
      fields,
      field,
      message,
    );
  }

  test("creates one presentación per row, in the form's order, and the product sums them up", async () => {
    const response = await callCatalogEditor("products", editorAction, adminCookie(), twoSizes());
    expect((await readRedirect(response)).toast).toMatchObject({ title: "Producto Añadido" });
    const product = (await findProduct("Alimento Adulto Cordero"))!;
    expect(await variants(product.id)).toMatchObject([
      {
        name: "3 kg",
        priceCents: 4500,
        stock: 7,
        sku: "CORD-3",
        netWeightGrams: 3000,
        sortOrder: 0,
        isOfferActive: false,
      },
      { name: "15 kg", priceCents: 18000, offerPriceCents: 16500, isOfferActive: true, stock: 2, sortOrder: 1 },
    ]);
    // The cheapest is the card's price; the prices differ ('Desde'); one is on offer (OFERTA).
    expect(product).toMatchObject({ priceCents: 4500, stock: 9, priceVaries: true, hasAnyOffer: true });
  });

  test("two rows with one name, two nameless rows, or one SKU twice are refused beside the row", async () => {
    await refused(twoSizes({ "v.5.name": "3 KG" }), "v.5.name", "Ya existe una presentación con ese nombre.");
    await refused(twoSizes({ "v.0.name": "" }), "v.0.name", NAME_REQUIRED_MESSAGE);
    await refused(twoSizes({ "v.5.sku": "cord-3" }), "v.5.sku", "El SKU ya está en uso.");
    await refused(twoSizes({ "v.5.weight": "-2" }), "v.5.weight", WEIGHT_MESSAGE);
    await refused(twoSizes({ "v.5.isOfferActive": "on", "v.5.offerPrice": "" }), "v.5.offerPrice", OFFER_PRICE_MESSAGE);
  });

  test("an SKU of another product is refused, and nothing is saved", async () => {
    await refused(
      twoSizes({ title: "Alimento Cachorro Cordero", "v.0.sku": "CORD-15", "v.5.sku": "" }),
      "v.0.sku",
      "El SKU ya está en uso.",
    );
    expect(await findProduct("Alimento Cachorro Cordero")).toBeUndefined();
  });

  test("rows are reordered, renamed into each other's names, removed (deleted, or archived once ordered) and added", async () => {
    const product = (await findProduct("Alimento Adulto Cordero"))!;
    const [small, large] = await variants(product.id);
    // An order for the 15 kg bag: removing it later archives it.
    const { cartId } = await ensureCart(new Request("http://localhost:3000/carrito"), null);
    expect((await addCartLine(cartId, { productId: product.id, variantId: large!.id, quantity: 1 })).status).toBe(
      "added",
    );
    const placed = await placeOrder({
      cartId,
      userId: null,
      paymentMethodId: "yape",
      customerName: "Ana Torres",
      customerPhone: "912345678",
    });
    expect(placed.status).toBe("placed");

    // Swap the names and the order of the two rows.
    const swapped = twoSizes({
      "v.0.id": String(large!.id),
      "v.0.name": "3 kg",
      "v.0.stockShown": "1",
      "v.0.stock": "1",
      "v.5.id": String(small!.id),
      "v.5.name": "15 kg",
      "v.5.stockShown": "7",
      "v.5.stock": "7",
    });
    expect(
      (await readRedirect(await callCatalogEditor("products", editorAction, adminCookie(), swapped, product.id))).toast,
    ).toMatchObject({ title: "Producto Actualizado" });
    expect((await variants(product.id)).map((row) => [row.id, row.name, row.sortOrder])).toEqual([
      [large!.id, "3 kg", 0],
      [small!.id, "15 kg", 1],
    ]);

    // Keep only the never-ordered one, and add a new one: the ordered one is archived.
    const kept = {
      title: "Alimento Adulto Cordero",
      familyId: String(perros.familyId),
      categoryId: String(perros.alimentosId),
      "v.2.id": String(small!.id),
      "v.2.name": "1 kg",
      "v.2.price": "18.00",
      "v.2.stock": "7",
      "v.2.stockShown": "7",
      "v.9.name": "7 kg",
      "v.9.price": "95.00",
      "v.9.stock": "4",
    };
    await callCatalogEditor("products", editorAction, adminCookie(), kept, product.id);
    const rows = await variants(product.id);
    expect(rows.map((row) => [row.name, row.isArchived, row.sortOrder])).toEqual([
      ["1 kg", false, 0],
      ["7 kg", false, 1],
      ["3 kg", true, 0],
    ]);
    expect(await findProduct("Alimento Adulto Cordero")).toMatchObject({ stock: 11, priceCents: 1800 });
    // The ordered line still names its presentación.
    const [line] = await handle().db.select().from(orderLines).where(eq(orderLines.variantId, large!.id));
    expect(line).toMatchObject({ variantName: "15 kg", quantity: 1 });
  });

  test("a presentación id of another product is refused and changes nothing", async () => {
    const product = (await findProduct("Alimento Adulto Cordero"))!;
    const [foreign] = await handle()
      .db.select()
      .from(productVariants)
      .where(and(eq(productVariants.isArchived, false), ne(productVariants.productId, product.id)))
      .limit(1);
    const before = await variants(product.id);
    const forged = twoSizes({ "v.0.id": String(foreign!.id), "v.0.stockShown": String(foreign!.stock) });
    await refused(forged, "v.0.name", GONE_MESSAGE, product.id);
    expect(await variants(product.id)).toEqual(before);
    const [untouched] = await handle().db.select().from(productVariants).where(eq(productVariants.id, foreign!.id));
    expect(untouched).toEqual(foreign);
  });

  test("the only size renamed and a new one taking its old name, above it, saves", async () => {
    await callCatalogEditor(
      "products",
      editorAction,
      adminCookie(),
      twoSizes({
        title: "Arena Sanitaria Lavanda",
        "v.5.name": "",
        "v.5.price": "",
        "v.5.stock": "",
        "v.5.sku": "",
        "v.5.weight": "",
        "v.5.isOfferActive": "",
        "v.5.offerPrice": "",
        "v.0.sku": "ARENA-1",
      }),
    );
    const product = (await findProduct("Arena Sanitaria Lavanda"))!;
    const [only] = await variants(product.id);
    expect(only).toMatchObject({ name: "3 kg", sku: "ARENA-1" });
    const fields = twoSizes({
      title: "Arena Sanitaria Lavanda",
      "v.0.name": "3 kg",
      "v.0.sku": "ARENA-1",
      "v.0.stock": "4",
      "v.5.id": String(only!.id),
      "v.5.name": "5 kg",
      "v.5.sku": "ARENA-5",
      "v.5.stockShown": String(only!.stock),
      "v.5.stock": String(only!.stock),
      "v.5.isOfferActive": "",
    });
    const saved = await callCatalogEditor("products", editorAction, adminCookie(), fields, product.id);
    expect((await readRedirect(saved)).toast).toMatchObject({ title: "Producto Actualizado" });
    expect((await variants(product.id)).map((row) => [row.name, row.sku, row.id === only!.id])).toEqual([
      ["3 kg", "ARENA-1", false],
      ["5 kg", "ARENA-5", true],
    ]);
  });

  test("a form without any row is refused", async () => {
    const fields = {
      title: "Sin presentaciones",
      familyId: String(perros.familyId),
      categoryId: String(perros.alimentosId),
    };
    const result = (await callCatalogEditor("products", editorAction, adminCookie(), fields)) as EditorFailure;
    expect(result.data.errors.variants).toBe(AT_LEAST_ONE_MESSAGE);
    expect(await findProduct("Sin presentaciones")).toBeUndefined();
  });
});

describe("the list's presentaciones (issue 23)", () => {
  test("shows each size's stock and how many shoppers wait for it; the low-stock filter lists products with a size at 5 or less", async () => {
    const db = handle().db;
    const [collar] = await db.select().from(products).where(eq(products.title, "Collar Reflectivo Ajustable"));
    const sizes = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, collar!.id))
      .orderBy(productVariants.sortOrder);
    const soldOut = sizes.find((size) => size.stock === 0)!;
    // Two confirmed alerts wait; an unconfirmed one does not count (issue 41).
    const confirmedAt = new Date();
    await db.insert(stockAlerts).values([
      { variantId: soldOut.id, email: "ana@example.com", mailbox: "ana@example.com", token: "t-ana", confirmedAt },
      { variantId: soldOut.id, email: "luis@example.com", mailbox: "luis@example.com", token: "t-luis", confirmedAt },
      { variantId: soldOut.id, email: "rosa@example.com", mailbox: "rosa@example.com", token: "t-rosa" },
    ]);
    const base = { q: "collar reflectivo ajustable", sort: "nombre", direction: "asc", page: 1 } as const;
    const { rows } = await listAdminProducts({ ...base, isArchivedShown: false });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.variants.map((size) => [size.name, size.stock, size.waiting])).toEqual([
      ["Talla S", 8, 0],
      ["Talla M", 0, 2],
      ["Talla L", 5, 0],
    ]);
    const low = await listAdminProducts({ ...base, q: "", isArchivedShown: false, isLowStockOnly: true });
    const lowTitles = low.rows.map((row) => row.title);
    expect(lowTitles).toContain("Collar Reflectivo Ajustable");
    expect(lowTitles).toContain("Alimento Pro Plan Cachorro Razas Pequeñas");
    expect(lowTitles).not.toContain("Ratón de Juguete con Catnip");
  });
});
