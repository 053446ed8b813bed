import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { documentSeries, invoicingSettings } from "~/db/schema";
import { TOKEN_PURPOSE } from "~/domain/invoicing/invoicing.server";
import {
  API_URL_MESSAGE,
  NEXT_NUMBER_MESSAGE,
  SERIES_LOCKED_MESSAGE,
  SERIES_MESSAGE,
  SERIES_REPEATED_MESSAGE,
  TOKEN_TOO_LONG_MESSAGE,
} from "~/domain/invoicing/invoicing-settings";
import { openSecret } from "~/lib/secret-box.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, signUpCustomer, toCookieHeader } from "~test/auth";
import { FAKE_PSE_BAD_TOKEN, startFakeNubefact } from "~test/fake-nubefact.js";
import { answerOf, eachFieldWith, expectSaneAnswer, hostileForm, propertyRuns } from "~test/hostile-input";
import { renderRoute } from "~test/render-route";
import { seededShopWithAdmin } from "~test/seeded-shop";

import InvoicingSettingsScreen, { action, loader } from "./invoicing";

// /admin/configuracion/comprobantes as the owner uses it (issue 46): Nubefact's RUTA and TOKEN
// (sealed, shown only as '••••' and its last four characters), the series and their numbers.

const { handle, adminCookie } = seededShopWithAdmin();
const PATH = "/admin/configuracion/comprobantes";
const TOKEN = "nubefact-token-de-prueba-9f3c";

let fake: Awaited<ReturnType<typeof startFakeNubefact>>;
let customerCookie: string;

beforeAll(async () => {
  fake = await startFakeNubefact();
  customerCookie = await signUpCustomer("cliente-comprobantes@example.pe");
});
afterAll(async () => {
  await fake.close();
});

type Answer = {
  data: {
    errors: Record<string, string>;
    values: Record<string, string>;
    toast: { title: string; description?: string; variant?: string };
    retypeToken: boolean;
  };
  init: ResponseInit | null;
};

/** The form as the screen posts it, with the demo's series and the fake's RUTA. */
function form(fields: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    apiUrl: fake.route,
    token: "",
    isAutomatic: "on",
    boletaSeries: "B001",
    boletaSeriesNext: "1",
    facturaSeries: "F001",
    facturaSeriesNext: "1",
    boletaCreditSeries: "BC01",
    boletaCreditSeriesNext: "1",
    facturaCreditSeries: "FC01",
    facturaCreditSeriesNext: "1",
    ...fields,
  };
}

function postRequest(cookie: string | null, fields: Record<string, string>) {
  return requestAs(cookie, PATH, { method: "POST", body: new URLSearchParams(fields) });
}

async function post(fields: Record<string, string>): Promise<Response | Answer> {
  return (await action({ request: postRequest(adminCookie(), fields), params: {}, context: {} } as never)) as
    Response | Answer;
}

async function flashedToast(result: Response | Answer) {
  expect(result).toBeInstanceOf(Response);
  const next = new Request("http://localhost:3000/", {
    headers: { Cookie: toCookieHeader((result as Response).headers) },
  });
  return (await readToast(next)).toast;
}

function answered(result: Response | Answer, status = 400) {
  expect(result).not.toBeInstanceOf(Response);
  expect((result as Answer).init?.status ?? 200).toBe(status);
  return (result as Answer).data;
}

/** The page as the administrator sees it: after `fields` are posted, or as loaded. */
async function renderPage(fields?: Record<string, string>) {
  const request = fields ? postRequest(adminCookie(), fields) : requestAs(adminCookie(), PATH);
  const page = await renderRoute({ Page: InvoicingSettingsScreen, loader, action } as never, request);
  return { ...page, html: page.html.replaceAll("<!-- -->", "") };
}

async function storedSettings() {
  const [row] = await handle().db.select().from(invoicingSettings).where(eq(invoicingSettings.id, 1));
  return row;
}

async function nextNumberOf(series: string) {
  const [row] = await handle().db.select().from(documentSeries).where(eq(documentSeries.series, series));
  return row?.nextNumber;
}

/** How a series looks once it issued a document: its number moved on and locked. */
async function markIssued(series: string, nextNumber: number) {
  await handle()
    .db.insert(documentSeries)
    .values({ series, nextNumber, hasIssued: true })
    .onConflictDoUpdate({ target: documentSeries.series, set: { nextNumber, hasIssued: true } });
}

/** Where a guard sends a call it refuses, or 'allowed'. */
async function refusedTo(call: () => unknown): Promise<string> {
  try {
    await call();
    return "allowed";
  } catch (thrown) {
    return thrown instanceof Response ? `${thrown.status} ${thrown.headers.get("Location")}` : "allowed";
  }
}

