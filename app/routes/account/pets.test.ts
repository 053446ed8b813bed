// 'Mis Mascotas' (/perfil?tab=mascotas, issue 28) and /mascota/{id}/foto: a shopper adds, edits
// and removes their own pets; another account's pet id answers 404 and is left untouched; the
// photo is private (its owner and the administrators), checked by content, and its file goes
// when it is replaced or the pet is removed. Driven through the profile's real loader and action.
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

import { and, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { petHealthRecords, pets, products, productVariants, users } from "~/db/schema";
import { IMAGE_INVALID_MESSAGE } from "~/domain/media/image";
import { PET_MESSAGES } from "~/domain/pets/pet-labels";
import { PET_FORM_MESSAGES } from "~/domain/pets/pets";
import { listPets } from "~/domain/pets/pets.server";
import { readToast } from "~/lib/toast.server";
import { NO_FILE_CHOSEN } from "~/ui/form/file-picker";
import { requestAs, signUpCustomer } from "~test/auth";
import { makePng, withOwnDataDir } from "~test/order-page";
import { insertTestOrder } from "~test/orders";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { loader as photoLoader } from "../api/pet-photo";
import Profile, { action as profileAction, loader as profileLoader } from "./profile";

const shop = seededShopWithAdmin();
const dataDir = withOwnDataDir();
const db = () => shop.handle().db;

type Shopper = { cookie: string; id: string };
let owner: Shopper;
let other: Shopper;

async function shopper(email: string): Promise<Shopper> {
  const cookie = await signUpCustomer(email);
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, id: user!.id };
}

beforeAll(async () => {
  owner = await shopper("duena-mascotas@example.pe");
  other = await shopper("otra-cuenta@example.pe");
});

beforeEach(async () => {
  await db().delete(pets);
  rmSync(path.join(dataDir(), "pet-photos"), { recursive: true, force: true });
});

type Outcome = { status: number; body: unknown; location: string | null; headers: Headers | null };

/** A loader's or action's answer, thrown or returned, as status, body and headers. */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: null, location: result.headers.get("Location"), headers: result.headers };
  }
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data: body, init } = result as unknown as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, body, location: null, headers: null };
  }
  if (result instanceof Error) throw result;
  return { status: 200, body: result, location: null, headers: null };
}

const TAB = "/perfil?tab=mascotas";
const firulais = {
  name: "Firulais",
  species: "dog",
  breed: "Schnauzer",
  size: "medium",
  birthDate: "2022-03-15",
  weight: "8,5",
  dailyFoodGrams: "250",
  notes: "Le teme a la secadora.",
};

function petForm(fields: Record<string, string>, photo?: { bytes: Uint8Array<ArrayBuffer>; name?: string }) {
  const form = new FormData();
  form.set("intent", "pet-save");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("photo", photo ? new Blob([photo.bytes]) : new Blob([]), photo ? (photo.name ?? "foto.png") : "");
  return form;
}

function post(cookie: string | null, body: FormData | URLSearchParams, url = TAB) {
  const request = requestAs(cookie, url, { method: "POST", body });
  return outcomeOf(() => profileAction({ request, params: {}, context: {} } as never));
}

function openTab(cookie: string | null, query = "") {
  const request = requestAs(cookie, `${TAB}${query}`);
  return outcomeOf(() => profileLoader({ request, params: {}, context: {} } as never));
}

function openPhoto(cookie: string | null, petId: number | string) {
  const request = requestAs(cookie, `/mascota/${petId}/foto`);
  return outcomeOf(() => photoLoader({ request, params: { petId: String(petId) }, context: {} } as never));
}

async function toastOf(outcome: Outcome): Promise<string> {
  const cookie =
    outcome.headers
      ?.getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ") ?? "";
  const { toast } = await readToast(requestAs(cookie, "/"));
  return toast ? `${toast.title}: ${toast.description}` : "";
}

