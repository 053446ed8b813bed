import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { auditLog, searchMisses, searchSynonyms } from "~/db/schema";
import { formatLimaDateTime } from "~/domain/calendar/lima-time";
import { flushSearchCounts } from "~/domain/search/search-counts.server";
import { recordSearchMiss } from "~/domain/search/search-misses.server";
import { listSynonymGroups } from "~/domain/search/synonyms.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, toCookieHeader } from "~test/auth";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import SearchSettings, { action, loader } from "./search";

const { handle, adminCookie } = seededShopWithAdmin();

type Failure = {
  data: {
    errors: Record<string, string>;
    values: Record<string, string>;
    toast: { title: string; description: string };
  };
  init: { status: number };
};

async function post(fields: Record<string, string>): Promise<Response | Failure> {
  const request = requestAs(adminCookie(), "/admin/busqueda", { method: "POST", body: new URLSearchParams(fields) });
  return (await action({ request, params: {}, context: {} } as never)) as Response | Failure;
}

async function expectRedirect(result: Response | Failure) {
  if (!(result instanceof Response)) throw new Error(`Expected a redirect, got ${JSON.stringify(result.data)}`);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe("/admin/busqueda");
  const { toast } = await readToast(
    new Request("http://localhost:3000/", { headers: { Cookie: toCookieHeader(result.headers) } }),
  );
  return toast;
}

function expectFailure(result: Response | Failure, status: number): Failure["data"] {
  if (result instanceof Response) throw new Error(`Expected a refusal, got a ${result.status}`);
  expect(result.init.status).toBe(status);
  return result.data;
}

async function idOf(term: string): Promise<number> {
  const rows = await handle().db.select().from(searchSynonyms);
  return rows.find((row) => row.terms.includes(term))!.id;
}

async function auditOf(id: number) {
  return handle()
    .db.select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .then((rows) => rows.filter((row) => row.entity === "search-synonyms"));
}

test("the loader lists the groups every shop starts with", async () => {
  const request = requestAs(adminCookie(), "/admin/busqueda");
  const { groups } = await loader({ request, params: {}, context: {} } as never);
  expect(groups.map((group) => group.terms)).toContainEqual(["champu", "shampoo"]);
  expect(groups.length).toBeGreaterThanOrEqual(10);
});

describe("adding", () => {
  test("a group, normalised: 'Sinónimos Guardados', audited", async () => {
    const toast = await expectRedirect(await post({ intent: "add", terms: " Correa, TRAÍLLA,, correa " }));
    expect(toast).toMatchObject({ title: "Sinónimos Guardados" });
    expect(await listSynonymGroups()).toContainEqual(["correa", "trailla"]);
    const id = await idOf("trailla");
    expect(await auditOf(id)).toMatchObject([{ action: "create", summary: { terms: ["correa", "trailla"] } }]);
  });

  test.each([
    ["   ", "Escribe al menos dos palabras distintas, separadas por comas."],
    ["Champú, champu", "Escribe al menos dos palabras distintas, separadas por comas."],
    [
      `jaula, ${"x".repeat(41)}`,
      `"${"x".repeat(41)}" es demasiado largo: cada palabra puede tener hasta 40 caracteres.`,
    ],
    [Array.from({ length: 21 }, (_, index) => `p${index}`).join(","), "Un grupo puede tener hasta 20 palabras."],
  ])("%j is refused beside the field, what was typed kept", async (terms, message) => {
    const failure = expectFailure(await post({ intent: "add", terms }), 400);
    expect(failure.errors.terms).toBe(message);
    expect(failure.values.terms).toBe(terms);
    expect(failure.toast).toMatchObject({ title: "Error de Validación", description: message });
  });

  test("a word already in another group is refused", async () => {
    const failure = expectFailure(await post({ intent: "add", terms: "Shampoo, jabón" }), 409);
    expect(failure.errors.terms).toBe('"shampoo" ya está en otro grupo. Edita ese grupo o usa otra palabra.');
    expect(failure.values.terms).toBe("Shampoo, jabón");
  });
});

