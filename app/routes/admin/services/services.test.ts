import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, test, vi } from "vitest";

import { auditLog, serviceBookingSizes, serviceCategories, serviceFamilies, services } from "~/db/schema";
import { OFFER_PRICE_MESSAGE } from "~/domain/catalog/catalog-admin";
import type { ImportPreview } from "~/domain/catalog/excel/preview";
import {
  BOOKING_CAPACITY_MESSAGE,
  BOOKING_DURATION_MESSAGE,
  NO_BOOKING_SIZE_MESSAGE,
  SERVICE_PRICE_MESSAGE,
  SERVICE_TITLE_MESSAGE,
} from "~/domain/catalog/service-admin";
import { listAdminServices } from "~/domain/catalog/service-admin.server";
import { EXCEL_CONTENT_TYPE } from "~/lib/excel";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { INVALID_PRICE_MESSAGE, NEGATIVE_PRICE_MESSAGE } from "~/lib/parse";
import { requestAs, signUpCustomer } from "~test/auth";
import { callCatalogEditor, expectEditorFailure, type Fields, readRedirect } from "~test/catalog-editor";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action as editorAction, loader as editorLoader } from "./editor";
import { loader as exportLoader } from "./export";
import { action as importAction } from "./import";
import { action as listAction } from "./list";

// The page cache as it is, watched: a service's save must drop the services' pages.
vi.mock("~/lib/page-cache/shop-page-cache.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/lib/page-cache/shop-page-cache.server")>();
  return { ...actual, invalidatePages: vi.fn(actual.invalidatePages) };
});

const { handle, adminCookie } = seededShopWithAdmin();
let familyId: number;
let categoryId: number;
let foreignCategoryId: number;

beforeAll(async () => {
  const { db } = handle();
  const categories = await db.select().from(serviceCategories);
  const families = await db.select().from(serviceFamilies);
  familyId = categories[0]!.familyId;
  categoryId = categories[0]!.id;
  // A category under another family, created here if the seed has a single family.
  const otherFamily =
    families.find((family) => family.id !== familyId) ??
    (await db.insert(serviceFamilies).values({ name: "Otra familia", slug: "otra-familia" }).returning())[0]!;
  const [foreign] = await db
    .insert(serviceCategories)
    .values({ name: "Categoría ajena", slug: "categoria-ajena", familyId: otherFamily.id })
    .returning();
  foreignCategoryId = foreign!.id;
});

function validFields(overrides: Fields = {}): Fields {
  return {
    title: "Corte de Uñas",
    description: "Corte y limado de uñas.",
    familyId: String(familyId),
    categoryId: String(categoryId),
    subcategoryId: "",
    showPrice: "on",
    price: "25",
    offerPrice: "",
    image: "",
    imageAlt: "Perro en la mesa de corte de uñas",
    ...overrides,
  };
}

function callEditor(fields: Fields, id?: number) {
  return callCatalogEditor("services", editorAction, adminCookie(), fields, id);
}

async function expectFailure(fields: Fields, field: string, message: string, id?: number) {
  expectEditorFailure(await callEditor(fields, id), fields, field, message);
}

async function findService(title: string) {
  const [row] = await handle().db.select().from(services).where(eq(services.title, title));
  return row;
}

describe("service editor validation (section 5)", () => {
  test("the title is required", async () => {
    await expectFailure(validFields({ title: "" }), "title", SERVICE_TITLE_MESSAGE);
  });

  test("an active offer needs an offer price above 0", async () => {
    await expectFailure(validFields({ isOfferActive: "on", offerPrice: "0" }), "offerPrice", OFFER_PRICE_MESSAGE);
  });

  test("a shown price without an offer needs a regular price above 0", async () => {
    await expectFailure(validFields({ price: "" }), "price", SERVICE_PRICE_MESSAGE);
    await expectFailure(validFields({ price: "0" }), "price", SERVICE_PRICE_MESSAGE);
  });

  test("a hidden price or an offer makes the regular price optional", async () => {
    const { showPrice: _, ...hidden } = validFields({ title: "Servicio a consultar", price: "" });
    expect((await readRedirect(await callEditor(hidden))).toast).toMatchObject({ title: "Servicio Añadido" });
    expect(await findService("Servicio a consultar")).toMatchObject({ showPrice: false, priceCents: 0 });

    const offered = validFields({ title: "Servicio en oferta", price: "", isOfferActive: "on", offerPrice: "19.90" });
    await callEditor(offered);
    expect(await findService("Servicio en oferta")).toMatchObject({ isOfferActive: true, offerPriceCents: 1990 });
  });

  test("a category of another family is refused", async () => {
    const fields = validFields({ title: "Servicio cruzado", categoryId: String(foreignCategoryId) });
    await expectFailure(fields, "categoryId", "La categoría elegida no pertenece a la familia seleccionada.");
    expect(await findService("Servicio cruzado")).toBeUndefined();
  });
});

