import { data } from "react-router";
import { afterEach, beforeEach, expect, test, vi } from "vitest";

import { type LayoutScenario, renderLayout, ROOT_BOUNDARY_TEXT } from "~test/render-layout";

import * as storeLayout from "./layout";

// A failing storefront page keeps the shop around it: header, cart, footer, with a Spanish
// message and never the error's own words or stack. tests/server/http.test.ts checks the same
// over HTTP against the built server.

const shop = {
  name: "Mascotas Miraflores",
  logo: null,
  whatsappPhone: "987 654 321",
  theme: {},
  primaryColor: "#2ea8a8",
};

function boom(): never {
  throw new Error("boom-secreto");
}

function scenario(overrides: Partial<LayoutScenario> = {}): LayoutScenario {
  return {
    rootData: { user: null, shop, toast: null },
    layoutLoader: () => ({ cartCount: 3 }),
    page: { path: "productos", loader: boom },
    ...overrides,
  };
}

function expectChrome(html: string, cartCount: number) {
  expect(html).toContain("Mascotas Miraflores</span>");
  expect(html).toContain(`aria-label="Carrito (${cartCount})"`);
  expect(html).toContain("Libro de Reclamaciones");
  expect(html).toContain('id="contenido"');
}

function expectNoDetails(html: string) {
  expect(html).not.toContain("boom-secreto");
  expect(html).not.toMatch(/\n\s+at /);
  expect(html).not.toContain(ROOT_BOUNDARY_TEXT);
}

beforeEach(() => {
  vi.stubEnv("DEV", false);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

test("a page's loader that throws shows 'Algo salió mal' inside the header, cart and footer, status 500", async () => {
  const { status, html } = await renderLayout(storeLayout, scenario());
  expect(status).toBe(500);
  expectChrome(html, 3);
  expect(html).toContain("Algo salió mal");
  expect(html).toContain("<title>Algo salió mal | Mascotas Miraflores</title>");
  expect(html).toMatch(/href="\/"[^>]*>Volver al inicio</);
  expectNoDetails(html);
});

test("a thrown 404 shows the Spanish 404 text inside the shop", async () => {
  const notFound = () => {
    throw data(null, { status: 404 });
  };
  const { status, html } = await renderLayout(
    storeLayout,
    scenario({ page: { path: "productos/x", loader: notFound } }),
  );
  expect(status).toBe(404);
  expectChrome(html, 3);
  expect(html).toContain("Página no encontrada");
  expectNoDetails(html);
});

test("when the layout's own loader fails (the cart), the header and footer still show, the cart empty", async () => {
  const { status, html } = await renderLayout(
    storeLayout,
    scenario({ layoutLoader: boom, page: { path: "productos", loader: () => null } }),
  );
  expect(status).toBe(500);
  expectChrome(html, 0);
  expect(html).toContain("Algo salió mal");
  expectNoDetails(html);
});
