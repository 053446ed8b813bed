import { Form, href, useLocation } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { changePasswordSchema } from "~/domain/account/account";
import { roleLabels } from "~/domain/users/user-admin";
import { changeAdminPassword } from "~/domain/users/user-admin.server";
import { formFailure, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { Field } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";

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
  // Passwords are never sent back to the page.
  if (!parsed.success)
    return formFailure(parsed.errors, {}, { title: VALIDATION_TOAST_TITLE, description: parsed.firstMessage });
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

type AccountData = Route.ComponentProps["loaderData"];

function AccountDetails({ account }: { account: AccountData }) {
  return (
    <AdminCard title="Datos de la cuenta">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold">Usuario</dt>
        <dd className="break-all">{account.username}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{account.email}</dd>
        <dt className="font-semibold">Rol</dt>
        <dd>
          {account.role}
          {account.isMainAdmin ? " (principal)" : ""}
        </dd>
      </dl>
    </AdminCard>
  );
}

function PasswordForm({ f }: { f: FormFields }) {
  // After a change the page redirects to itself: a new location key empties the form.
  const { key: locationKey } = useLocation();
  const passwordProps = { type: "password", autoComplete: "new-password", maxLength: 128 };
  return (
    <Form key={locationKey} method="post" className="flex flex-col gap-4" noValidate>
      <Field
        label="Contraseña actual"
        field={f.field("currentPassword")}
        inputProps={{ ...passwordProps, autoComplete: "current-password" }}
      />
      <Field label="Nueva contraseña" field={f.field("newPassword")} inputProps={passwordProps} />
      <Field label="Confirmar nueva contraseña" field={f.field("confirmPassword")} inputProps={passwordProps} />
      <p className="text-sm text-muted">
        Mínimo 6 caracteres. Al cambiarla se cierran tus sesiones en otros dispositivos.
      </p>
      <div>
        <SubmitButton>Cambiar Contraseña</SubmitButton>
      </div>
    </Form>
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const f = useFormFields({}, actionData);
  return (
    <>
      <AdminPageHeader title="Mi Cuenta" description="Tus datos de acceso al panel de gestión." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <AccountDetails account={loaderData} />
        <AdminCard title="Cambiar Contraseña">
          <PasswordForm f={f} />
        </AdminCard>
      </div>
    </>
  );
}