describe("saving and deleting services", () => {
  test("creates, then updates with the offer price null when the offer is off", async () => {
    const created = await readRedirect(await callEditor(validFields({ isOfferActive: "on", offerPrice: "20" })));
    expect(created).toMatchObject({ location: "/admin/servicios", toast: { title: "Servicio Añadido" } });
    const service = (await findService("Corte de Uñas"))!;
    expect(service).toMatchObject({
      priceCents: 2500,
      showPrice: true,
      offerPriceCents: 2000,
      searchText: "corte de unas",
    });

    const updated = await readRedirect(
      await callEditor(validFields({ title: "Corte de Uñas Premium", offerPrice: "20" }), service.id),
    );
    expect(updated.toast).toMatchObject({ title: "Servicio Actualizado" });
    expect(await findService("Corte de Uñas Premium")).toMatchObject({
      id: service.id,
      isOfferActive: false,
      offerPriceCents: null,
      searchText: "corte de unas premium",
    });
  });

  test("an unknown id goes back to the list with 'Servicio no encontrado.'", async () => {
    let thrown: unknown;
    try {
      await editorLoader({
        request: requestAs(adminCookie(), "/admin/servicios/editar/424242"),
        params: { serviceId: "424242" },
        context: {},
      } as never);
    } catch (error) {
      thrown = error;
    }
    expect(await readRedirect(thrown)).toMatchObject({
      location: "/admin/servicios",
      toast: { title: "Error", description: "Servicio no encontrado.", variant: "destructive" },
    });
  });

  test("deleting really deletes, with an audit entry", async () => {
    const service = (await findService("Corte de Uñas Premium"))!;
    const request = requestAs(adminCookie(), "/admin/servicios", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: String(service.id) }),
    });
    const answer = await readRedirect(await listAction({ request, params: {}, context: {} } as never));
    expect(answer.toast).toMatchObject({ title: "Servicio Eliminado" });
    expect(await findService("Corte de Uñas Premium")).toBeUndefined();
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(service.id)));
    expect(audits.map((entry) => entry.action)).toEqual(expect.arrayContaining(["create", "update", "delete"]));
  });
});