describe("who may open it", () => {
  test("a visitor and a customer are sent to /admin, from the page and from its form, and nothing is saved", async () => {
    for (const cookie of [null, customerCookie]) {
      const get = { request: requestAs(cookie, PATH), params: {}, context: {} } as never;
      expect(await refusedTo(() => loader(get))).toBe("302 /admin");
      const save = { request: postRequest(cookie, form({ token: TOKEN })), params: {}, context: {} } as never;
      expect(await refusedTo(() => action(save))).toBe("302 /admin");
    }
    expect(await storedSettings()).toBeUndefined();
  });

  test("an unconfigured shop says so, and keeps working as today", async () => {
    const { status, html } = await renderPage();
    expect(status).toBe(200);
    expect(html).toContain("Comprobantes Electrónicos");
    expect(html).toContain("Sin configurar: la tienda funciona como hoy, sin emitir comprobantes.");
    expect(html).toContain("Aún no hay ningún token guardado.");
    expect(html).toContain("Emitir automáticamente al marcar un pedido como pagado");
  });
});

describe("saving Nubefact's RUTA and TOKEN", () => {
  test("the token is stored sealed and the page only ever shows '••••' and its last four characters", async () => {
    const toast = await flashedToast(await post(form({ token: TOKEN })));
    expect(toast?.title).toBe("Comprobantes Electrónicos Actualizados");
    const stored = await storedSettings();
    expect(stored?.apiUrl).toBe(fake.route);
    expect(stored?.tokenSealed).not.toBe("");
    expect(stored?.tokenSealed).not.toContain(TOKEN);
    expect(openSecret(TOKEN_PURPOSE, stored!.tokenSealed)).toBe(TOKEN);

    const data = await loader({ request: requestAs(adminCookie(), PATH), params: {}, context: {} } as never);
    expect(JSON.stringify(data)).not.toContain(TOKEN);
    expect(data.screen.tokenHint).toBe("••••9f3c");
    const { html } = await renderPage();
    expect(html).not.toContain(TOKEN);
    expect(html).toContain('Guardado: <span class="font-mono">••••9f3c</span>. Déjalo vacío para conservarlo.');
    expect(html).toContain("Configurado");
    expect(html).not.toContain("Sin configurar");
  });

  test("a blank token keeps the stored one", async () => {
    const before = (await storedSettings())!.tokenSealed;
    const toast = await flashedToast(await post(form({ token: "   ", isAutomatic: "" })));
    expect(toast?.title).toBe("Comprobantes Electrónicos Actualizados");
    expect(await storedSettings()).toMatchObject({ tokenSealed: before, isAutomatic: false });
    const { html } = await renderPage();
    expect(html).toContain("••••9f3c");
  });

  test("an http:// address that is not this machine is refused beside the RUTA, keeping what was typed but the token", async () => {
    const before = await storedSettings();
    const typed = form({
      apiUrl: "http://api.nubefact.com/api/v1/abc",
      token: "otro-token-1234",
      facturaSeries: "F777",
    });
    const data = answered(await post(typed));
    expect(data.errors.apiUrl).toBe(API_URL_MESSAGE);
    expect(data.values).toMatchObject({ apiUrl: "http://api.nubefact.com/api/v1/abc", facturaSeries: "F777" });
    expect(await storedSettings()).toEqual(before);

    const { status, html } = await renderPage(typed);
    expect(status).toBe(400);
    expect(html).toContain(API_URL_MESSAGE);
    expect(html).toContain('value="http://api.nubefact.com/api/v1/abc"');
    expect(html).toContain('value="F777"');
    expect(html).not.toContain("otro-token-1234");
    expect(html).toContain("Escribe el token de nuevo: por seguridad no se devuelve a la página.");
  });
});

