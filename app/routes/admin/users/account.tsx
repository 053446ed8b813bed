import { Form, href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { changePasswordSchema } from "~/domain/account/account";
import { roleLabels } from "~/domain/users/user-admin";
import { changeAdminPassword } from "~/domain/users/user-admin.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { Field } from "~/ui/form/field";
import { SubmitButton } from "~/ui/form/submit-button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Mi Cuenta | Gestión" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    username: admin.username ?? "",
    email: admin.email,
    role: roleLabels[admin.role],
    isMainAdmin: admin.isMainAdmin,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  const parsed = parseWithSchema(changePasswordSchema, values);
  if (!parsed.success) {
    return formFailure(parsed.errors, {}, { title: "Error de Validación", description: parsed.firstMessage });
  }
  const outcome = await changeAdminPassword(request, admin, parsed.data);
  if (!outcome.ok) {
    const errors = { currentPassword: outcome.message };
    return formFailure(errors, {}, { title: "Error al Cambiar Contraseña", description: outcome.message });
  }
  return redirectWithToast(
    href("/admin/cuenta"),
    {
      title: "Contraseña Cambiada",
      description: "Tu contraseña se actualizó. Las sesiones abiertas en otros dispositivos se cerraron.",
    },
    { headers: outcome.cookies },
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors;
  useToastFrom(actionData?.toast);
  // After a change the page redirects to itself: a new location key empties the form.
  const { key: locationKey } = useLocation();
  return (
    <>
      <AdminPageHeader title="Mi Cuenta" description="Tus datos de acceso al panel de gestión." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <AdminCard title="Datos de la cuenta">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">Usuario</dt>
            <dd className="break-all">{loaderData.username}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{loaderData.email}</dd>
            <dt className="font-semibold">Rol</dt>
            <dd>
              {loaderData.role}
              {loaderData.isMainAdmin ? " (principal)" : ""}
            </dd>
          </dl>
        </AdminCard>
        <AdminCard title="Cambiar Contraseña">
          <Form key={locationKey} method="post" className="flex flex-col gap-4" noValidate>
            <Field
              label="Contraseña actual"
              error={errors?.currentPassword}
              inputProps={{
                id: "currentPassword",
                name: "currentPassword",
                type: "password",
                autoComplete: "current-password",
                maxLength: 128,
              }}
            />
            <Field
              label="Nueva contraseña"
              error={errors?.newPassword}
              inputProps={{
                id: "newPassword",
                name: "newPassword",
                type: "password",
                autoComplete: "new-password",
                maxLength: 128,
              }}
            />
            <Field
              label="Confirmar nueva contraseña"
              error={errors?.confirmPassword}
              inputProps={{
                id: "confirmPassword",
                name: "confirmPassword",
                type: "password",
                autoComplete: "new-password",
                maxLength: 128,
              }}
            />
            <p className="text-sm text-muted">
              Mínimo 6 caracteres. Al cambiarla se cierran tus sesiones en otros dispositivos.
            </p>
            <div>
              <SubmitButton>Cambiar Contraseña</SubmitButton>
            </div>
          </Form>
        </AdminCard>
      </div>
    </>
  );
}
