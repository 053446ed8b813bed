import { data, Form, href, redirect, useNavigation } from "react-router";

import { getSessionUserOrSignedOut } from "~/auth/guards.server";
import { answerSignIn } from "~/auth/sign-in-answer.server";
import { adminSignInSchema } from "~/domain/users/admin-sign-in";
import { signInAdminLimited } from "~/domain/users/admin-sign-in.server";
import { getClientIp } from "~/lib/client-ip.server";
import { parseWithSchema } from "~/lib/form-data";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Field } from "~/ui/form/field";
import { useFormFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";

import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Gestión | Iniciar Sesión" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await getSessionUserOrSignedOut(request);
  if (user?.role === "admin") throw redirect(href("/admin/dashboard"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = parseWithSchema(adminSignInSchema, form);
  // The username typed comes back with any refusal; the password never does.
  const values = { username: typeof form.username === "string" ? form.username : "" };
  if (!parsed.success) return data({ values, errors: parsed.errors, toast: null }, { status: 400 });
  const outcome = await signInAdminLimited(request, getClientIp(context), parsed.data);
  return answerSignIn(outcome, values, {
    redirectTo: href("/admin/dashboard"),
    greeting: "Bienvenido, Administrador.",
  });
}

export default function AdminSignIn({ actionData }: Route.ComponentProps) {
  const f = useFormFields({}, actionData);
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-primary-soft px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <div className="flex flex-col items-center text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
            <AdminIcon name="lock-keyhole" className="size-6" />
          </span>
          <h1 className="mt-3 text-2xl font-bold">Panel de Gestión</h1>
          <p className="text-sm text-muted">Ingresa con tu usuario de administrador.</p>
        </div>
        <Form method="post" className="mt-6 flex flex-col gap-4">
          <Field
            label="Usuario"
            field={f.field("username")}
            inputProps={{ autoComplete: "username", required: true }}
          />
          <Field
            label="Contraseña"
            field={f.field("password")}
            inputProps={{ type: "password", autoComplete: "current-password", required: true }}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Ingresando…" : "Ingresar"}
          </Button>
        </Form>
        <a href={href("/")} className="mt-6 block text-center text-sm text-primary-strong underline">
          Volver a la tienda
        </a>
      </div>
    </main>
  );
}
