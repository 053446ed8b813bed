// How both sign-in forms (the shoppers' /ingresar and the back office's /admin) answer a
// sign-in: a refusal keeps what was typed (never the password) and says why in the spec's
// 'Error de Inicio de Sesión' toast; a success sets the session and greets on the next page.
import { formFailure } from "~/lib/form.server";
import type { FormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";

type SignInOutcome = { ok: true; cookies: Headers } | { ok: false; message: string };

export function answerSignIn(
  outcome: SignInOutcome,
  values: FormValues,
  success: { redirectTo: string; greeting: string },
) {
  if (!outcome.ok) {
    return formFailure({}, values, { title: "Error de Inicio de Sesión", description: outcome.message }, 401);
  }
  return redirectWithToast(
    success.redirectTo,
    { title: "Inicio de Sesión Exitoso", description: success.greeting },
    { headers: outcome.cookies },
  );
}
