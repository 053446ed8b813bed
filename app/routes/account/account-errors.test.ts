// The account screens when the back end fails (spec section 8, account errors): each says
// so under its own title, in Spanish, instead of a 500 page or a success it did not have.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { getAuth } from "~/auth/auth.server";
import { getSessionUser, requireAdmin, requireUser } from "~/auth/guards.server";
import { customerProfiles, users, verifications } from "~/db/schema";
import { seedDemoShop } from "~/domain/demo-shop/seed.server";
import { readToast, serializeToast } from "~/lib/toast.server";
import { loader as rootLoader } from "~/root";
import { loader as adminSignInLoader } from "~/routes/admin/sign-in";
import { loader as visitorLoader } from "~/routes/api/visitor";
import { loader as cartLoader } from "~/routes/store/cart";
import { requestAs, signUpCustomer } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { action as passwordAction } from "./password";
import Profile, { action as profileAction, loader as profileLoader } from "./profile";
import { loader as signInLoader } from "./sign-in";
import { action as signOutAction } from "./sign-out";

const { handle } = setUpTestDatabase();
let cookie: string;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  cookie = await signUpCustomer("errores@example.pe");
});

afterEach(() => {
  vi.restoreAllMocks();
});

const backendDown = Object.assign(new Error("connection refused"), { statusCode: 500 });

type Answer = {
  data: { toast: { title: string; description: string; variant?: string } | null };
  init: { status?: number } | null;
};

function post(
  action: (args: never) => Promise<unknown>,
  url: string,
  fields: Record<string, string>,
  as: string | null = null,
) {
  const request = requestAs(as, url, { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: { clientIp: "10.9.9.9" } } as never) as Promise<unknown>;
}

