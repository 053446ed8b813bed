import { isRouteErrorResponse } from "react-router";
import { beforeAll, describe, expect, test, vi } from "vitest";

import { ensureMainAdmin } from "~/domain/users/main-admin.server";
import { requestAs, signInAdminCookie, signUpCustomer } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { getAuth } from "./auth.server";
import { getSessionUser, requireAdmin, requireUser } from "./guards.server";

setUpTestDatabase();

let customerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  await ensureMainAdmin({ username: "duena", email: "duena@patitas.pe", password: "clave-segura-1" }, () => {});
  adminCookie = await signInAdminCookie("duena", "clave-segura-1");
  customerCookie = await signUpCustomer("cliente@example.pe");
});

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    if (isRouteErrorResponse(thrown)) return null;
    throw thrown;
  }
}

describe("requireAdmin", () => {
  test("sends an anonymous visitor to /admin", async () => {
    expect(await redirectOf(requireAdmin(requestAs(null, "/admin/productos")))).toBe("/admin");
  });
  test("sends a signed-in customer to /admin", async () => {
    expect(await redirectOf(requireAdmin(requestAs(customerCookie, "/admin/productos")))).toBe("/admin");
  });
  test("lets the administrator through", async () => {
    const user = await requireAdmin(requestAs(adminCookie, "/admin/productos"));
    expect(user).toMatchObject({ role: "admin", username: "duena", isMainAdmin: true });
  });
  test("a forged or expired cookie is anonymous", async () => {
    const forged = "patitas.session_token=not-a-real-token.signature";
    expect(await redirectOf(requireAdmin(requestAs(forged, "/admin/dashboard")))).toBe("/admin");
  });
});

describe("requireUser", () => {
  test("sends an anonymous visitor to /auth carrying where they were going", async () => {
    expect(await redirectOf(requireUser(requestAs(null, "/perfil?tab=pedidos")))).toBe(
      "/auth?redirectTo=%2Fperfil%3Ftab%3Dpedidos",
    );
  });
  test("lets a customer through", async () => {
    const user = await requireUser(requestAs(customerCookie, "/perfil"));
    expect(user).toMatchObject({ email: "cliente@example.pe", role: "user" });
  });
});

describe("getSessionUser", () => {
  test("a visitor without a session cookie (only a cart) is anonymous without asking better-auth; one with it is read", async () => {
    const getSession = vi.spyOn(getAuth().api, "getSession");
    try {
      expect(await getSessionUser(requestAs("patitas_cart=abc123", "/carrito"))).toBeNull();
      expect(await getSessionUser(requestAs(null, "/carrito"))).toBeNull();
      expect(getSession).not.toHaveBeenCalled();
      const user = await getSessionUser(requestAs(`patitas_cart=abc123; ${customerCookie}`, "/carrito"));
      expect(user).toMatchObject({ email: "cliente@example.pe", role: "user" });
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });
});
