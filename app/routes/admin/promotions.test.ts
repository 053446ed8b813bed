import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { auditLog, promotions } from "~/db/schema";
import { listActivePromotions } from "~/domain/content/promotions.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { seededShopWithAdmin } from "~test/seeded-shop";

import { action, loader } from "./promotions";

const { handle, adminCookie } = seededShopWithAdmin();
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
