import { data, Form, href, useNavigation } from "react-router";

import { activateAccountSchema } from "~/domain/account/account";
import { activateCustomer, readActivationEmail } from "~/domain/account/registration.server";
import { pageTitle } from "~/domain/content/seo";
import { parseWithSchema } from "~/lib/form-data";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { Field } from "~/ui/form/field";
import { useFormFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/activate";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Activar Cuenta", matches) },
  { name: "robots", content: "noindex" },
];

const expiredLinkToast: ToastMessage = {
  title: "Error de Activación",
  description: "El enlace no es válido, ya se usó o venció. Regístrate de nuevo.",
  variant: "destructive",
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await readActivationEmail(token);
  return { token: email ? token : "", email };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseWithSchema(activateAccountSchema, Object.fromEntries(await request.formData()));
  // The field's error says it all: no toast.
  if (!parsed.success) return data({ errors: parsed.errors, toast: null }, { status: 400 });
  const result = await activateCustomer(request, parsed.data.token, parsed.data.password);
  switch (result.status) {
    case "activated":
      return redirectWithToast(
        href("/perfil"),
        {
          title: "Registro Exitoso",
          description: "¡Bienvenido a la familia! Tu cuenta está lista para comprar y ver tus pedidos.",
          duration: 10_000,
        },
        { headers: result.cookies },
      );
    case "already-active":
      return redirectWithToast(href("/auth"), {
        title: "Cuenta Activa",
        description: "Tu cuenta ya está activa. Ingresa con tu correo y contraseña.",
      });
    case "wrong-password":
      return data(
        { errors: { password: "La contraseña no coincide con la que elegiste al registrarte." }, toast: null },
        { status: 400 },
      );
    case "expired":
      return data({ errors: {}, toast: expiredLinkToast }, { status: 400 });
    case "too-many-attempts":
      return data(
        {
          errors: {},
          toast: { title: "Error de Activación", description: result.message, variant: "destructive" as const },
        },
        { status: 429 },
      );
    case "failed":
      return data(
        {
          errors: {},
          toast: { title: "Error de Activación", description: result.message, variant: "destructive" as const },
        },
        { status: 500 },
      );
  }
}

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const f = useFormFields({}, actionData);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";

  if (!loaderData.email) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Enlace no válido</h1>
        <p className="mt-3 text-muted">
          El enlace para activar tu cuenta no es válido, ya se usó o venció. Regístrate de nuevo y te enviaremos uno
          nuevo.
        </p>
        <Button asChild className="mt-6">
          <Link to={`${href("/auth")}?tab=registro`}>Registrarse</Link>
        </Button>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-3xl font-bold">Activa tu cuenta</h1>
      <Form method="post" className="mt-6 flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm" noValidate>
        <p className="text-sm text-muted">
          {`Para activar la cuenta de ${loaderData.email}, ingresa la contraseña que elegiste al registrarte.`}
        </p>
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label="Contraseña"
          field={f.field("password")}
          inputProps={{ type: "password", autoComplete: "current-password", required: true }}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Activando…" : "Activar mi cuenta"}
        </Button>
      </Form>
    </section>
  );
}
