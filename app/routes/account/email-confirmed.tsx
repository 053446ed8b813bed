import { href } from "react-router";

import { redirectWithToast } from "~/lib/toast.server";

import type { Route } from "./+types/email-confirmed";

/** Where the e-mail change link lands (better-auth adds ?error=… when it failed). */
export async function loader({ request }: Route.LoaderArgs) {
  const failed = new URL(request.url).searchParams.has("error");
  return redirectWithToast(
    href("/perfil"),
    failed
      ? {
          title: "Error al Actualizar Email",
          description: "El enlace no es válido o ya venció. Vuelve a cambiar tu correo desde tu perfil.",
          variant: "destructive",
        }
      : { title: "Email Actualizado", description: "Tu nuevo correo electrónico ya está activo." },
  );
}