describe("showing or hiding a price from the list", () => {
  async function setVisibility(id: number, showPrice: "on" | "off") {
    const request = requestAs(adminCookie(), "/admin/servicios?q=ba%C3%B1o", {
      method: "POST",
      body: new URLSearchParams({ intent: "price-visibility", id: String(id), showPrice }),
    });
    return readRedirect(await listAction({ request, params: {}, context: {} } as never));
  }

  test("hides and shows the price, back to the same list, with an audit entry; the same click twice changes nothing more", async () => {
    const [service] = await handle()
      .db.insert(services)
      .values({ title: "Baño Medicado", priceCents: 4500, showPrice: true, searchText: "bano medicado" })
      .returning();
    const hidden = await setVisibility(service!.id, "off");
    expect(hidden).toMatchObject({
      location: "/admin/servicios?q=ba%C3%B1o",
      toast: {
        title: "Visibilidad de Precio Actualizada",
        description: 'El precio de "Baño Medicado" se oculta en la web: se muestra "Consultar".',
      },
    });
    expect((await findService("Baño Medicado"))!.showPrice).toBe(false);
    await setVisibility(service!.id, "off");
    expect((await findService("Baño Medicado"))!.showPrice).toBe(false);

    const shown = await setVisibility(service!.id, "on");
    expect(shown.toast).toMatchObject({ description: 'El precio de "Baño Medicado" se muestra en la web.' });
    const stored = (await findService("Baño Medicado"))!;
    expect(stored).toMatchObject({ showPrice: true, priceCents: 4500 });
    const audits = await handle()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(service!.id)));
    expect(audits.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ showPrice: false }),
        expect.objectContaining({ showPrice: true }),
      ]),
    );
  });

  test("a service without a regular price or an offer keeps 'Consultar', with the editor's message", async () => {
    const [service] = await handle()
      .db.insert(services)
      .values({ title: "Hospedaje Felino", priceCents: 0, showPrice: false, searchText: "hospedaje felino" })
      .returning();
    const answer = await setVisibility(service!.id, "on");
    expect(answer.toast).toMatchObject({
      title: "Error de Validación",
      description: `${SERVICE_PRICE_MESSAGE} Edita "Hospedaje Felino" para ponerle precio.`,
      variant: "destructive",
    });
    expect((await findService("Hospedaje Felino"))!.showPrice).toBe(false);
  });

  test("an unknown service is 'Servicio no encontrado.'", async () => {
    const answer = await setVisibility(424242, "off");
    expect(answer.toast).toMatchObject({
      title: "Error",
      description: "Servicio no encontrado.",
      variant: "destructive",
    });
  });
});

describe("the back-office services list", () => {
  beforeAll(async () => {
    await handle()
      .db.insert(services)
      .values(
        Array.from({ length: 27 }, (_, index) => ({
          title: `Paseo ${String(index + 1).padStart(2, "0")}`,
          priceCents: 500 + index * 100,
          searchText: `paseo ${String(index + 1).padStart(2, "0")}`,
        })),
      );
  });
  const base = { q: "", sort: "nombre", direction: "asc", page: 1 } as const;

  test("searches accent-insensitively, pages by 25 and sorts by price", async () => {
    const accented = await listAdminServices({ ...base, q: "DESPARASITACION" });
    expect(accented.rows.map((row) => row.title)).toEqual(["Desparasitación"]);
    const first = await listAdminServices({ ...base, q: "paseo" });
    expect(first).toMatchObject({ total: 27, pageCount: 2 });
    expect((await listAdminServices({ ...base, q: "paseo", page: 2 })).rows.map((row) => row.title)).toEqual([
      "Paseo 26",
      "Paseo 27",
    ]);
    const byPrice = await listAdminServices({ ...base, q: "paseo", sort: "precio", direction: "desc" });
    expect(byPrice.rows[0]!.title).toBe("Paseo 27");
  });

  test("a hidden price sorts last either way", async () => {
    const asc = await listAdminServices({ ...base, sort: "precio", direction: "asc" });
    const desc = await listAdminServices({ ...base, sort: "precio", direction: "desc" });
    expect(asc.rows[0]!.showPrice).toBe(true);
    expect(desc.rows[0]!.showPrice).toBe(true);
    const last = await listAdminServices({ ...base, sort: "precio", direction: "asc", page: 2 });
    expect(last.rows.at(-1)!.showPrice).toBe(false);
  });
});

