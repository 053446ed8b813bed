import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";

import { auditLog, discounts, promotions } from "~/db/schema";
import { listActivePromotions } from "~/domain/content/promotions.server";
import type { DiscountInput } from "~/domain/discounts/discount-admin";
import { deleteDiscount, getDiscount, saveDiscount } from "~/domain/discounts/discount-admin.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { invalidatePages } from "~/lib/page-cache/shop-page-cache.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./promotions";

// The page cache as it is, watched: what the carousel shows must drop the cached home page.
vi.mock("~/lib/page-cache/shop-page-cache.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/lib/page-cache/shop-page-cache.server")>();
  return { ...actual, invalidatePages: vi.fn(actual.invalidatePages) };
});

const { handle, adminCookie, adminId } = seededShopWithAdmin();
const IMAGE = `/uploads/${"cd".repeat(16)}-1280.webp`;

type Failure = {
  data: {
    errors: Record<string, string>;
    values: Record<string, string>;
    toast: { title: string; description: string };
  };
  init: { status: number };
};

async function post(fields: Record<string, string>, search = ""): Promise<Response | Failure> {
  const request = requestAs(adminCookie(), `/admin/promociones${search}`, {
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

function expectFailure(result: Response | Failure): Failure["data"] {
  if (result instanceof Response) throw new Error(`Expected a refusal, got a ${result.status}`);
  expect(result.init.status).toBe(400);
  return result.data;
}

async function idOf(title: string): Promise<number> {
  const [row] = await handle().db.select({ id: promotions.id }).from(promotions).where(eq(promotions.title, title));
  return row!.id;
}

const adoption = {
  intent: "save",
  title: "Feria de Adopción",
  description: "Este sábado en nuestra tienda.",
  image: IMAGE,
  imageAlt: "Perritos esperando un hogar",
  link: "/servicios",
  buttonText: "",
  isActive: "on",
};

describe("the form", () => {
  test("adds an active promotion at the end of the carousel: 'Promoción Añadida'", async () => {
    const { location, toast } = await expectRedirect(await post(adoption));
    expect(location).toBe("/admin/promociones");
    expect(toast).toEqual({
      title: "Promoción Añadida",
      description: 'La promoción "Feria de Adopción" ha sido añadida.',
    });
    const carousel = await listActivePromotions();
    expect(carousel.at(-1)).toMatchObject({
      title: "Feria de Adopción",
      image: IMAGE,
      link: "/servicios",
      buttonText: "Ver Más",
    });
    const [audit] = await handle().db.select().from(auditLog).where(eq(auditLog.entity, "promotion"));
    expect(audit).toMatchObject({ action: "create", entityId: String(await idOf("Feria de Adopción")) });
  });

  test("'El título es obligatorio.' keeps everything typed", async () => {
    const failure = expectFailure(await post({ ...adoption, title: "  " }));
    expect(failure.errors).toEqual({ title: "El título es obligatorio." });
    expect(failure.toast).toMatchObject({ title: "Error", description: "El título es obligatorio." });
    expect(failure.values).toMatchObject({
      description: adoption.description,
      image: IMAGE,
      link: "/servicios",
      isActive: "on",
    });
  });

  test.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,hola",
    "//evil.example",
    "http://example.com",
    "/\\evil.example",
    "ftp://x.pe",
  ])("refuses the link %s with a Spanish message", async (link) => {
    const failure = expectFailure(await post({ ...adoption, title: "Con enlace raro", link }));
    expect(failure.errors.link).toBe(
      "El enlace debe ser una ruta de la tienda (por ejemplo /productos) o una dirección que empiece con https://.",
    );
  });

  test("updates a promotion, switching it off: 'Promoción Actualizada', and it leaves the carousel", async () => {
    const id = await idOf("Feria de Adopción");
    const { location, toast } = await expectRedirect(
      await post({ ...adoption, id: String(id), title: "Feria de Adopción 2", isActive: "" }, `?editar=${id}`),
    );
    expect(location).toBe("/admin/promociones");
    expect(toast).toEqual({
      title: "Promoción Actualizada",
      description: 'La promoción "Feria de Adopción 2" ha sido actualizada.',
    });
    const titles = (await listActivePromotions()).map((promotion) => promotion.title);
    expect(titles).not.toContain("Feria de Adopción 2");
    const [row] = await handle().db.select().from(promotions).where(eq(promotions.id, id));
    expect(row).toMatchObject({ title: "Feria de Adopción 2", isActive: false });
  });

  test("the loader loads the promotion named by ?editar= into the form", async () => {
    const id = await idOf("Delivery Gratis");
    const request = requestAs(adminCookie(), `/admin/promociones?editar=${id}`);
    const { promotions: list, editing } = await loader({ request, params: {}, context: {} } as never);
    expect(editing).toMatchObject({ id, title: "Delivery Gratis", isActive: false });
    expect(list.map((promotion) => promotion.title)).toContain("Delivery Gratis");
  });
});

describe("order", () => {
  test("'Subir' and 'Bajar' swap neighbours, and the carousel follows", async () => {
    const db = handle().db;
    // Equal sort orders (e.g. rows written by hand) still move: the list is renumbered.
    await db.update(promotions).set({ sortOrder: 0, isActive: true });
    const before = (await listActivePromotions()).map((promotion) => promotion.title);
    const second = before[1]!;
    await expectRedirect(await post({ intent: "move", id: String(await idOf(second)), direction: "up" }));
    const after = (await listActivePromotions()).map((promotion) => promotion.title);
    expect(after).toEqual([second, before[0], ...before.slice(2)]);

    const last = after.at(-1)!;
    const result = await post({ intent: "move", id: String(await idOf(after[0]!)), direction: "down" }, "?editar=2");
    expect((result as Response).headers.get("Location")).toBe("/admin/promociones?editar=2");
    expect((await listActivePromotions()).map((promotion) => promotion.title)).toEqual([
      before[0],
      second,
      ...before.slice(2),
    ]);

    // The last one cannot go further down.
    await post({ intent: "move", id: String(await idOf(last)), direction: "down" });
    expect((await listActivePromotions()).at(-1)?.title).toBe(last);
  });
});

describe("delete", () => {
  test("'Promoción Eliminada'; deleting the promotion being edited leaves edit mode", async () => {
    const id = await idOf("Feria de Adopción 2");
    const { location, toast } = await expectRedirect(await post({ intent: "delete", id: String(id) }, `?editar=${id}`));
    expect(location).toBe("/admin/promociones");
    expect(toast).toEqual({ title: "Promoción Eliminada", description: "La promoción ha sido eliminada." });
    expect(await handle().db.select().from(promotions).where(eq(promotions.id, id))).toEqual([]);
  });

  test("deleting another promotion keeps the one being edited", async () => {
    await expectRedirect(await post({ ...adoption, title: "Temporal" }));
    const editing = await idOf("Delivery Gratis");
    const { location } = await expectRedirect(
      await post({ intent: "delete", id: String(await idOf("Temporal")) }, `?editar=${editing}`),
    );
    expect(location).toBe(`/admin/promociones?editar=${editing}`);
  });
});

describe("a slide that offers a coupon", () => {
  async function discountIdOf(name: string): Promise<number> {
    const [row] = await handle().db.select({ id: discounts.id }).from(discounts).where(eq(discounts.name, name));
    return row!.id;
  }

  /** A stored discount as the editor saves it, with `changes`. */
  async function inputOf(id: number, changes: Partial<DiscountInput> = {}): Promise<DiscountInput> {
    const { id: _id, usesCount: _uses, targets, ...stored } = (await getDiscount(id))!;
    return { ...stored, ...targets, ...changes };
  }

  async function slideOf(title: string) {
    return (await listActivePromotions()).find((promotion) => promotion.title === title);
  }

  test("the form offers the coupons only; the seeded first slide already applies BIENVENIDA20", async () => {
    const request = requestAs(adminCookie(), "/admin/promociones");
    const { coupons, promotions: list } = await loader({ request, params: {}, context: {} } as never);
    expect(coupons.map((coupon) => coupon.code)).toContain("BIENVENIDA20");
    expect(coupons.every((coupon) => coupon.code !== null)).toBe(true);
    expect(list.find((promotion) => promotion.title === "¡Gran Inauguración!")).toMatchObject({
      couponCode: "BIENVENIDA20",
      description: "Usa el código BIENVENIDA20: 20 % en alimentos en tu primera compra.",
    });
  });

  test("saving one with a coupon gives its slide 'Usar cupón' and drops the cached home page", async () => {
    const couponId = await discountIdOf("Bienvenida: 20 % en alimentos");
    vi.mocked(invalidatePages).mockClear();
    await expectRedirect(await post({ ...adoption, title: "Cupón de adopción", discountId: String(couponId) }));
    expect(await slideOf("Cupón de adopción")).toMatchObject({ couponCode: "BIENVENIDA20", link: "/servicios" });
    expect(vi.mocked(invalidatePages)).toHaveBeenCalledWith([pageTags.promotions]);
    const [row] = await handle().db.select().from(promotions).where(eq(promotions.title, "Cupón de adopción"));
    const request = requestAs(adminCookie(), `/admin/promociones?editar=${row!.id}`);
    const { editing } = await loader({ request, params: {}, context: {} } as never);
    expect(editing).toMatchObject({ discountId: couponId, couponCode: "BIENVENIDA20" });
  });

  test.each([
    ["an automatic discount", async () => String(await discountIdOf("Delivery gratis desde S/ 100"))],
    ["a discount that does not exist", async () => "999999"],
    ["anything else", async () => "BIENVENIDA20"],
  ])("%s is refused in Spanish beside the select, keeping what was typed", async (_case, valueOf) => {
    const discountId = await valueOf();
    const failure = expectFailure(await post({ ...adoption, title: "Cupón raro", discountId }));
    expect(failure.errors).toEqual({
      discountId: "Ese cupón ya no existe o ya no tiene código. Elige otro de la lista.",
    });
    expect(failure.values).toMatchObject({ title: "Cupón raro", description: adoption.description, discountId });
    expect(await handle().db.select().from(promotions).where(eq(promotions.title, "Cupón raro"))).toEqual([]);
  });

  test("switching its coupon off, or deleting it, takes the button off the slide and drops the home page", async () => {
    const admin = { id: adminId() };
    const [created] = await handle()
      .db.insert(discounts)
      .values({ name: "Navidad", code: "NAVIDAD10", kind: "amount", amountCents: 1000 })
      .returning({ id: discounts.id });
    const id = created!.id;
    const slide = await idOf("Cupón de adopción");
    await handle().db.update(promotions).set({ discountId: id }).where(eq(promotions.id, slide));
    expect(await slideOf("Cupón de adopción")).toMatchObject({ couponCode: "NAVIDAD10" });

    vi.mocked(invalidatePages).mockClear();
    const saved = await saveDiscount(admin, await inputOf(id, { isActive: false }), id);
    expect(saved.status).toBe("saved");
    // The live discounts kept for the carts' summaries go too (ADR 048).
    expect(vi.mocked(invalidatePages)).toHaveBeenCalledWith([pageTags.discounts, pageTags.promotions]);
    expect(await slideOf("Cupón de adopción")).toMatchObject({ couponCode: null, link: "/servicios" });

    vi.mocked(invalidatePages).mockClear();
    expect((await deleteDiscount(admin, id)).status).toBe("deleted");
    expect(vi.mocked(invalidatePages)).toHaveBeenCalledWith([pageTags.discounts, pageTags.promotions]);
    const [row] = await handle().db.select().from(promotions).where(eq(promotions.id, slide));
    expect(row!.discountId).toBeNull();

    // A discount no slide offers leaves the cached pages alone (no stored page carries the
    // discounts' tag: only the kept live discounts go).
    const other = await discountIdOf("Delivery gratis desde S/ 100");
    vi.mocked(invalidatePages).mockClear();
    expect((await saveDiscount(admin, await inputOf(other), other)).status).toBe("saved");
    expect(vi.mocked(invalidatePages).mock.calls).toEqual([[[pageTags.discounts]]]);
  });
});
