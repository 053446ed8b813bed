import { data } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { adminSections } from "~/ui/admin/admin-nav";
import { type LayoutScenario, renderLayout, ROOT_BOUNDARY_TEXT } from "~test/render-layout";

import * as adminLayout from "./layout";

// A failing back-office page keeps the back office around it: the header and the menu, with a
// Spanish message and never the error's own words or stack. tests/server/http.test.ts checks
// the same over HTTP against the built server.

const shop = { name: "Patitas Felices", logo: null, whatsappPhone: "987 654 321", theme: {}, primaryColor: "#2ea8a8" };
const adminRoot = { user: { displayName: "Dueña", isAdmin: true }, shop, toast: null };
const customerRoot = { user: { displayName: "Cliente", isAdmin: false }, shop, toast: null };

function boom(): never {
  throw new Error("boom-secreto");
}

function scenario(overrides: Partial<LayoutScenario> = {}): LayoutScenario {
  return {
    rootData: adminRoot,
    layoutLoader: () => ({ adminName: "admin" }),
    page: { path: "admin/pedidos", loader: boom },
    ...overrides,
  };
}

function expectMenu(html: string) {
  expect(html).toContain("Panel de Gestión");
  for (const section of adminSections) expect(html).toContain(`href="${section.to}"`);
  expect(html).toContain(">Auditoría<");
}

function expectNoDetails(html: string) {
  expect(html).not.toContain("boom-secreto");
  expect(html).not.toMatch(/\n\s+at /);
  expect(html).not.toContain(ROOT_BOUNDARY_TEXT);
}

describe("in production", () => {
  beforeEach(() => {
    vi.stubEnv("DEV", false);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test("a page's loader that throws shows 'Algo salió mal' inside the header and menu, status 500", async () => {
    const { status, html } = await renderLayout(adminLayout, scenario());
    expect(status).toBe(500);
    expectMenu(html);
    expect(html).toContain('aria-label="Mi cuenta (admin)"');
    expect(html).toContain("Algo salió mal");
    expect(html).toContain("el detalle del error quedó en el registro del servidor");
    expect(html).toMatch(/href="\/admin\/dashboard"[^>]*>Volver al panel</);
    expect(html).not.toContain("WhatsApp");
    expect(html).not.toContain("la página</p>");
    expectNoDetails(html);
  });

  test("a thrown 404 shows the Spanish 404 text inside the back office", async () => {
    const notFound = () => {
      throw data(null, { status: 404 });
    };
    const { status, html } = await renderLayout(adminLayout, scenario({ page: { path: "admin/x", loader: notFound } }));
    expect(status).toBe(404);
    expectMenu(html);
    expect(html).toContain("Página no encontrada");
    expect(html).toContain("<title>Página no encontrada | Patitas Felices</title>");
    expectNoDetails(html);
  });

  test("a POST to a page without an action (405) keeps the menu, the name coming from the root", async () => {
    const { status, html } = await renderLayout(
      adminLayout,
      scenario({ method: "POST", page: { path: "admin/dashboard", loader: () => null } }),
    );
    expect(status).toBe(405);
    expectMenu(html);
    expect(html).toContain('aria-label="Mi cuenta (Dueña)"');
    expect(html).toContain("Solicitud no válida");
    expectNoDetails(html);
  });

  test("when the layout's own loader fails, an administrator still gets the menu and the message", async () => {
    const { status, html } = await renderLayout(adminLayout, scenario({ layoutLoader: boom }));
    expect(status).toBe(500);
    expectMenu(html);
    expect(html).toContain("Algo salió mal");
    expectNoDetails(html);
  });

  test("anyone but an administrator gets the message without the back office around it", async () => {
    for (const rootData of [customerRoot, { ...customerRoot, user: null }]) {
      const { status, html } = await renderLayout(
        adminLayout,
        scenario({ rootData, layoutLoader: boom, page: { path: "admin/pedidos", loader: () => null } }),
      );
      expect(status).toBe(500);
      expect(html).toContain("Algo salió mal");
      expect(html).not.toContain("Panel de Gestión");
      expect(html).not.toContain("Auditoría");
      expectNoDetails(html);
    }
  });
});

test("in development the stack is shown under the message", async () => {
  vi.stubEnv("DEV", true);
  const { html } = await renderLayout(adminLayout, scenario());
  vi.unstubAllEnvs();
  expectMenu(html);
  expect(html).toContain("Error: boom-secreto");
  expect(html).toMatch(/\n\s+at /);
});
