import { Form, href, useNavigation } from "react-router";

import { readUnlockToken, redeemUnlockToken } from "~/domain/account/sign-in-limit.server";
import { pageTitle } from "~/domain/content/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/unlock";

// The link of the lockout e-mail (sign-in-limit.server.ts). Opening it changes nothing (a
// mail scanner may open links); the button does, once.
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Desbloquear acceso", matches) },
  { name: "robots", content: "noindex" },
];

const MAX_TOKEN_LENGTH = 100;

export async function loader({ params }: Route.LoaderArgs) {
  const isValid = params.token.length <= MAX_TOKEN_LENGTH && (await readUnlockToken(params.token)) !== null;
  return { isValid };
}

export async function action({ params }: Route.ActionArgs) {
  const signInPath = params.token.length <= MAX_TOKEN_LENGTH ? await redeemUnlockToken(params.token) : null;
  if (!signInPath) {
    return redirectWithToast(href("/auth"), {
      title: "Enlace no válido",
      description: "El enlace para desbloquear ya se usó o venció.",
      variant: "destructive",
    });
  }
  return redirectWithToast(signInPath, {
    title: "Acceso desbloqueado",
    description: "Ya puedes ingresar con tu contraseña.",
  });
}

export default function Unlock({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Desbloquear acceso</h1>
      {loaderData.isValid ? (
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <p className="text-muted">
            Frenamos los intentos de ingreso a tu cuenta porque hubo muchas contraseñas equivocadas. Desbloquéala para
            volver a ingresar.
          </p>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Desbloqueando…" : "Desbloquear mi acceso"}
          </Button>
        </Form>
      ) : (
        <>
          <p className="mt-3 text-muted">El enlace para desbloquear ya se usó o venció.</p>
          <Button asChild className="mt-6">
            <Link to={href("/auth")}>Ir a Iniciar Sesión</Link>
          </Button>
        </>
      )}
    </section>
  );
}
