import "~/lib/validation";

import { z } from "zod";

import { MIN_PASSWORD_LENGTH, type Role } from "~/auth/rules";
import { USERNAME_PATTERN } from "~/lib/username";

// The back office's users screens: the form's rules (spec section 5, to the letter) and
// the list's query string. Shared by the browser and the server.

export const REQUIRED_MESSAGE = "Nombre de usuario y email son obligatorios.";
export const USERNAME_TAKEN_MESSAGE = "El nombre de usuario ya existe.";
export const NEW_PASSWORDS_MESSAGE = "Las contraseñas son obligatorias y deben coincidir para nuevos usuarios.";
export const PASSWORDS_MISMATCH_MESSAGE = "Las contraseñas no coinciden.";
const PASSWORD_TOO_SHORT_MESSAGE = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
const PASSWORD_TOO_LONG_MESSAGE = "La contraseña es demasiado larga.";
export const USERNAME_FORMAT_MESSAGE =
  'El nombre de usuario debe tener de 3 a 30 caracteres: solo letras sin tildes, números, "_" o ".".';
const EMAIL_FORMAT_MESSAGE = "Ingresa un correo electrónico válido.";
export const EMAIL_TAKEN_MESSAGE = "Ya existe una cuenta con este correo electrónico.";
const ROLE_MESSAGE = "Selecciona un rol válido.";
export const MAIN_ADMIN_DELETE_MESSAGE = "No se puede eliminar al administrador principal.";
export const MAIN_ADMIN_ROLE_MESSAGE = "No se puede cambiar el rol del administrador principal.";
export const MAIN_ADMIN_USERNAME_MESSAGE = "No se puede cambiar el nombre de usuario del administrador principal.";
export const MAIN_ADMIN_CREDENTIALS_MESSAGE =
  "Solo el administrador principal puede cambiar su correo o su contraseña.";
export const MAIN_ADMIN_NOTE = "El rol del administrador principal no se puede cambiar.";
export const LAST_ADMIN_MESSAGE =
  "Debe quedar al menos un administrador: no se puede eliminar ni quitar el rol al último administrador.";
export const SELF_DELETE_MESSAGE = "No puedes eliminar tu propia cuenta.";
export const SELF_DEMOTE_MESSAGE = "No puedes quitarte a ti mismo el rol de administrador.";
export const USER_NOT_FOUND_MESSAGE = "Usuario no encontrado.";

export const roleLabels: Record<Role, string> = { user: "Usuario", admin: "Administrador" };

const PASSWORD_MAX_LENGTH = 128;

const formShape = z.object({
  username: z.string().trim().default(""),
  email: z.string().trim().toLowerCase().default(""),
  role: z.string().default("user"),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});

type FormShape = z.output<typeof formShape>;

export type UserFormData = {
  username: string;
  email: string;
  role: Role;
  /** The new password; "" on an edit that keeps the current one. */
  password: string;
};

function isRole(value: string): value is Role {
  return value === "user" || value === "admin";
}

/**
 * Every rule runs at once, so the admin sees all problems together; the first one
 * (in the form's order) is the toast. A new user needs both passwords, equal; on an
 * edit they are optional, but once typed they must match.
 */
function checkUserForm(value: FormShape, context: z.RefinementCtx, isNew: boolean, currentEmail?: string) {
  const issue = (path: keyof FormShape, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (value.username === "") issue("username", REQUIRED_MESSAGE);
  else if (!USERNAME_PATTERN.test(value.username)) issue("username", USERNAME_FORMAT_MESSAGE);
  if (value.email === "") issue("email", REQUIRED_MESSAGE);
  else if (value.email !== currentEmail && (value.email.length > 254 || !z.email().safeParse(value.email).success)) {
    issue("email", EMAIL_FORMAT_MESSAGE);
  }
  if (!isRole(value.role)) issue("role", ROLE_MESSAGE);

  const { password, confirmPassword } = value;
  if (isNew && (password === "" || password !== confirmPassword)) {
    issue(password === "" ? "password" : "confirmPassword", NEW_PASSWORDS_MESSAGE);
  } else if (!isNew && password !== confirmPassword) {
    issue("confirmPassword", PASSWORDS_MISMATCH_MESSAGE);
  } else if (password !== "" && password.length < MIN_PASSWORD_LENGTH) {
    issue("password", PASSWORD_TOO_SHORT_MESSAGE);
  } else if (password.length > PASSWORD_MAX_LENGTH) {
    issue("password", PASSWORD_TOO_LONG_MESSAGE);
  }
}

function userFormSchema(isNew: boolean, currentEmail?: string) {
  return formShape
    .superRefine((value, context) => checkUserForm(value, context, isNew, currentEmail))
    .transform((value): UserFormData => ({
      username: value.username,
      email: value.email,
      role: isRole(value.role) ? value.role : "user",
      password: value.password,
    }));
}

export const newUserFormSchema = userFormSchema(true);

/**
 * The account's current address is accepted as it is: the main administrator starts
 * with ADMIN_EMAIL, by default 'admin@localhost', which has no top-level domain.
 */
export function editUserFormSchema(currentEmail: string) {
  return userFormSchema(false, currentEmail);
}

/** The role filter of the list: ?rol=admin | ?rol=user, anything else shows everyone. */
export type RoleFilter = "all" | Role;

export const USER_SORT_KEYS = ["usuario", "email", "rol", "alta"] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export function parseRoleFilter(raw: string | null): RoleFilter {
  return raw === "admin" || raw === "user" ? raw : "all";
}

/** An id of /editar/:userId: better-auth's ids are 32 letters and digits; anything odd is refused early. */
export function isPlausibleUserId(raw: string | undefined): raw is string {
  return typeof raw === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(raw);
}