describe("account errors", () => {
  test("'Error al Cerrar Sesión' when the session cannot be ended, back where the shopper was", async () => {
    vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(backendDown);
    const answer = (await post(signOutAction, "/salir", { redirectTo: "/productos" }, cookie)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/productos");
    const { toast } = await readToast(
      new Request("http://localhost/", { headers: { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0]! } }),
    );
    expect(toast).toMatchObject({ title: "Error al Cerrar Sesión", variant: "destructive" });
    expect(toast?.description).toMatch(/Inténtalo de nuevo/);
  });

  test("'Error en Solicitud' when a recovery link cannot be requested", async () => {
    vi.spyOn(getAuth().api, "requestPasswordReset").mockRejectedValueOnce(backendDown);
    const answer = (await post(passwordAction, "/auth/forgot-password", { email: "errores@example.pe" })) as Answer;
    expect(answer.init?.status).toBe(500);
    expect(answer.data.toast).toMatchObject({ title: "Error en Solicitud", variant: "destructive" });
    expect(answer.data).toMatchObject({ sent: false });
  });

  test("'Error al Actualizar Contraseña' when a valid link's new password cannot be saved; an old link is a recovery error", async () => {
    await getAuth().api.requestPasswordReset({
      body: { email: "errores@example.pe", redirectTo: "/auth/update-password" },
    });
    const [row] = await handle().db.select({ identifier: verifications.identifier }).from(verifications);
    const token = row!.identifier.replace(/^reset-password:/, "");
    const fields = { intent: "reset", token, password: "nueva-clave-1", confirmPassword: "nueva-clave-1" };

    vi.spyOn(getAuth().api, "resetPassword").mockRejectedValueOnce(backendDown);
    const failed = (await post(passwordAction, "/auth/update-password", fields)) as Answer;
    expect(failed.init?.status).toBe(400);
    expect(failed.data.toast).toMatchObject({ title: "Error al Actualizar Contraseña", variant: "destructive" });

    const expired = (await post(passwordAction, "/auth/update-password", { ...fields, token: "no-existe" })) as Answer;
    expect(expired.data.toast).toMatchObject({ title: "Error de Sesión de Recuperación" });
  });

  test("'Error al Actualizar Perfil' when the profile cannot be saved, and nothing is half-saved", async () => {
    const [user] = await handle().db.select({ id: users.id }).from(users).where(eq(users.email, "errores@example.pe"));
    vi.spyOn(handle().db, "insert").mockImplementationOnce(() => {
      throw backendDown;
    });
    const answer = (await post(
      profileAction,
      "/perfil",
      {
        intent: "profile",
        fullName: "Nombre Nuevo",
        email: "errores@example.pe",
        phone: "987654321",
        address: "Jr. Lima 123",
      },
      cookie,
    )) as Answer;
    expect(answer.init?.status).toBe(500);
    expect(answer.data.toast).toEqual({
      title: "Error al Actualizar Perfil",
      description: "No pudimos guardar tus datos. Inténtalo de nuevo.",
      variant: "destructive",
    });
    expect(await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, user!.id))).toEqual([]);
  });

  test("'Error de Perfil' when the profile cannot be read: the page says so, offers no form, and nothing is overwritten", async () => {
    const [user] = await handle().db.select({ id: users.id }).from(users).where(eq(users.email, "errores@example.pe"));
    await handle()
      .db.insert(customerProfiles)
      .values({ userId: user!.id, fullName: "Nombre Real", phone: "912345678", address: "Av. Real 1" });
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);

    // The session is read first (once per request), so the failing read is the profile's.
    const request = requestAs(cookie, "/perfil");
    await getSessionUser(request);
    vi.spyOn(handle().db, "select").mockImplementationOnce(() => {
      throw backendDown;
    });
    const answer = (await profileLoader({ request, params: {}, context: {} } as never)) as {
      data: { profile: unknown; toast: unknown };
      init: { status?: number } | null;
    };
    expect(answer.init?.status).toBe(500);
    expect(answer.data.profile).toBeNull();
    expect(answer.data.toast).toEqual({
      title: "Error de Perfil",
      description: "No pudimos cargar tus datos. Recarga la página en unos segundos.",
      variant: "destructive",
    });
    expect(errors.mock.calls.some(([line]) => String(line).includes('"msg":"Profile read failed"'))).toBe(true);

    // What the shopper sees: the message, and no form with blank fields to save.
    const page = await renderProfile(requestAs(cookie, "/perfil"));
    expect(page).toContain("No pudimos cargar tus datos. Recarga la página en unos segundos.");
    expect(page).not.toContain('name="fullName"');
    expect(page).not.toContain("Guardar Cambios");

    // A form left open in another tab cannot blank the profile while it cannot be read either.
    const blankRequest = requestAs(cookie, "/perfil", {
      method: "POST",
      body: new URLSearchParams({
        intent: "profile",
        fullName: "X",
        email: "errores@example.pe",
        phone: "",
        address: "",
      }),
    });
    await getSessionUser(blankRequest);
    vi.spyOn(handle().db, "select").mockImplementationOnce(() => {
      throw backendDown;
    });
    const blank = (await profileAction({ request: blankRequest, params: {}, context: {} } as never)) as Answer;
    expect(blank.init?.status).toBe(500);
    expect(blank.data.toast).toMatchObject({ title: "Error al Actualizar Perfil" });
    const [stored] = await handle().db.select().from(customerProfiles).where(eq(customerProfiles.userId, user!.id));
    expect(stored).toMatchObject({ fullName: "Nombre Real", phone: "912345678", address: "Av. Real 1" });
  });

  test("'Error de Sesión' when the session cannot be read: every page shows as signed out, and no guard lets anyone in", async () => {
    vi.spyOn(getAuth().api, "getSession").mockRejectedValue(backendDown);
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const flash = (await serializeToast({ title: "Sesión Cerrada" })).split(";")[0]!;

    const request = requestAs(`${cookie}; ${flash}`, "/productos");
    const answer = await rootLoader({ request, params: {}, context: {} } as never);
    expect(answer.init?.status).toBeUndefined();
    expect(answer.data.user).toBeNull();
    expect(answer.data.shop.name).toBe("Patitas Felices");
    // One toast at a time: the failure, not the flashed message (which is cleared anyway).
    expect(answer.data.toast).toEqual({
      title: "Error de Sesión",
      description: "No pudimos verificar tu sesión. Vuelve a intentarlo en unos segundos.",
      variant: "destructive",
    });
    expect(new Headers(answer.init?.headers).get("Set-Cookie")).toMatch(/^patitas_toast=;.*Max-Age=0/);
    expect(errors.mock.calls.some(([line]) => String(line).includes('"msg":"Session read failed"'))).toBe(true);

    // A page from the page cache reads the session after load, from /api/sesion: same toast.
    const late = await visitorLoader({ request: requestAs(cookie, "/api/sesion"), params: {}, context: {} } as never);
    expect(await late.json()).toMatchObject({
      user: null,
      toast: { title: "Error de Sesión", variant: "destructive" },
    });

    // Signed-in pages and the back office refuse: a failed read is never a signed-in visitor.
    await expect(requireUser(requestAs(cookie, "/perfil"))).rejects.toBe(backendDown);
    await expect(requireAdmin(requestAs(cookie, "/admin/productos"))).rejects.toBe(backendDown);
    await expect(
      profileLoader({ request: requestAs(cookie, "/perfil"), params: {}, context: {} } as never),
    ).rejects.toBe(backendDown);

    // The pages anyone may open render as to a visitor, instead of the 500 page.
    const cart = (await cartLoader({ request: requestAs(cookie, "/carrito"), params: {}, context: {} } as never)) as {
      checkoutValues: Record<string, string>;
    };
    expect(cart.checkoutValues).toMatchObject({ customerName: "", customerPhone: "", customerEmail: "" });
    expect(await signInLoader({ request: requestAs(cookie, "/auth"), params: {}, context: {} } as never)).toMatchObject(
      {
        tab: "ingreso",
      },
    );
    expect(
      await adminSignInLoader({ request: requestAs(cookie, "/admin"), params: {}, context: {} } as never),
    ).toBeNull();
  });
});

/** /perfil as the server renders it, through React Router. */
async function renderProfile(request: Request): Promise<string> {
  function Screen() {
    const loaderData = useLoaderData();
    return createElement(Profile as never, { loaderData, actionData: undefined } as never);
  }
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ shop: { whatsappPhone: "987 654 321" } }),
      children: [{ id: "perfil", path: "perfil", loader: (args) => profileLoader(args as never), Component: Screen }],
    },
  ]);
  await getSessionUser(request);
  vi.spyOn(handle().db, "select").mockImplementationOnce(() => {
    throw backendDown;
  });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected redirect to ${context.headers.get("Location")}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}
