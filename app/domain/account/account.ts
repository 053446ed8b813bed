import { z } from "zod";

import { MIN_PASSWORD_LENGTH } from "~/auth/rules";
import { NUL_CHARACTER_MESSAGE } from "~/lib/form-data";

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Ingresa tu correo electrónico.")
  .max(254, "El correo electrónico es demasiado largo.")
  .pipe(z.email("Ingresa un correo electrónico válido."));

// Digits, spaces, '+', '-' and parentheses; 6 to 20 characters. Optional where used.
const phone = z
  .string()
  .trim()
  .max(20, "El teléfono es demasiado largo.")
  .regex(/^[\d\s+()-]*$/, "El teléfono solo puede tener números, espacios y el signo +.")
  .refine((value) => value === "" || value.replace(/\D/g, "").length >= 6, "Ingresa un teléfono válido.");

// A NUL character cannot be stored (PostgreSQL's text refuses it): refused like any typo.
const noNul = (value: string) => !value.includes("\u0000");

const fullName = z
  .string()
  .trim()
  .min(1, "Ingresa tu nombre completo.")
  .max(120, "El nombre es demasiado largo.")
  .refine(noNul, NUL_CHARACTER_MESSAGE);

/**
 * A "passwords match" check that also runs while other fields are still invalid, so
 * the shopper sees every problem at once.
 */
function matching(first: string, second: string, message: string) {
  const check = (data: Record<string, unknown>) => data[first] === data[second];
  const options = {
    path: [second],
    message,
    when: (payload: { value: unknown }) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value[first] === "string" && typeof value[second] === "string";
    },
  };
  return [check, options] as [typeof check, typeof options];
}

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Ingresa tu contraseña.").max(128),
});

export const registerSchema = z
  .object({
    fullName,
    email,
    phone: phone.optional().default(""),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, "La contraseña debe tener al menos 6 caracteres.")
      .max(128, "La contraseña es demasiado larga."),
    confirmPassword: z.string(),
    acceptsPrivacy: z.literal("on", { error: "Debes aceptar la Política de Privacidad para registrarte." }),
  })
  .refine(...matching("password", "confirmPassword", "Las contraseñas no coinciden."));

export const forgotPasswordSchema = z.object({ email });

/** The activation link's page: its token, and the password chosen at registration. */
export const activateAccountSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, "Ingresa tu contraseña.").max(128),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, "La contraseña debe tener al menos 6 caracteres.")
      .max(128, "La contraseña es demasiado larga."),
    confirmPassword: z.string(),
  })
  .refine(...matching("password", "confirmPassword", "Las contraseñas no coinciden."));

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Ingresa tu contraseña actual."),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, "La nueva contraseña debe tener al menos 6 caracteres.")
      .max(128, "La nueva contraseña es demasiado larga."),
    confirmPassword: z.string(),
  })
  .refine(...matching("newPassword", "confirmPassword", "Las nuevas contraseñas no coinciden."));

export const profileSchema = z.object({
  fullName,
  phone,
  address: z.string().trim().max(200, "La dirección es demasiado larga.").refine(noNul, NUL_CHARACTER_MESSAGE),
  email,
});