describe("the series", () => {
  test("a boleta series that does not start with B is refused beside it", async () => {
    const data = answered(await post(form({ boletaSeries: "X001" })));
    expect(data.errors.boletaSeries).toBe(SERIES_MESSAGE("boletaSeries"));
    expect(data.values.boletaSeries).toBe("X001");
    expect((await storedSettings())?.boletaSeries).toBe("B001");
  });

  test("a next number below 1 is refused beside it", async () => {
    const data = answered(await post(form({ boletaSeriesNext: "0" })));
    expect(data.errors.boletaSeriesNext).toBe(NEXT_NUMBER_MESSAGE);
    expect(data.values.boletaSeriesNext).toBe("0");
  });

  test("two equal series are refused", async () => {
    const { status, html } = await renderPage(form({ boletaCreditSeries: "B001" }));
    expect(status).toBe(400);
    expect(html).toContain(SERIES_REPEATED_MESSAGE);
    expect((await storedSettings())?.boletaCreditSeries).toBe("BC01");
  });

  test("a series' next number is saved until it issues a document", async () => {
    await flashedToast(await post(form({ boletaSeries: "b002", boletaSeriesNext: "120" })));
    expect((await storedSettings())?.boletaSeries).toBe("B002");
    expect(await nextNumberOf("B002")).toBe(120);
    const { html } = await renderPage();
    expect(html).toContain('value="B002"');
    expect(html).toContain('value="120"');
  });

  test("a series that issued documents refuses another next number, and accepts the same one", async () => {
    await markIssued("F001", 57);
    const { html } = await renderPage();
    expect(html).toContain("Ya emitió comprobantes: el número sigue solo.");
    const lockedInput = html.match(/<input[^>]*id="facturaSeriesNext"[^>]*>/)?.[0];
    expect(lockedInput).toContain('disabled=""');
    expect(lockedInput).toContain('value="57"');

    const refused = answered(
      await post(form({ boletaSeries: "B002", boletaSeriesNext: "120", facturaSeriesNext: "60" })),
      409,
    );
    expect(refused.errors.facturaSeriesNext).toBe(SERIES_LOCKED_MESSAGE("facturaSeries"));
    expect(await nextNumberOf("F001")).toBe(57);

    const saved = await flashedToast(
      await post(form({ boletaSeries: "B002", boletaSeriesNext: "120", facturaSeriesNext: "57" })),
    );
    expect(saved?.title).toBe("Comprobantes Electrónicos Actualizados");
    // The page does not post a locked number at all: that saves too, and the number goes on.
    const { facturaSeriesNext: _locked, ...withoutLocked } = form({ boletaSeries: "B002", boletaSeriesNext: "120" });
    expect((await flashedToast(await post(withoutLocked)))?.title).toBe("Comprobantes Electrónicos Actualizados");
    expect(await nextNumberOf("F001")).toBe(57);
  });

  test("a refused next number saves nothing else of the form", async () => {
    const refused = answered(
      await post(form({ boletaSeries: "B002", boletaSeriesNext: "300", facturaSeriesNext: "99", isAutomatic: "" })),
      409,
    );
    expect(refused.errors.facturaSeriesNext).toBe(SERIES_LOCKED_MESSAGE("facturaSeries"));
    expect(await nextNumberOf("B002")).toBe(120);
    expect(await nextNumberOf("F001")).toBe(57);
  });
});

describe("'Probar conexión'", () => {
  test("the fake Nubefact answers: 'Conexión Correcta', and nothing is saved", async () => {
    const before = await storedSettings();
    const asked = fake.state.requests.length;
    const data = answered(await post(form({ intent: "test", token: "token-nuevo-abcd", boletaSeries: "X" })), 200);
    expect(fake.state.requests).toHaveLength(asked + 1);
    expect(data.toast).toMatchObject({
      title: "Conexión Correcta",
      description: "Nubefact respondió: la ruta y el token funcionan.",
    });
    expect(data.values).toMatchObject({ boletaSeries: "X", token: "" });
    expect(await storedSettings()).toEqual(before);
  });

  test("a blank token tries the stored one", async () => {
    const data = answered(await post(form({ intent: "test" })), 200);
    expect(data.toast.title).toBe("Conexión Correcta");
  });

  test("a token Nubefact refuses: 'No pudimos conectar con Nubefact: …', keeping what was typed", async () => {
    const { status, toast, html } = await renderPage(form({ intent: "test", token: `x-${FAKE_PSE_BAD_TOKEN}` }));
    expect(status).toBe(200);
    expect(toast).toBe("Error: No pudimos conectar con Nubefact: El token no es válido");
    expect(html).toContain(`value="${fake.route}"`);
    expect(html).not.toContain(FAKE_PSE_BAD_TOKEN);
  });

  test("a token too long is refused beside it before asking anyone", async () => {
    const asked = fake.state.requests.length;
    const data = answered(await post(form({ intent: "test", token: "t".repeat(201) })));
    expect(data.errors).toEqual({ token: TOKEN_TOO_LONG_MESSAGE });
    expect(data.values.token).toBe("");
    expect(fake.state.requests).toHaveLength(asked);
  });

  test("an address refused before asking anyone, beside the RUTA", async () => {
    const asked = fake.state.requests.length;
    const data = answered(await post(form({ intent: "test", apiUrl: "http://ejemplo.pe/api" })));
    expect(data.errors).toEqual({ apiUrl: API_URL_MESSAGE });
    expect(data.values.apiUrl).toBe("http://ejemplo.pe/api");
    expect(fake.state.requests).toHaveLength(asked);
  });
});

describe("hostile input", () => {
  function postForm(body: FormData) {
    const request = requestAs(adminCookie(), PATH, { method: "POST", body });
    return answerOf(() => action({ request, params: {}, context: {} } as never));
  }

  test("never a 5xx; a refusal is explained in Spanish", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("save", "test", "hackear"), hostileForm(form()), async (intent, input) => {
        input.form.set("intent", intent);
        expectSaneAnswer(await postForm(input.form), `${intent} ${input.describe()}`);
      }),
      propertyRuns(25),
    );
  });

  test("a NUL character in any field is refused, not a failed insert", async () => {
    for (const intent of ["save", "test"]) {
      for (const { field, form: body } of eachFieldWith(form(), "Hola\u0000mundo", { intent })) {
        const answer = await postForm(body);
        expectSaneAnswer(answer, `${intent} ${field}`);
      }
    }
  });
});
