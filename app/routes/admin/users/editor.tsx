import { Form, href } from "react-router";

import { getAuth } from "~/auth/auth.server";
import { requireAdmin } from "~/auth/guards.server";
import {
  editUserFormSchema,
  isPlausibleUserId,
  MAIN_ADMIN_CREDENTIALS_MESSAGE,
  MAIN_ADMIN_NOTE,
  newUserFormSchema,
  roleLabels,
  USER_NOT_FOUND_MESSAGE,
} from "~/domain/users/user-admin";
import { createUser, getUserForEditor, updateUser } from "~/domain/users/user-admin.server";
import { formFailure, VALIDATION_TOAST_TITLE } from "~/lib/form.server";
import { type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Field, SelectField } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/editor";

/** Pulled up under the password fields it explains. */
const PASSWORD_HINT_CLASS = "-mt-3 text-sm text-muted md:col-span-2";
const LIST_URL = href("/admin/usuarios");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.user ? "Editar usuario" : "Nuevo usuario"} | Gestión` },
];

function redirectNotFound() {
  return redirectWithToast(LIST_URL, { title: "Error", description: USER_NOT_FOUND_MESSAGE, variant: "destructive" });
}

/** The user of /editar/:userId (null when unknown); undefined on /nuevo. */
async function readUser(params: { userId?: string }) {
  if (params.userId === undefined) return undefined;
  return isPlausibleUserId(params.userId) ? getUserForEditor(params.userId) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const user = await readUser(params);
  if (user === null) throw await redirectNotFound();
  return { user: user ?? null, isOwnAccount: user?.id === admin.id };
}

/** Passwords are never sent back to the page, even when the form is refused. */
function withoutPasswords(values: FormValues): FormValues {
  const { password: _password, confirmPassword: _confirmPassword, ...rest } = values;
  return rest;
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const user = await readUser(params);
  if (user === null) return redirectNotFound();
  const values = readFormValues(await request.formData());
  // The main administrator's username and role inputs are disabled, so not posted; so is
  // its e-mail for the other administrators.
  if (user?.isMainAdmin) {
    values.username ??= user.username;
    values.role ??= user.role;
    values.email ??= user.email;
  }
  const parsed = parseWithSchema(user ? editUserFormSchema(user.email) : newUserFormSchema, values);
  if (!parsed.success) {
    return formFailure(parsed.errors, withoutPasswords(values), {
      title: VALIDATION_TOAST_TITLE,
      description: parsed.firstMessage,
    });
  }

  const result = user ? await updateUser(admin, user.id, parsed.data) : await createUser(request, admin, parsed.data);
  if (result.status === "not-found") return redirectNotFound();
  if (result.status === "invalid") {
    return formFailure(result.errors, withoutPasswords(values), { title: "Error", description: result.message });
  }
  if (result.status === "refused") {
    return formFailure({}, withoutPasswords(values), { title: "Error", description: result.message }, 409);
  }
  const isOwnPasswordChanged = user?.id === admin.id && result.isPasswordChanged;
  if (isOwnPasswordChanged) {
    // As /admin/cuenta does: a password changed because it may have leaked must not leave
    // the other sessions of the account open. This one stays.
    await getAuth().api.revokeOtherSessions({ headers: request.headers });
  }
  if (!user) {
    return redirectWithToast(LIST_URL, {
      title: "Usuario Agregado",
      description: `El usuario ${result.username} ha sido añadido.`,
    });
  }
  return redirectWithToast(
    LIST_URL,
    result.isPasswordChanged
      ? {
          title: "Contraseña Cambiada",
          description: isOwnPasswordChanged
            ? `Se guardaron tus datos y tu nueva contraseña; tus otras sesiones abiertas se cerraron.`
            : `Se guardaron los datos de ${result.username} y su nueva contraseña; sus sesiones abiertas se cerraron.`,
        }
      : { title: "Usuario Actualizado", description: `Los datos de ${result.username} se guardaron.` },
  );
}

type EditedUser = Route.ComponentProps["loaderData"]["user"];

function EditorHeader({ user }: { user: EditedUser }) {
  return (
    <AdminPageHeader
      title={user ? "Editar Usuario" : "Nuevo Usuario"}
      description={
        user
          ? `Cuenta de ${user.username || user.email}.`
          : "Crea una cuenta: un administrador puede entrar al panel; un usuario, solo a la tienda."
      }
      actions={
        <Button asChild variant="ghost">
          <Link to={LIST_URL}>
            <AdminIcon name="arrow-left" /> Volver a usuarios
          </Link>
        </Button>
      }
    />
  );
}

function UsernameField({ f, user }: { f: FormFields; user: EditedUser }) {
  const isMainAdmin = user?.isMainAdmin ?? false;
  return (
    <div className="flex flex-col gap-1.5">
      <Field
        label="Nombre de Usuario"
        field={f.field("username")}
        inputProps={{
          autoComplete: "off",
          maxLength: 30,
          disabled: isMainAdmin,
          "aria-describedby": isMainAdmin ? "main-admin-note" : "username-hint",
        }}
      />
      {isMainAdmin ? null : (
        <p id="username-hint" className="text-sm text-muted">
          De 3 a 30 caracteres: letras, números, «_» o «.». Con él se ingresa al panel.
          {user && !user.hasUsername ? " Este cliente aún no tiene uno: elige uno para guardar." : ""}
        </p>
      )}
    </div>
  );
}

function RoleField({ f, isMainAdmin }: { f: FormFields; isMainAdmin: boolean }) {
  return (
    <div className="flex flex-col gap-1.5 md:col-span-2 md:max-w-[calc(50%-0.625rem)]">
      <SelectField
        label="Rol"
        field={f.field("role")}
        selectProps={{
          defaultValue: f.value("role") || "user",
          disabled: isMainAdmin,
          "aria-describedby": isMainAdmin ? "main-admin-note" : undefined,
        }}
      >
        <option value="user">{roleLabels.user}</option>
        <option value="admin">{roleLabels.admin}</option>
      </SelectField>
      {isMainAdmin ? (
        <p id="main-admin-note" className="text-sm text-muted">
          {MAIN_ADMIN_NOTE}
        </p>
      ) : null}
    </div>
  );
}

/** The new password twice, and under them what leaving them empty (or a locked account) means. */
function PasswordFields({
  f,
  isNew,
  isLocked,
  isOwnAccount,
}: {
  f: FormFields;
  isNew: boolean;
  isLocked: boolean;
  isOwnAccount: boolean;
}) {
  const passwordProps = { type: "password", autoComplete: "new-password", maxLength: 128, disabled: isLocked };
  return (
    <>
      <Field
        label={isNew ? "Contraseña" : "Nueva Contraseña"}
        field={f.field("password")}
        inputProps={{ ...passwordProps, "aria-describedby": isNew ? undefined : "password-hint" }}
      />
      <Field label="Confirmar Contraseña" field={f.field("confirmPassword")} inputProps={passwordProps} />
      {isNew ? null : (
        <p id="password-hint" className={PASSWORD_HINT_CLASS}>
          {isLocked
            ? MAIN_ADMIN_CREDENTIALS_MESSAGE
            : `Déjalas vacías para mantener la contraseña actual. Si escribes una nueva (mínimo 6 caracteres)${
                isOwnAccount ? ", tu sesión sigue abierta." : ", se cerrarán las sesiones abiertas de esta cuenta."
              }`}
        </p>
      )}
    </>
  );
}

export default function UserEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isOwnAccount } = loaderData;
  const isNew = user === null;
  // The owner's e-mail and password are theirs to change (the server refuses the others).
  const isCredentialsLocked = (user?.isMainAdmin ?? false) && !isOwnAccount;
  const f = useFormFields(
    { username: user?.username ?? "", email: user?.email ?? "", role: user?.role ?? "user" },
    actionData,
  );
  return (
    <>
      <EditorHeader user={user} />
      <AdminCard>
        <Form method="post" className="grid gap-5 md:grid-cols-2" noValidate>
          <UsernameField f={f} user={user} />
          <Field
            label="Email"
            field={f.field("email")}
            inputProps={{
              type: "email",
              autoComplete: "off",
              maxLength: 254,
              disabled: isCredentialsLocked,
              "aria-describedby": isCredentialsLocked ? "password-hint" : undefined,
            }}
          />
          <RoleField f={f} isMainAdmin={user?.isMainAdmin ?? false} />
          <PasswordFields f={f} isNew={isNew} isLocked={isCredentialsLocked} isOwnAccount={isOwnAccount} />
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <SubmitButton>{isNew ? "Crear Usuario" : "Guardar Cambios"}</SubmitButton>
            <Button asChild variant="outline">
              <Link to={LIST_URL}>Cancelar</Link>
            </Button>
          </div>
        </Form>
      </AdminCard>
    </>
  );
}