const rows = () => db().select().from(pets).orderBy(pets.id);
const photoFiles = () => {
  const dir = path.join(dataDir(), "pet-photos");
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function addPet(cookie: string, fields: Record<string, string> = firulais, photo?: Uint8Array<ArrayBuffer>) {
  const outcome = await post(cookie, petForm(fields, photo ? { bytes: photo } : undefined));
  expect(outcome.status).toBe(302);
  const [row] = (await rows()).slice(-1);
  return row!;
}

function renderTab(cookie: string, query = "", body?: FormData) {
  const profile = { Page: Profile as never, loader: profileLoader as never, action: profileAction as never };
  const init = body ? { method: "POST", body } : undefined;
  return renderRoute(profile, requestAs(cookie, `${TAB}${query}`, init));
}

const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

describe("the owner", () => {
  test("adds a pet with a photo: stored for the account, the photo private, the toast said", async () => {
    const outcome = await post(owner.cookie, petForm(firulais, { bytes: await makePng(300) }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(TAB);
    expect(await toastOf(outcome)).toBe("Mascota guardada: Guardamos los datos de Firulais.");
    const [row] = await rows();
    expect(row).toMatchObject({
      userId: owner.id,
      name: "Firulais",
      species: "dog",
      breed: "Schnauzer",
      size: "medium",
      birthDate: "2022-03-15",
      weightGrams: 8500,
      dailyFoodGrams: 250,
      notes: "Le teme a la secadora.",
    });
    expect(photoFiles()).toEqual([row!.photo]);
    expect(existsSync(path.join(dataDir(), "uploads"))).toBe(false);
    expect((await listPets(owner.id)).map((pet) => pet.name)).toEqual(["Firulais"]);
    expect(await listPets(other.id)).toEqual([]);
  });

  test("sees the pets as cards, each with its health records or 'Aún no hay registros.'", async () => {
    const withPhoto = await addPet(owner.cookie, firulais, await makePng());
    const misha = await addPet(owner.cookie, { name: "Misha", species: "cat", size: "small" });
    await db().insert(petHealthRecords).values({
      petId: misha.id,
      kind: "vaccination",
      name: "Triple felina",
      givenOn: "2026-01-20",
      nextDueOn: "2027-01-20",
    });
    const page = await renderTab(owner.cookie);
    const text = textOf(page.html);
    expect(page.status).toBe(200);
    expect(text).toContain("Mis Mascotas");
    expect(text).toContain("Perro · Mediano · Schnauzer");
    expect(text).toMatch(/\d+ años · 8\.5 kg/);
    expect(text).toContain("Come 250 g al día");
    expect(text).toContain(`src="/mascota/${withPhoto.id}/foto?v=${withPhoto.photo!.slice(0, 8)}"`);
    expect(text).toContain("Gato · Pequeño");
    expect(text).toContain("Vacuna");
    expect(text).toContain("Triple felina");
    expect(text).toContain("20 de enero de 2026");
    expect(text).toContain('Próxima dosis: </dt><dd class="inline font-semibold">20 de enero de 2027');
    // Firulais has none.
    expect(text.match(/Aún no hay registros\./g)).toHaveLength(1);
    expect(text).toContain("¿Eliminar a Misha?");
  });

  test("with no pets, the empty state offers to add one", async () => {
    const text = textOf((await renderTab(owner.cookie)).html);
    expect(text).toContain("Aún no registras mascotas.");
    expect(text).toContain('href="/perfil?tab=mascotas&amp;nueva=1"');
    const form = textOf((await renderTab(owner.cookie, "&nueva=1")).html);
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    expect(form).toContain("Cuánto come al día (gramos)");
  });

  test("the photo's control speaks Spanish whatever the phone's language: the shop's button on the real input", async () => {
    const input = (html: string) => html.match(/<input[^>]*id="pet-photo"[^>]*>/)?.[0] ?? "";
    const form = textOf((await renderTab(owner.cookie, "&nueva=1")).html);
    expect(input(form)).toContain('type="file"');
    expect(input(form)).toContain('name="photo"');
    expect(input(form)).toContain('class="peer sr-only"');
    expect(input(form)).toContain('aria-labelledby="pet-photo-label"');
    expect(form).toContain('<label id="pet-photo-label" for="pet-photo" class="text-sm font-semibold">Foto</label>');
    expect(form).toMatch(/<label for="pet-photo" class="[^"]*">Elegir foto<\/label>/);
    expect(form).toContain(`>${NO_FILE_CHOSEN}</span>`);

    const pet = await addPet(owner.cookie, firulais, await makePng());
    const edit = textOf((await renderTab(owner.cookie, `&editar=${pet.id}`)).html);
    expect(edit).toContain(">Cambiar foto</label>");
    expect(edit).toMatch(/<label for="pet-photo" class="[^"]*">Elegir otra foto<\/label>/);
  });

  test("edits a pet: the form starts with its values, the new ones are stored", async () => {
    const pet = await addPet(owner.cookie);
    const form = await openTab(owner.cookie, `&editar=${pet.id}`);
    expect(form.status).toBe(200);
    expect((form.body as { pets: { editor: { values: Record<string, string> } } }).pets.editor.values).toMatchObject({
      name: "Firulais",
      weight: "8.5",
      birthDate: "2022-03-15",
      dailyFoodGrams: "250",
    });
    const outcome = await post(
      owner.cookie,
      petForm({ ...firulais, petId: String(pet.id), name: "Firulais II", weight: "9.25", breed: "", notes: "" }),
      `${TAB}&editar=${pet.id}`,
    );
    expect(outcome.status).toBe(302);
    expect(await rows()).toEqual([
      expect.objectContaining({ id: pet.id, name: "Firulais II", weightGrams: 9250, breed: "", notes: "" }),
    ]);
  });

  test("replacing the photo deletes the old file; removing it deletes the new one", async () => {
    const pet = await addPet(owner.cookie, firulais, await makePng(100));
    const first = pet.photo!;
    await post(owner.cookie, petForm({ ...firulais, petId: String(pet.id) }, { bytes: await makePng(120) }));
    const [replaced] = await rows();
    expect(replaced!.photo).not.toBe(first);
    expect(photoFiles()).toEqual([replaced!.photo]);
    // Saved without a new photo: the photo stays.
    await post(owner.cookie, petForm({ ...firulais, petId: String(pet.id) }));
    expect((await rows())[0]!.photo).toBe(replaced!.photo);
    await post(owner.cookie, petForm({ ...firulais, petId: String(pet.id), removePhoto: "on" }));
    expect((await rows())[0]!.photo).toBeNull();
    expect(photoFiles()).toEqual([]);
  });

  test("removes a pet with its photo and its health records", async () => {
    const pet = await addPet(owner.cookie, firulais, await makePng());
    await db()
      .insert(petHealthRecords)
      .values({ petId: pet.id, kind: "deworming", name: "Drontal", givenOn: "2026-02-01" });
    const outcome = await post(owner.cookie, new URLSearchParams({ intent: "pet-delete", petId: String(pet.id) }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(TAB);
    expect(await toastOf(outcome)).toBe(`${PET_MESSAGES.deleted}: Borramos sus datos, su foto y sus registros.`);
    expect(await rows()).toEqual([]);
    expect(await db().select().from(petHealthRecords)).toEqual([]);
    expect(photoFiles()).toEqual([]);
  });

  test("a refused form keeps what was typed, with the messages beside the fields", async () => {
    const typed = { ...firulais, name: "", weight: "ocho", birthDate: "2099-01-01" };
    const outcome = await post(owner.cookie, petForm(typed, { bytes: await makePng() }), `${TAB}&nueva=1`);
    expect(outcome.status).toBe(400);
    const body = outcome.body as { errors: Record<string, string>; values: Record<string, string> };
    expect(body.errors).toMatchObject({
      name: PET_FORM_MESSAGES.nameMissing,
      weight: PET_FORM_MESSAGES.weightInvalid,
      birthDate: PET_FORM_MESSAGES.birthDateFuture,
    });
    expect(body.values).toMatchObject({ weight: "ocho", breed: "Schnauzer", notes: "Le teme a la secadora." });
    expect(await rows()).toEqual([]);
    expect(photoFiles()).toEqual([]);

    const page = await renderTab(owner.cookie, "&nueva=1", petForm(typed));
    const text = textOf(page.html);
    expect(page.status).toBe(400);
    expect(text).toContain(PET_FORM_MESSAGES.weightInvalid);
    expect(text).toContain('value="ocho"');
    expect(text).toContain("Le teme a la secadora.</textarea>");
  });

  test("a file that is not an image is refused in Spanish and nothing is stored", async () => {
    const fake = new TextEncoder().encode("<svg onload=alert(1)>no soy una foto</svg>");
    const outcome = await post(owner.cookie, petForm(firulais, { bytes: fake, name: "foto.jpg" }));
    expect(outcome.status).toBe(400);
    const body = outcome.body as { errors: Record<string, string>; values: Record<string, string> };
    expect(body.errors).toEqual({ photo: IMAGE_INVALID_MESSAGE });
    expect(body.values).toMatchObject({ name: "Firulais", weight: "8,5" });
    expect(await rows()).toEqual([]);
    expect(photoFiles()).toEqual([]);

    // On an edit, the pet and its photo are left as they were.
    const pet = await addPet(owner.cookie, firulais, await makePng());
    const refused = await post(
      owner.cookie,
      petForm({ ...firulais, petId: String(pet.id), name: "Otro" }, { bytes: fake, name: "foto.png" }),
    );
    expect(refused.status).toBe(400);
    expect(await rows()).toEqual([pet]);
    expect(photoFiles()).toEqual([pet.photo]);
  });
});

describe("another account's pet", () => {
  test("is not found for editing, saving or removing, and stays untouched", async () => {
    const pet = await addPet(owner.cookie, firulais, await makePng());
    const before = await rows();
    expect((await openTab(other.cookie, `&editar=${pet.id}`)).status).toBe(404);
    for (const query of ["&editar=999999", "&editar=abc", "&editar="]) {
      expect((await openTab(owner.cookie, query)).status).toBe(404);
    }
    const save = await post(
      other.cookie,
      petForm({ ...firulais, petId: String(pet.id), name: "Robado" }, { bytes: await makePng() }),
    );
    expect(save.status).toBe(404);
    expect(JSON.stringify(save.body)).toContain(PET_MESSAGES.notFound);
    const remove = await post(other.cookie, new URLSearchParams({ intent: "pet-delete", petId: String(pet.id) }));
    expect(remove.status).toBe(404);
    expect(await rows()).toEqual(before);
    expect(photoFiles()).toEqual([pet.photo]);
    // The other account's own tab lists nothing of the owner's.
    const theirs = await openTab(other.cookie);
    expect(JSON.stringify(theirs.body)).not.toContain("Firulais");
  });

  test("anonymous posts are sent to sign in and change nothing", async () => {
    const pet = await addPet(owner.cookie);
    const outcome = await post(null, new URLSearchParams({ intent: "pet-delete", petId: String(pet.id) }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/auth\?redirectTo=/);
    expect(await rows()).toEqual([pet]);
  });
});

describe("/mascota/{id}/foto", () => {
  test("answers the owner and an administrator; 404 to another account, a stranger, and a pet without one", async () => {
    const pet = await addPet(owner.cookie, firulais, await makePng());
    for (const cookie of [owner.cookie, shop.adminCookie()]) {
      const outcome = await openPhoto(cookie, pet.id);
      expect(outcome.status).toBe(200);
      expect(outcome.headers?.get("Content-Type")).toBe("image/webp");
      expect(outcome.headers?.get("Cache-Control")).toBe("private, no-store");
      expect(outcome.headers?.get("X-Content-Type-Options")).toBe("nosniff");
    }
    for (const cookie of [other.cookie, null]) expect((await openPhoto(cookie, pet.id)).status).toBe(404);
    const plain = await addPet(owner.cookie, { ...firulais, name: "Sin foto" });
    expect((await openPhoto(owner.cookie, plain.id)).status).toBe(404);
    expect((await openPhoto(shop.adminCookie(), plain.id)).status).toBe(404);
    for (const id of ["999999", "abc", "-1", "1e3"]) expect((await openPhoto(owner.cookie, id)).status).toBe(404);
  });

  test("the photo's file name cannot point outside its folder", async () => {
    const pet = await addPet(owner.cookie);
    await db().update(pets).set({ photo: "../receipts/x.webp" }).where(eq(pets.id, pet.id));
    expect((await openPhoto(owner.cookie, pet.id)).status).toBe(404);
  });
});

describe("'Su alimento'", () => {
  type Variant = { id: number; productId: number };
  let proPlan3kg: Variant;
  let proPlan15kg: Variant;
  let ricocan: Variant;

  async function variantOf(title: string, name = ""): Promise<Variant> {
    const [row] = await db()
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(like(products.title, `${title}%`), eq(productVariants.name, name)));
    return row!;
  }

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  beforeAll(async () => {
    proPlan3kg = await variantOf("Alimento Pro Plan", "3 kg");
    proPlan15kg = await variantOf("Alimento Pro Plan", "15 kg");
    ricocan = await variantOf("Croquetas Ricocan");
    const snack = await variantOf("Snack Dental");
    await db().update(productVariants).set({ netWeightGrams: 15_000 }).where(eq(productVariants.id, ricocan.id));
    await db().update(productVariants).set({ netWeightGrams: 200 }).where(eq(productVariants.id, snack.id));
    const order = (variant: Variant, days: number, status: "entregado" | "cancelado", userId = owner.id) =>
      insertTestOrder(db(), {
        lines: [{ productId: variant.productId, quantity: 1 }],
        status,
        createdAt: daysAgo(days),
        columns: { userId },
      });
    await order(proPlan3kg, 40, "entregado");
    await order(ricocan, 3, "entregado");
    // Not offered: a cancelled order's, a product without a net weight, another account's.
    await order(snack, 1, "cancelado");
    await order(await variantOf("Ratón de Juguete"), 1, "entregado");
    await order(proPlan3kg, 1, "entregado", other.id);
  });

  test("offers the presentaciones with a net weight the shopper ordered, newest first, after 'Ninguno'", async () => {
    const form = await openTab(owner.cookie, "&nueva=1");
    const editor = (form.body as { pets: { editor: { foodChoices: unknown } } }).pets.editor;
    expect(editor.foodChoices).toEqual([
      { value: String(ricocan.id), label: "Croquetas Ricocan Adulto Razas Medianas 15 kg" },
      { value: String(proPlan3kg.id), label: "Alimento Pro Plan Cachorro Razas Pequeñas — 3 kg" },
    ]);
    const text = textOf((await renderTab(owner.cookie, "&nueva=1")).html);
    expect(text).toContain("Su alimento");
    expect(text).toMatch(
      new RegExp(
        `<option value="" selected="">Ninguno</option><option value="${ricocan.id}">Croquetas Ricocan[^<]*</option>` +
          `<option value="${proPlan3kg.id}">Alimento Pro Plan[^<]*</option></select>`,
      ),
    );
    const theirs = await openTab(other.cookie, "&nueva=1");
    expect((theirs.body as { pets: { editor: { foodChoices: unknown[] } } }).pets.editor.foodChoices).toHaveLength(1);
  });

  test("is saved on the pet, shown on its card and chosen again in the edit form", async () => {
    const pet = await addPet(owner.cookie, { ...firulais, foodVariantId: String(proPlan3kg.id) });
    expect(pet.foodVariantId).toBe(proPlan3kg.id);
    expect(textOf((await renderTab(owner.cookie)).html)).toContain(
      "Su alimento: Alimento Pro Plan Cachorro Razas Pequeñas — 3 kg",
    );
    const edit = textOf((await renderTab(owner.cookie, `&editar=${pet.id}`)).html);
    expect(edit).toContain(`<option value="${proPlan3kg.id}" selected="">`);
    // 'Ninguno' takes it off.
    await post(owner.cookie, petForm({ ...firulais, petId: String(pet.id), foodVariantId: "" }));
    expect((await rows())[0]!.foodVariantId).toBeNull();
  });

  test("a food no longer offered (its order cancelled since) stays offered to that pet, and can be kept", async () => {
    const pet = await addPet(owner.cookie);
    await db().update(pets).set({ foodVariantId: proPlan15kg.id }).where(eq(pets.id, pet.id));
    const form = await openTab(owner.cookie, `&editar=${pet.id}`);
    const editor = (form.body as { pets: { editor: { foodChoices: { value: string; label: string }[] } } }).pets.editor;
    expect(editor.foodChoices.at(-1)).toEqual({
      value: String(proPlan15kg.id),
      label: "Alimento Pro Plan Cachorro Razas Pequeñas — 15 kg",
    });
    const kept = await post(
      owner.cookie,
      petForm({ ...firulais, petId: String(pet.id), foodVariantId: String(proPlan15kg.id) }),
    );
    expect(kept.status).toBe(302);
    expect((await rows())[0]!.foodVariantId).toBe(proPlan15kg.id);
  });

  test("a presentación the shopper never ordered is refused beside the field, nothing stored", async () => {
    for (const foodVariantId of [String(proPlan15kg.id), "999999", "abc"]) {
      const outcome = await post(owner.cookie, petForm({ ...firulais, foodVariantId }), `${TAB}&nueva=1`);
      expect(outcome.status).toBe(400);
      const body = outcome.body as { errors: Record<string, string>; values: Record<string, string> };
      expect(body.errors).toEqual({ foodVariantId: PET_FORM_MESSAGES.foodUnknown });
      expect(body.values).toMatchObject({ name: "Firulais", foodVariantId });
    }
    expect(await rows()).toEqual([]);
    // Nor on an edit, for another account's order.
    const pet = await addPet(other.cookie, { ...firulais, foodVariantId: String(proPlan3kg.id) });
    const refused = await post(owner.cookie, petForm({ ...firulais, foodVariantId: String(ricocan.id) }));
    expect(refused.status).toBe(302);
    const stolen = await post(
      other.cookie,
      petForm({ ...firulais, petId: String(pet.id), foodVariantId: String(ricocan.id) }),
    );
    expect(stolen.status).toBe(400);
    expect((await rows()).find((row) => row.id === pet.id)?.foodVariantId).toBe(proPlan3kg.id);
  });
});