describe("editing and deleting", () => {
  test("a group is saved on its own; its own words may stay", async () => {
    const id = await idOf("champu");
    const toast = await expectRedirect(
      await post({ intent: "update", id: String(id), terms: "champú, shampoo, jabon" }),
    );
    expect(toast).toMatchObject({ title: "Sinónimos Guardados" });
    const [row] = await handle().db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
    expect(row!.terms).toEqual(["champu", "shampoo", "jabon"]);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: "update",
      summary: { terms: ["champu", "shampoo", "jabon"], previousTerms: ["champu", "shampoo"] },
    });
  });

  test("an edit is validated like an add", async () => {
    const id = String(await idOf("champu"));
    const failure = expectFailure(await post({ intent: "update", id, terms: "champu" }), 400);
    expect(failure.errors.terms).toBe("Escribe al menos dos palabras distintas, separadas por comas.");
    expect(failure.values).toMatchObject({ id, terms: "champu" });
    const taken = expectFailure(await post({ intent: "update", id, terms: "champu, pipeta" }), 409);
    expect(taken.errors.terms).toBe('"pipeta" ya está en otro grupo. Edita ese grupo o usa otra palabra.');
  });

  test("deleting: 'Sinónimos Eliminados', audited; a missing group is explained", async () => {
    const id = await idOf("champu");
    const toast = await expectRedirect(await post({ intent: "delete", id: String(id) }));
    expect(toast).toMatchObject({ title: "Sinónimos Eliminados" });
    expect((await listSynonymGroups()).flat()).not.toContain("champu");
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: "delete",
      summary: { terms: ["champu", "shampoo", "jabon"] },
    });

    const attempts: Record<string, string>[] = [
      { intent: "delete", id: String(id) },
      { intent: "update", id: String(id), terms: "a1, b1" },
      { intent: "delete", id: "abc" },
    ];
    for (const fields of attempts) {
      const failure = expectFailure(await post(fields), fields.id === "abc" ? 404 : 409);
      expect(failure.errors.form).toBe("El grupo ya no existe. Recarga la página.");
    }
  });

  test("an unknown intent is explained in a toast", async () => {
    const toast = await expectRedirect(await post({ intent: "hackear" }));
    expect(toast).toMatchObject({ title: "Error" });
  });
});

describe("Búsquedas sin resultados", () => {
  const renderPage = async (path = "/admin/busqueda") =>
    (await renderRoute({ Page: SearchSettings, loader, action } as never, requestAs(adminCookie(), path))).html;
  const textOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;|\u00a0/g, " ")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ");

  test("none yet: the section says so", async () => {
    const request = requestAs(adminCookie(), "/admin/busqueda");
    expect((await loader({ request, params: {}, context: {} } as never)).misses).toEqual([]);
    const text = textOf(await renderPage());
    expect(text).toContain("Búsquedas sin resultados");
    expect(text).toContain("Todavía no hay búsquedas sin resultados.");
  });

  test("most frequent first, with how often and when last (Lima time), a search that finds something left out", async () => {
    for (const query of ["Zzqxw", "zzqxw", "ZZQXW", "plofnik", "plofnik", "vrumtak", "croquetas"]) {
      recordSearchMiss(query);
    }
    await flushSearchCounts();
    const lastSearchedAt = new Date("2026-11-20T22:30:00Z");
    await handle().db.update(searchMisses).set({ lastSearchedAt }).where(eq(searchMisses.query, "zzqxw"));
    const request = requestAs(adminCookie(), "/admin/busqueda");
    const { misses } = await loader({ request, params: {}, context: {} } as never);
    expect(misses.map((miss) => [miss.query, miss.count])).toEqual([
      ["zzqxw", 3],
      ["plofnik", 2],
      ["vrumtak", 1],
    ]);
    expect(misses[0]!.lastSearched).toBe(formatLimaDateTime(lastSearchedAt));
    expect(misses[0]!.lastSearched).toMatch(/20 de noviembre de 2026.*5:30/);

    const html = await renderPage();
    const text = textOf(html);
    expect(text).not.toContain("Todavía no hay búsquedas sin resultados.");
    expect(text).toMatch(/Búsqueda Veces Última vez Acciones zzqxw 3 .*plofnik 2 .*vrumtak 1/);
    expect(html).toContain('href="/buscar?q=zzqxw"');
    expect(html).toContain('href="/admin/busqueda?sinonimo=zzqxw#nuevo-grupo"');
  });

  test("'Crear sinónimo' starts the add form with the word; the guard comes first", async () => {
    const html = await renderPage("/admin/busqueda?sinonimo=Plofnik");
    expect(html).toMatch(/id="nuevo-grupo"[^>]*value="plofnik, "|value="plofnik, "[^>]*id="nuevo-grupo"/);
    const anonymous = requestAs(null, "/admin/busqueda?sinonimo=plofnik");
    await expect(loader({ request: anonymous, params: {}, context: {} } as never)).rejects.toBeInstanceOf(Response);
  });
});
