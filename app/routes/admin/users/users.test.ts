import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { requireAdmin } from "~/auth/guards.server";
import { auditLog, orders, sessions, users } from "~/db/schema";
import { signInAdmin } from "~/domain/users/admin-sign-in.server";
import { ensureMainAdmin } from "~/domain/users/main-admin.server";
import {
  EMAIL_TAKEN_MESSAGE,
  LAST_ADMIN_MESSAGE,
  MAIN_ADMIN_DELETE_MESSAGE,
  MAIN_ADMIN_ROLE_MESSAGE,
  NEW_PASSWORDS_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
  REQUIRED_MESSAGE,
  SELF_DELETE_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  USERNAME_FORMAT_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from "~/domain/users/user-admin";
import { removeUser, updateUser } from "~/domain/users/user-admin.server";
import { readToast } from "~/lib/toast.server";
import { requestAs, signInAdminCookie, toCookieHeader } from "~test/auth";
import { setUpTestDatabase } from "~test/test-database";

import { action as accountAction } from "./account";
import { action as editorAction, loader as editorLoader } from "./editor";
import { action as listAction, loader as listLoader } from "./list";

const { handle } = setUpTestDatabase();
let adminCookie: string;
let mainAdminId: string;

beforeAll(async () => {
  await ensureMainAdmin({ username: "admin", email: "admin@localhost", password: "clave-admin-1" }, () => {});
  adminCookie = await signInAdminCookie("admin", "clave-admin-1");
  const [main] = await handle().db.select().from(users).where(eq(users.username, "admin"));
  mainAdminId = main!.id;
});

type RouteFunction = (args: never) => Promise<unknown>;
type FormOutcome = {
  status: number;
  location: string | null;
  toast: { title: string; description?: string } | null;
  data: { errors: Record<string, string>; values: Record<string, string> } | null;
};

/** Calls a loader or action as the browser would, and reads what the admin would see. */
async function call(
  handler: RouteFunction,
  url: string,
  options: { cookie?: string; fields?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<FormOutcome> {
  const request = requestAs(options.cookie ?? adminCookie, url, {
    method: options.fields ? "POST" : "GET",
    body: options.fields ? new URLSearchParams(options.fields) : undefined,
  });
  let result: unknown;
  try {
    result = await handler({ request, params: options.params ?? {}, context: {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const { toast } = await readToast(requestAs(toCookieHeader(result.headers), "/"));
    return { status: result.status, location: result.headers.get("Location"), toast, data: null };
  }
  const { data, init } = result as {
    data: FormOutcome["data"] & { toast?: FormOutcome["toast"] };
    init?: { status?: number };
  };
  return { status: init?.status ?? 200, location: null, toast: data?.toast ?? null, data };
}

function createUser(fields: Record<string, string>) {
  return call(editorAction, "/admin/usuarios/nuevo", { fields: { role: "user", ...fields } });
}

function editUser(id: string, fields: Record<string, string>, cookie?: string) {
  return call(editorAction, `/admin/usuarios/editar/${id}`, { fields, params: { userId: id }, cookie });
}

function deleteUser(id: string, cookie?: string) {
  return call(listAction, "/admin/usuarios", { fields: { intent: "delete", id }, cookie });
}

async function findUser(username: string) {
  const [row] = await handle().db.select().from(users).where(eq(users.username, username.toLowerCase()));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

async function createAdmin(username: string, password = "clave-segura-1") {
  const outcome = await createUser({
    username,
    email: `${username.toLowerCase()}@example.pe`,
    role: "admin",
    password,
    confirmPassword: password,
  });
  expect(outcome.toast?.title).toBe("Usuario Agregado");
  return findUser(username);
}

async function isAdminAllowed(cookie: string): Promise<boolean> {
  try {
    await requireAdmin(requestAs(cookie, "/admin/dashboard"));
    return true;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.get("Location") === "/admin") return false;
    throw thrown;
  }
}

describe("creating users", () => {
  test("an administrator created here signs in at /admin, with its username in any case", async () => {
    const outcome = await createUser({
      username: "Lucia.Admin",
      email: "Lucia@Example.pe",
      role: "admin",
      password: "clave-lucia-1",
      confirmPassword: "clave-lucia-1",
    });
    expect(outcome).toMatchObject({
      location: "/admin/usuarios",
      toast: { title: "Usuario Agregado", description: "El usuario Lucia.Admin ha sido añadido." },
    });
    const row = await findUser("lucia.admin");
    expect(row).toMatchObject({
      displayUsername: "Lucia.Admin",
      email: "lucia@example.pe",
      role: "admin",
      isMainAdmin: false,
    });
    const cookie = await signInAdminCookie("Lucia.Admin", "clave-lucia-1");
    expect(await isAdminAllowed(cookie)).toBe(true);
  });

  test("a 'user' created here cannot enter the back office", async () => {
    await createUser({
      username: "pedro_cliente",
      email: "pedro@example.pe",
      password: "clave-pedro",
      confirmPassword: "clave-pedro",
    });
    expect(await findUser("pedro_cliente")).toMatchObject({ role: "user" });
    expect(
      await signInAdmin(new Request("http://localhost:3000/admin"), {
        username: "pedro_cliente",
        password: "clave-pedro",
      }),
    ).toBeNull();
  });

  test("username and e-mail are required", async () => {
    const outcome = await createUser({
      username: "  ",
      email: "",
      password: "clave-123",
      confirmPassword: "clave-123",
    });
    expect(outcome.status).toBe(400);
    expect(outcome.toast).toMatchObject({ title: "Error de Validación", description: REQUIRED_MESSAGE });
    expect(outcome.data?.errors).toMatchObject({ username: REQUIRED_MESSAGE, email: REQUIRED_MESSAGE });
  });

  test("a taken username is refused, whatever its case, and what was typed comes back without passwords", async () => {
    const outcome = await createUser({
      username: "LUCIA.admin",
      email: "otra@example.pe",
      password: "clave-123",
      confirmPassword: "clave-123",
    });
    expect(outcome.status).toBe(400);
    expect(outcome.toast).toMatchObject({ title: "Error", description: USERNAME_TAKEN_MESSAGE });
    expect(outcome.data?.values).toEqual({ username: "LUCIA.admin", email: "otra@example.pe", role: "user" });
  });

  test("a taken e-mail is refused in Spanish", async () => {
    const outcome = await createUser({
      username: "lucia2",
      email: "lucia@example.pe",
      password: "clave-123",
      confirmPassword: "clave-123",
    });
    expect(outcome.toast).toMatchObject({ title: "Error", description: EMAIL_TAKEN_MESSAGE });
  });

  test("a username outside better-auth's rule is refused in Spanish", async () => {
    const outcome = await createUser({
      username: "josé pérez",
      email: "jose@example.pe",
      password: "clave-123",
      confirmPassword: "clave-123",
    });
    expect(outcome.toast).toMatchObject({ title: "Error de Validación", description: USERNAME_FORMAT_MESSAGE });
  });

  test.each([
    ["missing", "", ""],
    ["different", "clave-123", "clave-124"],
  ])("new users need both passwords, equal (%s)", async (_case, password, confirmPassword) => {
    const outcome = await createUser({ username: "nuevo1", email: "nuevo1@example.pe", password, confirmPassword });
    expect(outcome.toast).toMatchObject({ title: "Error de Validación", description: NEW_PASSWORDS_MESSAGE });
    expect(await handle().db.select().from(users).where(eq(users.username, "nuevo1"))).toHaveLength(0);
  });
});

describe("editing users", () => {
  test("an unknown id goes back to the list with 'Usuario no encontrado.'", async () => {
    const outcome = await call(editorLoader, "/admin/usuarios/editar/noexiste", { params: { userId: "noexiste" } });
    expect(outcome).toMatchObject({
      location: "/admin/usuarios",
      toast: { title: "Error", description: USER_NOT_FOUND_MESSAGE },
    });
  });

  test("passwords are optional, but once typed they must match and have 6 characters", async () => {
    const user = await findUser("pedro_cliente");
    const mismatch = await editUser(user.id, {
      username: "pedro_cliente",
      email: "pedro@example.pe",
      role: "user",
      password: "nueva-123",
      confirmPassword: "otra-123",
    });
    expect(mismatch.toast).toMatchObject({ title: "Error de Validación", description: PASSWORDS_MISMATCH_MESSAGE });
    const short = await editUser(user.id, {
      username: "pedro_cliente",
      email: "pedro@example.pe",
      role: "user",
      password: "abc",
      confirmPassword: "abc",
    });
    expect(short.toast?.description).toBe("La contraseña debe tener al menos 6 caracteres.");

    const saved = await editUser(user.id, {
      username: "Pedro_Cliente",
      email: "pedro.nuevo@example.pe",
      role: "user",
      password: "",
      confirmPassword: "",
    });
    expect(saved.toast).toMatchObject({ title: "Usuario Actualizado" });
    expect(await findUser("pedro_cliente")).toMatchObject({
      displayUsername: "Pedro_Cliente",
      email: "pedro.nuevo@example.pe",
    });
    // The password was kept.
    expect(
      await signInAdmin(new Request("http://localhost:3000/admin"), {
        username: "pedro_cliente",
        password: "clave-pedro",
      }),
    ).toBeNull();
  });

  test("setting another user's password: the old one stops working and their sessions end", async () => {
    const user = await createAdmin("rosa.admin", "clave-rosa-1");
    const rosaCookie = await signInAdminCookie("rosa.admin", "clave-rosa-1");
    const outcome = await editUser(user.id, {
      username: "rosa.admin",
      email: "rosa.admin@example.pe",
      role: "admin",
      password: "clave-rosa-2",
      confirmPassword: "clave-rosa-2",
    });
    expect(outcome.toast).toMatchObject({ title: "Contraseña Cambiada" });
    expect(await isAdminAllowed(rosaCookie)).toBe(false);
    await expect(signInAdminCookie("rosa.admin", "clave-rosa-1")).rejects.toThrow();
    expect(await isAdminAllowed(await signInAdminCookie("rosa.admin", "clave-rosa-2"))).toBe(true);
  });

  test("a username taken by someone else is refused on edit", async () => {
    const user = await findUser("rosa.admin");
    const outcome = await editUser(user.id, { username: "lucia.admin", email: "rosa.admin@example.pe", role: "admin" });
    expect(outcome.toast).toMatchObject({ title: "Error", description: USERNAME_TAKEN_MESSAGE });
  });

  test("a demoted administrator loses the back office at their next request", async () => {
    const user = await createAdmin("temporal.admin");
    const cookie = await signInAdminCookie("temporal.admin", "clave-segura-1");
    expect(await isAdminAllowed(cookie)).toBe(true);
    const outcome = await editUser(user.id, {
      username: "temporal.admin",
      email: "temporal.admin@example.pe",
      role: "user",
    });
    expect(outcome.toast).toMatchObject({ title: "Usuario Actualizado" });
    expect(await isAdminAllowed(cookie)).toBe(false);
  });
});

describe("the main administrator", () => {
  test("its username and role are locked: the form shows them disabled, the server refuses a role change", async () => {
    const loaded = (await editorLoader({
      request: requestAs(adminCookie, `/admin/usuarios/editar/${mainAdminId}`),
      params: { userId: mainAdminId },
      context: {},
    } as never)) as { user: { isMainAdmin: boolean; username: string } };
    expect(loaded.user).toMatchObject({ isMainAdmin: true, username: "admin" });

    const outcome = await editUser(mainAdminId, { username: "admin", email: "admin@localhost", role: "user" });
    expect(outcome.toast).toMatchObject({ title: "Error", description: MAIN_ADMIN_ROLE_MESSAGE });
    expect(await findUser("admin")).toMatchObject({ role: "admin" });
  });

  test("with the disabled inputs not posted, its e-mail can still be changed", async () => {
    const outcome = await editUser(mainAdminId, { email: "dueno@patitas.pe" });
    expect(outcome.toast).toMatchObject({ title: "Usuario Actualizado" });
    expect(await findUser("admin")).toMatchObject({ email: "dueno@patitas.pe", role: "admin", isMainAdmin: true });
  });

  test("only the main administrator changes its e-mail or password; another administrator is refused", async () => {
    const luciaCookie = await signInAdminCookie("lucia.admin", "clave-lucia-1");
    const before = await findUser("admin");
    const email = await editUser(mainAdminId, { email: "toma@example.pe" }, luciaCookie);
    expect(email.toast).toMatchObject({
      title: "Error",
      description: "Solo el administrador principal puede cambiar su correo o su contraseña.",
    });
    const password = await editUser(
      mainAdminId,
      { email: before.email, password: "otra-clave-9", confirmPassword: "otra-clave-9" },
      luciaCookie,
    );
    expect(password.toast).toMatchObject({
      description: "Solo el administrador principal puede cambiar su correo o su contraseña.",
    });
    expect(await findUser("admin")).toMatchObject({ email: before.email });
    // The form as they see it (e-mail and passwords disabled, so not posted) still saves.
    const asShown = await editUser(mainAdminId, {}, luciaCookie);
    expect(asShown.toast).toMatchObject({ title: "Usuario Actualizado" });
    expect(await findUser("admin")).toMatchObject({ email: before.email, role: "admin" });
    // The main administrator's password still works, and its session with it.
    expect(await signInAdminCookie("admin", "clave-admin-1")).toContain("session_token");
  });

  test("it cannot be deleted", async () => {
    const luciaCookie = await signInAdminCookie("lucia.admin", "clave-lucia-1");
    const outcome = await deleteUser(mainAdminId, luciaCookie);
    expect(outcome.toast).toMatchObject({ title: "Error", description: MAIN_ADMIN_DELETE_MESSAGE });
    expect(await findUser("admin")).toMatchObject({ role: "admin" });
  });
});

describe("deleting users", () => {
  test("a removed administrator is signed out at once; their orders stay, without the link", async () => {
    const user = await createAdmin("saliente.admin");
    const cookie = await signInAdminCookie("saliente.admin", "clave-segura-1");
    await handle()
      .db.insert(orders)
      .values({ code: "PED-USR-1", userId: user.id, paymentMethodName: "Yape", totalCents: 1000 });

    const outcome = await deleteUser(user.id);
    expect(outcome.toast).toMatchObject({ title: "Usuario Eliminado" });
    expect(await isAdminAllowed(cookie)).toBe(false);
    expect(await handle().db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const [order] = await handle().db.select().from(orders).where(eq(orders.code, "PED-USR-1"));
    expect(order?.userId).toBeNull();
  });

  test("an administrator cannot delete their own account", async () => {
    const lucia = await findUser("lucia.admin");
    const outcome = await deleteUser(lucia.id, await signInAdminCookie("lucia.admin", "clave-lucia-1"));
    expect(outcome.toast).toMatchObject({ title: "Error", description: SELF_DELETE_MESSAGE });
  });

  test("an unknown id answers 'Usuario no encontrado.'", async () => {
    const outcome = await deleteUser("noexiste");
    expect(outcome.toast).toMatchObject({ title: "Error", description: USER_NOT_FOUND_MESSAGE });
  });
});

describe("the list", () => {
  test("shows administrators and shoppers, filtered by role and searched by username or e-mail", async () => {
    const list = async (query: string) =>
      (await listLoader({
        request: requestAs(adminCookie, `/admin/usuarios${query}`),
        params: {},
        context: {},
      } as never)) as {
        rows: { username: string | null; email: string; role: string }[];
        total: number;
      };
    const admins = await list("?rol=admin");
    expect(admins.rows.every((row) => row.role === "admin")).toBe(true);
    expect(admins.rows.map((row) => row.username)).toContain("Lucia.Admin");
    const shoppers = await list("?rol=user");
    expect(shoppers.rows.map((row) => row.username)).toContain("Pedro_Cliente");
    expect((await list("?q=PEDRO.NUEVO")).rows.map((row) => row.email)).toEqual(["pedro.nuevo@example.pe"]);
    expect((await list("?q=lucia.adm")).rows.map((row) => row.username)).toEqual(["Lucia.Admin"]);
  });
});

describe("the administrator's own account", () => {
  test("changing the password needs the current one; then the old one stops working", async () => {
    await createAdmin("propio.admin", "clave-vieja");
    const cookie = await signInAdminCookie("propio.admin", "clave-vieja");
    const submit = (fields: Record<string, string>) => call(accountAction, "/admin/cuenta", { fields, cookie });

    const wrong = await submit({
      currentPassword: "equivocada",
      newPassword: "clave-nueva",
      confirmPassword: "clave-nueva",
    });
    expect(wrong.toast?.description).toBe("La contraseña actual es incorrecta.");
    const mismatch = await submit({
      currentPassword: "clave-vieja",
      newPassword: "clave-nueva",
      confirmPassword: "clave-otra",
    });
    expect(mismatch.toast).toMatchObject({
      title: "Error de Validación",
      description: "Las nuevas contraseñas no coinciden.",
    });

    const changed = await submit({
      currentPassword: "clave-vieja",
      newPassword: "clave-nueva",
      confirmPassword: "clave-nueva",
    });
    expect(changed).toMatchObject({ location: "/admin/cuenta", toast: { title: "Contraseña Cambiada" } });
    await expect(signInAdminCookie("propio.admin", "clave-vieja")).rejects.toThrow();
    expect(await isAdminAllowed(await signInAdminCookie("propio.admin", "clave-nueva"))).toBe(true);
  });
});

describe("an administrator's own password in the users' editor", () => {
  test("ends the account's other sessions, as /admin/cuenta does, and keeps this one", async () => {
    const me = await createAdmin("yo.admin", "clave-yo-1");
    const here = await signInAdminCookie("yo.admin", "clave-yo-1");
    const elsewhere = await signInAdminCookie("yo.admin", "clave-yo-1");
    const outcome = await call(editorAction, `/admin/usuarios/editar/${me.id}`, {
      cookie: here,
      params: { userId: me.id },
      fields: {
        username: "yo.admin",
        email: "yo.admin@example.pe",
        role: "admin",
        password: "clave-yo-2",
        confirmPassword: "clave-yo-2",
      },
    });
    expect(outcome.toast).toMatchObject({
      title: "Contraseña Cambiada",
      description: "Se guardaron tus datos y tu nueva contraseña; tus otras sesiones abiertas se cerraron.",
    });
    expect(await isAdminAllowed(elsewhere)).toBe(false);
    expect(await isAdminAllowed(here)).toBe(true);
    expect(await isAdminAllowed(await signInAdminCookie("yo.admin", "clave-yo-2"))).toBe(true);
  });
});

describe("audit", () => {
  test("every change and admin sign-in is recorded, never with a password", async () => {
    const entries = await handle().db.select().from(auditLog);
    const userEntries = entries.filter((entry) => entry.entity === "user");
    expect(userEntries.map((entry) => entry.action)).toEqual(expect.arrayContaining(["create", "update", "delete"]));
    expect(
      entries.some((entry) => entry.action === "sign-in" && entry.entity === "session" && entry.userId === mainAdminId),
    ).toBe(true);
    const written = JSON.stringify(entries.map((entry) => entry.summary));
    for (const password of ["clave-lucia-1", "clave-rosa-2", "clave-nueva", "clave-vieja", "clave-pedro"]) {
      expect(written).not.toContain(password);
    }
    const created = userEntries.find((entry) => entry.action === "create" && entry.summary?.username === "Lucia.Admin");
    expect(created?.summary).toEqual({ username: "Lucia.Admin", email: "lucia@example.pe", role: "Administrador" });
  });
});

describe("the last administrator", () => {
  test("is neither demoted nor removed, even by a request authorized a moment before", async () => {
    // A shop whose administrators carry no main flag: only the last-admin rule protects them.
    await handle().db.update(users).set({ isMainAdmin: false });
    await handle()
      .db.update(users)
      .set({ role: "user" })
      .where(and(eq(users.role, "admin")));
    await handle().db.update(users).set({ role: "admin" }).where(eq(users.username, "lucia.admin"));
    await handle().db.update(users).set({ role: "admin" }).where(eq(users.username, "rosa.admin"));
    const lucia = await findUser("lucia.admin");
    const rosa = await findUser("rosa.admin");

    // Lucía demotes Rosa; Rosa's own request, checked just before, then targets Lucía.
    const demoted = await updateUser(lucia, rosa.id, {
      username: "rosa.admin",
      email: rosa.email,
      role: "user",
      password: "",
    });
    expect(demoted.status).toBe("saved");
    expect(
      await updateUser(rosa, lucia.id, { username: "lucia.admin", email: lucia.email, role: "user", password: "" }),
    ).toEqual({
      status: "refused",
      message: LAST_ADMIN_MESSAGE,
    });
    expect(await removeUser(rosa, lucia.id)).toEqual({ status: "refused", message: LAST_ADMIN_MESSAGE });
    expect(await findUser("lucia.admin")).toMatchObject({ role: "admin" });
  });
});