describe("'Reserva en línea' in the service editor (issue 28)", () => {
  const bookable: Fields = {
    isBookable: "on",
    bookingCapacity: "2",
    "bookingSizes.small.isOffered": "on",
    "bookingSizes.small.minutes": "45",
    "bookingSizes.small.price": "",
    "bookingSizes.medium.isOffered": "on",
    "bookingSizes.medium.minutes": "60",
    "bookingSizes.medium.price": "35,50",
    "bookingSizes.large.minutes": "90",
    "bookingSizes.large.price": "50",
  };

  async function storedSizes(serviceId: number) {
    return handle()
      .db.select({
        size: serviceBookingSizes.size,
        durationMinutes: serviceBookingSizes.durationMinutes,
        priceCents: serviceBookingSizes.priceCents,
      })
      .from(serviceBookingSizes)
      .where(eq(serviceBookingSizes.serviceId, serviceId))
      .orderBy(asc(serviceBookingSizes.durationMinutes));
  }

  async function loadEditor(id: number) {
    return editorLoader({
      request: requestAs(adminCookie(), `/admin/servicios/editar/${id}`),
      params: { serviceId: String(id) },
      context: {},
    } as never);
  }

  test("a new service starts with one pet at a time, not reservable", async () => {
    const data = await editorLoader({
      request: requestAs(adminCookie(), "/admin/servicios/nuevo"),
      params: {},
      context: {},
    } as never);
    expect(data.values).toMatchObject({ showPrice: "on", bookingCapacity: "1" });
    expect(data.values.isBookable).toBeUndefined();
  });

  test("creates a reservable service with its capacity and the ticked sizes only; the services' pages are dropped", async () => {
    vi.mocked(invalidatePages).mockClear();
    const fields = validFields({ title: "Baño Antipulgas", ...bookable });
    expect((await readRedirect(await callEditor(fields))).toast).toMatchObject({ title: "Servicio Añadido" });
    const service = (await findService("Baño Antipulgas"))!;
    expect(service).toMatchObject({ isBookable: true, bookingCapacity: 2, priceCents: 2500 });
    expect(await storedSizes(service.id)).toEqual([
      { size: "small", durationMinutes: 45, priceCents: null },
      { size: "medium", durationMinutes: 60, priceCents: 3550 },
    ]);
    expect(vi.mocked(invalidatePages)).toHaveBeenCalledWith([pageTags.catalog("services")]);

    const loaded = await loadEditor(service.id);
    expect(loaded.values).toMatchObject({
      isBookable: "on",
      bookingCapacity: "2",
      "bookingSizes.small.isOffered": "on",
      "bookingSizes.small.minutes": "45",
      "bookingSizes.small.price": "",
      "bookingSizes.medium.price": "35.50",
    });
    expect(loaded.values["bookingSizes.large.isOffered"]).toBeUndefined();
  });

  test("an update replaces the sizes; unticking 'Reservable en línea' keeps them for later", async () => {
    const service = (await findService("Baño Antipulgas"))!;
    const fields = validFields({
      title: "Baño Antipulgas",
      ...bookable,
      bookingCapacity: "3",
      "bookingSizes.small.isOffered": "",
      "bookingSizes.large.isOffered": "on",
    });
    await readRedirect(await callEditor(fields, service.id));
    expect(await findService("Baño Antipulgas")).toMatchObject({ isBookable: true, bookingCapacity: 3 });
    const replaced = [
      { size: "medium", durationMinutes: 60, priceCents: 3550 },
      { size: "large", durationMinutes: 90, priceCents: 5000 },
    ];
    expect(await storedSizes(service.id)).toEqual(replaced);

    // Unticked, the section is not read at all: even a bad duration is no obstacle.
    const { isBookable: _, ...off } = fields;
    await readRedirect(
      await callEditor({ ...off, bookingCapacity: "", "bookingSizes.medium.minutes": "x" }, service.id),
    );
    expect(await findService("Baño Antipulgas")).toMatchObject({ isBookable: false, bookingCapacity: 3 });
    expect(await storedSizes(service.id)).toEqual(replaced);
    expect((await loadEditor(service.id)).values).toMatchObject({
      isBookable: "",
      bookingCapacity: "3",
      "bookingSizes.large.minutes": "90",
    });
  });

  test.each([
    [
      "no size ticked",
      { "bookingSizes.small.isOffered": "", "bookingSizes.medium.isOffered": "" },
      "bookingSizes",
      NO_BOOKING_SIZE_MESSAGE,
    ],
    [
      "a ticked size without its duration",
      { "bookingSizes.small.minutes": "" },
      "bookingSizes.small.minutes",
      BOOKING_DURATION_MESSAGE,
    ],
    [
      "a duration under 5 minutes",
      { "bookingSizes.medium.minutes": "4" },
      "bookingSizes.medium.minutes",
      BOOKING_DURATION_MESSAGE,
    ],
    [
      "a duration over 720 minutes",
      { "bookingSizes.medium.minutes": "721" },
      "bookingSizes.medium.minutes",
      BOOKING_DURATION_MESSAGE,
    ],
    [
      "a duration in fractions",
      { "bookingSizes.small.minutes": "45.5" },
      "bookingSizes.small.minutes",
      BOOKING_DURATION_MESSAGE,
    ],
    [
      "a price that is not money",
      { "bookingSizes.medium.price": "doce" },
      "bookingSizes.medium.price",
      INVALID_PRICE_MESSAGE,
    ],
    ["a negative price", { "bookingSizes.small.price": "-5" }, "bookingSizes.small.price", NEGATIVE_PRICE_MESSAGE],
    ["a capacity of 0", { bookingCapacity: "0" }, "bookingCapacity", BOOKING_CAPACITY_MESSAGE],
    ["a capacity over 50", { bookingCapacity: "51" }, "bookingCapacity", BOOKING_CAPACITY_MESSAGE],
  ])("%s is refused beside the field, as typed, and nothing is stored", async (_case, overrides, field, message) => {
    const service = (await findService("Baño Antipulgas"))!;
    const sizesBefore = await storedSizes(service.id);
    const fields = validFields({ title: "Baño Antipulgas Plus", ...bookable, ...overrides });
    await expectFailure(fields, field, message, service.id);
    expect(await findService("Baño Antipulgas")).toEqual(service);
    expect(await storedSizes(service.id)).toEqual(sizesBefore);
    await expectFailure({ ...fields, title: "Servicio Nuevo Rechazado" }, field, message);
    expect(await findService("Servicio Nuevo Rechazado")).toBeUndefined();
  });

  test("a customer or a visitor is sent to /admin, and nothing is stored", async () => {
    const customerCookie = await signUpCustomer("cliente-servicios@example.com");
    const service = (await findService("Baño Antipulgas"))!;
    const sizesBefore = await storedSizes(service.id);
    for (const cookie of [customerCookie, ""]) {
      const post = (id?: number) =>
        callCatalogEditor("services", editorAction, cookie, validFields({ title: "Intruso", ...bookable }), id);
      for (const id of [undefined, service.id]) {
        await expect(post(id)).rejects.toSatisfy(
          (thrown) => thrown instanceof Response && thrown.headers.get("Location") === "/admin",
        );
      }
    }
    expect(await findService("Intruso")).toBeUndefined();
    expect(await findService("Baño Antipulgas")).toEqual(service);
    expect(await storedSizes(service.id)).toEqual(sizesBefore);
  });

  test("an Excel import that updates a reservable service leaves its booking setup alone", async () => {
    const bath = (await findService("Baño y Corte para Perro"))!;
    const sizesBefore = await storedSizes(bath.id);
    expect(bath).toMatchObject({ isBookable: true, bookingCapacity: 2 });
    expect(sizesBefore).toHaveLength(3);

    const exported = (await exportLoader({
      request: requestAs(adminCookie(), "/admin/servicios/exportar"),
      params: {},
      context: {},
    } as never)) as Response;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const headers = sheet.getRow(1).values as unknown[];
    sheet.eachRow((row) => {
      if (row.getCell(headers.indexOf("Título")).value !== bath.title) return;
      row.getCell(headers.indexOf("Precio (S/)")).value = 77;
      row.getCell(headers.indexOf("Descripción")).value = "Baño, corte y perfume.";
    });
    const file = new File([await workbook.xlsx.writeBuffer()], "servicios.xlsx", { type: EXCEL_CONTENT_TYPE });

    const postImport = async (fields: Record<string, string | File>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      const request = requestAs(adminCookie(), "/admin/servicios/importar", { method: "POST", body });
      return importAction({ request, params: {}, context: {} } as never) as Promise<unknown>;
    };
    const previewed = ((await postImport({ intent: "preview", file })) as { data: { preview: ImportPreview } }).data
      .preview;
    expect(previewed.counts).toMatchObject({ update: 1, errors: 0 });
    const done = await postImport({ intent: "confirm", token: previewed.token, fingerprint: previewed.fingerprint });
    expect(done).toBeInstanceOf(Response);

    expect(await findService(bath.title)).toMatchObject({
      priceCents: 7700,
      description: "Baño, corte y perfume.",
      isBookable: true,
      bookingCapacity: 2,
    });
    expect(await storedSizes(bath.id)).toEqual(sizesBefore);
  });
});
