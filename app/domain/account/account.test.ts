import "~/lib/validation";

import { describe, expect, test } from "vitest";

import { parseWithSchema } from "~/lib/form-data";

import { changePasswordSchema, registerSchema, resetPasswordSchema, signInSchema } from "./account";
import { translateAuthError } from "./auth-errors";

/** The messages beside each field, as the actions read them (lib/form-data.ts). */
function errorsOf(schema: Parameters<typeof parseWithSchema>[0], value: unknown) {
  const result = parseWithSchema(schema, value);
  return result.success ? {} : result.errors;
}

const validRegistration = {
  fullName: "María Quispe",
  email: "maria@example.pe",
  phone: "",
  password: "secreto1",
  confirmPassword: "secreto1",
  acceptsPrivacy: "on",
};

describe("registration", () => {
  test("accepts a complete form and makes the phone optional", () => {
    expect(errorsOf(registerSchema, validRegistration)).toEqual({});
  });
  test("passwords must match", () => {
    expect(errorsOf(registerSchema, { ...validRegistration, confirmPassword: "otra" }).confirmPassword).toBe(
      "Las contraseñas no coinciden.",
    );
  });
  test("a mismatch is reported together with the other missing fields", () => {
    const errors = errorsOf(registerSchema, { ...validRegistration, fullName: "", confirmPassword: "otra" });
    expect(errors.fullName).toBe("Ingresa tu nombre completo.");
    expect(errors.confirmPassword).toBe("Las contraseñas no coinciden.");
  });
  test("passwords have at least 6 characters", () => {
    expect(errorsOf(registerSchema, { ...validRegistration, password: "abc", confirmPassword: "abc" }).password).toBe(
      "La contraseña debe tener al menos 6 caracteres.",
    );
  });
  test("name and a valid e-mail are required, and the privacy notice accepted", () => {
    const errors = errorsOf(registerSchema, {
      ...validRegistration,
      fullName: " ",
      email: "no-es-correo",
      acceptsPrivacy: undefined,
    });
    expect(errors.fullName).toBe("Ingresa tu nombre completo.");
    expect(errors.email).toBe("Ingresa un correo electrónico válido.");
    expect(errors.acceptsPrivacy).toBe("Debes aceptar la Política de Privacidad para registrarte.");
  });
});

test("a field missing from a crafted request still gets a Spanish message", () => {
  expect(errorsOf(signInSchema, {}).password).toMatch(/^Entrada inválida/);
});

test("sign-in needs an e-mail and a password", () => {
  const errors = errorsOf(signInSchema, { email: "", password: "" });
  expect(errors.email).toBe("Ingresa tu correo electrónico.");
  expect(errors.password).toBe("Ingresa tu contraseña.");
});

test("changing the password: the spec's two messages", () => {
  expect(
    errorsOf(changePasswordSchema, { currentPassword: "x", newPassword: "nueva123", confirmPassword: "otra123" })
      .confirmPassword,
  ).toBe("Las nuevas contraseñas no coinciden.");
  expect(
    errorsOf(changePasswordSchema, { currentPassword: "x", newPassword: "abc", confirmPassword: "abc" }).newPassword,
  ).toBe("La nueva contraseña debe tener al menos 6 caracteres.");
});

test("resetting the password: the spec's two messages", () => {
  expect(
    errorsOf(resetPasswordSchema, { token: "t", password: "nueva123", confirmPassword: "otra123" }).confirmPassword,
  ).toBe("Las contraseñas no coinciden.");
  expect(errorsOf(resetPasswordSchema, { token: "t", password: "abc", confirmPassword: "abc" }).password).toBe(
    "La contraseña debe tener al menos 6 caracteres.",
  );
});

test("library errors become Spanish, unknown ones a generic Spanish message", () => {
  expect(translateAuthError({ body: { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" } })).toBe(
    "Ya existe una cuenta con este correo electrónico.",
  );
  expect(translateAuthError({ statusCode: 429 })).toMatch(/Demasiados intentos/);
  expect(translateAuthError(new Error("boom"))).toBe("Ocurrió un problema. Inténtalo de nuevo en unos minutos.");
});
