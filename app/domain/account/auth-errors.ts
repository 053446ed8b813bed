import type { ToastMessage } from "~/lib/toast";

/** Spanish for better-auth's error codes: a shopper never sees the library's English. */
const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Correo electrónico o contraseña incorrectos.",
  INVALID_USERNAME_OR_PASSWORD: "Usuario o contraseña incorrectos.",
  INVALID_PASSWORD: "La contraseña actual es incorrecta.",
  INVALID_EMAIL: "Ingresa un correo electrónico válido.",
  USER_ALREADY_EXISTS: "Ya existe una cuenta con este correo electrónico.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Ya existe una cuenta con este correo electrónico.",
  PASSWORD_TOO_SHORT: "La contraseña debe tener al menos 6 caracteres.",
  PASSWORD_TOO_LONG: "La contraseña es demasiado larga.",
  INVALID_TOKEN: "El enlace no es válido o ya venció. Solicita uno nuevo.",
  TOKEN_EXPIRED: "El enlace ya venció. Solicita uno nuevo.",
  USER_NOT_FOUND: "No encontramos una cuenta con esos datos.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Esta cuenta no tiene contraseña configurada.",
  SESSION_EXPIRED: "Tu sesión expiró. Vuelve a iniciar sesión.",
  EMAIL_NOT_VERIFIED: "Primero confirma tu correo electrónico.",
  TOO_MANY_REQUESTS: "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.",
};

const GENERIC_ERROR_MESSAGE = "Ocurrió un problema. Inténtalo de nuevo en unos minutos.";

export function translateAuthError(error: unknown): string {
  const candidate = error as { body?: { code?: string }; status?: number | string; statusCode?: number } | null;
  const code = candidate?.body?.code;
  if (code && messages[code]) return messages[code]!;
  if (candidate?.statusCode === 429 || candidate?.status === "TOO_MANY_REQUESTS") return messages.TOO_MANY_REQUESTS!;
  return GENERIC_ERROR_MESSAGE;
}

// Spec section 8, account errors shown by a page rather than a form: the page still
// renders, with what can be shown, and says so.

/** The session could not be read: the page shows as to a visitor who is signed out. */
export const SESSION_ERROR_TOAST: ToastMessage = {
  title: "Error de Sesión",
  description: "No pudimos verificar tu sesión. Vuelve a intentarlo en unos segundos.",
  variant: "destructive",
};

/** The profile could not be read: /perfil shows no form that could save blanks over it. */
export const PROFILE_ERROR_TOAST: ToastMessage = {
  title: "Error de Perfil",
  description: "No pudimos cargar tus datos. Recarga la página en unos segundos.",
  variant: "destructive",
};
