// The account screens when the back end fails (spec section 8, account errors): each says
// so under its own title, in Spanish, instead of a 500 page or a success it did not have.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { requestAs, signUpCustomer } from "~/auth/testing.server";
import { customerProfiles, users, verifications } from "~/db/schema";
import { seedDemoShop } from "~/db/seed/seed.server";
import { useTestDatabase } from "~/db/test-database.server";
import { readToast } from "~/lib/toast.server";
import { action as passwordAction } from "./password";
import { action as profileAction } from "./profile";
import { action as signOutAction } from "./sign-out";

const { handle } = useTestDatabase();
let cookie: string;

beforeAll(async () => {
  await seedDemoShop(handle().db);
  cookie = await signUpCustomer("errores@example.pe");
});

afterEach(() => {
  vi.restoreAllMocks();
});

const backendDown = Object.assign(new Error("connection refused"), { statusCode: 500 });

type Answer = { data: { toast: { title: string; description: string; variant?: string } | null }; init: { status?: number } | null };

function post(action: (args: never) => Promise<unknown>, url: string, fields: Record<string, string>, as: string | null = null) {
  const request = requestAs(as, url, { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: { clientIp: "10.9.9.9" } } as never) as Promise<unknown>;
}

describe("account errors", () => {
  test("'Error al Cerrar Sesión' when the session cannot be ended, back where the shopper was", async () => {
    vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(backendDown);
    const answer = (await post(signOutAction, "/salir", { redirectTo: "/productos" }, cookie)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/productos");
    const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: answer.headers.get("Set-Cookie")!.split(";")[0]! } }));
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
    await getAuth().api.requestPasswordReset({ body: { email: "errores@example.pe", redirectTo: "/auth/update-password" } });
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
      { intent: "profile", fullName: "Nombre Nuevo", email: "errores@example.pe", phone: "987654321", address: "Jr. Lima 123" },
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
});
