import { redirect } from "react-router";
import { getSessionUser } from "~/auth/guards.server";
import { getSafeRedirect } from "~/auth/rules";
import { pageTitle } from "~/lib/meta";
import { ComingSoon } from "~/ui/layout/coming-soon";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Ingresar o Registrarse", matches) },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) {
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(getSafeRedirect(redirectTo, "/perfil"));
  }
  return null;
}

export default function SignIn() {
  return <ComingSoon title="Iniciar Sesión" />;
}
