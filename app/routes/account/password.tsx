import type { ReactNode } from "react";
import { data, Form, href, useNavigation } from "react-router";

import { forgotPasswordSchema, resetPasswordSchema } from "~/domain/account/account";
import { isRecoveryTokenValid, requestPasswordRecovery, resetForgottenPassword } from "~/domain/account/account.server";
import { translateAuthError } from "~/domain/account/auth-errors";
import { RECOVERY_MAIL_UNAVAILABLE, RECOVERY_MAIL_UNAVAILABLE_INQUIRY } from "~/domain/account/mail-unavailable";
import { pageTitle } from "~/domain/content/seo";
import { getClientIp } from "~/lib/client-ip.server";
import { parseWithSchema } from "~/lib/form-data";
import { logError } from "~/lib/log.server";
import { isMailServerConfigured } from "~/lib/mail.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { MailUnavailableNotice } from "~/ui/account/mail-unavailable-notice";
import { Field } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/password";

// One module serves both URLs of the spec's "same password screen".
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Recuperar Contraseña", matches) },
  { name: "robots", content: "noindex" },
];

const expiredLinkToast: ToastMessage = {
  title: "Error de Sesión de Recuperación",
  description: "El enlace no es válido o ya venció. Solicita uno nuevo.",
  variant: "destructive",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(href("/auth/update-password"))) {
    return { mode: "request" as const, token: "", toast: null, isMailConfigured: isMailServerConfigured() };
  }
  const token = url.searchParams.get("token") ?? "";
  const isValid = token !== "" && token.length <= 200 && (await isRecoveryTokenValid(token));
  return isValid
    ? { mode: "reset" as const, token, toast: null, isMailConfigured: true }
    : { mode: "expired" as const, token: "", toast: expiredLinkToast, isMailConfigured: isMailServerConfigured() };
}

/** A refused form: the errors beside its fields, no toast (as every account form). */
function refused(errors: Record<string, string>) {
  return data({ errors, toast: null, sent: false }, { status: 400 });
}

async function resetPassword(form: Record<string, FormDataEntryValue>) {
  const parsed = parseWithSchema(resetPasswordSchema, form);
  if (!parsed.success) return refused(parsed.errors);
  const outcome = await resetForgottenPassword(parsed.data.token, parsed.data.password);
  if (!outcome.ok) {
    // A link that is no longer valid, or a valid one whose password could not be saved.
    const toast: ToastMessage = (await isRecoveryTokenValid(parsed.data.token))
      ? { title: "Error al Actualizar Contraseña", description: outcome.message, variant: "destructive" }
      : expiredLinkToast;
    return data({ errors: {}, toast, sent: false }, { status: 400 });
  }
  return redirectWithToast(href("/auth"), {
    title: "Contraseña Actualizada",
    description: "Ya puedes iniciar sesión con tu nueva contraseña.",
  });
}

async function requestRecovery(form: Record<string, FormDataEntryValue>, clientIp: string) {
  const parsed = parseWithSchema(forgotPasswordSchema, form);
  if (!parsed.success) return refused(parsed.errors);
  try {
    await requestPasswordRecovery(parsed.data.email, clientIp);
  } catch (error) {
    logError("Password recovery request failed", error);
    const toast: ToastMessage = {
      title: "Error en Solicitud",
      description: translateAuthError(error),
      variant: "destructive",
    };
    return data({ errors: {}, toast, sent: false }, { status: 500 });
  }
  const toast: ToastMessage = isMailServerConfigured()
    ? {
        title: "Solicitud Enviada",
        description: "Si el correo está registrado, recibirás un enlace para restablecer tu contraseña.",
        duration: 7000,
      }
    : {
        title: "Solicitud Recibida",
        description: "La tienda todavía no puede enviar correos. Lee el aviso de esta página.",
        duration: 7000,
      };
  return { errors: {}, sent: true, toast };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  return form.intent === "reset" ? resetPassword(form) : requestRecovery(form, getClientIp(context));
}

function ExpiredLink({ isMailConfigured }: { isMailConfigured: boolean }) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Error de Sesión de Recuperación</h1>
      <p className="mt-3 text-muted">
        {isMailConfigured
          ? "El enlace no es válido, ya se usó o venció. Pide uno nuevo: llega en un minuto."
          : "El enlace no es válido, ya se usó o venció."}
      </p>
      <Button asChild className="mt-6">
        <Link to={href("/auth/forgot-password")}>Solicitar un nuevo enlace</Link>
      </Button>
    </section>
  );
}

function ResetForm({ token, f, isSubmitting }: { token: string; f: FormFields; isSubmitting: boolean }) {
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-3xl font-bold">Elige una nueva contraseña</h1>
      <Form method="post" className="mt-6 flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm" noValidate>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        <Field
          label="Nueva contraseña"
          field={f.field("password")}
          inputProps={{ type: "password", autoComplete: "new-password", required: true, minLength: 6 }}
        />
        <Field
          label="Confirmar nueva contraseña"
          field={f.field("confirmPassword")}
          inputProps={{ type: "password", autoComplete: "new-password", required: true }}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Guardando…" : "Guardar contraseña"}
        </Button>
      </Form>
    </section>
  );
}

/** What the request form turns into once sent: check the mailbox, or the no-mail notice. */
function RequestSent({ mailNotice }: { mailNotice: ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border bg-white p-6 text-center shadow-sm" role="status">
      {mailNotice ? (
        <Icon name="mail-warning" className="mx-auto size-10 text-amber-700" aria-hidden />
      ) : (
        <Icon name="mail-check" className="mx-auto size-10 text-primary-strong" aria-hidden />
      )}
      <h2 className="mt-3 text-xl font-bold">{mailNotice ? "Solicitud Recibida" : "Revisa tu Correo"}</h2>
      {mailNotice ? (
        <div className="mt-4">{mailNotice}</div>
      ) : (
        <p className="mt-2 text-muted">
          Si el correo está registrado, te enviamos un enlace para elegir una nueva contraseña. Vence en 1 hora.
        </p>
      )}
      <Link to={href("/auth")} className="mt-4 inline-block font-semibold text-primary-strong underline">
        Volver a Iniciar Sesión
      </Link>
    </div>
  );
}

function RequestForm({ f, mailNotice, isSubmitting }: { f: FormFields; mailNotice: ReactNode; isSubmitting: boolean }) {
  return (
    <Form method="post" className="mt-6 flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm" noValidate>
      <p className="text-sm text-muted">
        Escribe el correo de tu cuenta y te enviaremos un enlace para restablecer tu contraseña.
      </p>
      {mailNotice}
      <input type="hidden" name="intent" value="request" />
      <Field
        label="Correo electrónico"
        field={f.field("email")}
        inputProps={{ type: "email", autoComplete: "email", required: true }}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Enviando…" : "Enviar enlace"}
      </Button>
      <Link to={href("/auth")} className="text-center text-sm font-semibold text-primary-strong underline">
        Volver a Iniciar Sesión
      </Link>
    </Form>
  );
}

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(loaderData.toast);
  const f = useFormFields({}, actionData);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const mailNotice = loaderData.isMailConfigured ? null : (
    <MailUnavailableNotice inquiry={RECOVERY_MAIL_UNAVAILABLE_INQUIRY}>
      {RECOVERY_MAIL_UNAVAILABLE}
    </MailUnavailableNotice>
  );

  if (loaderData.mode === "expired") return <ExpiredLink isMailConfigured={loaderData.isMailConfigured} />;
  if (loaderData.mode === "reset") return <ResetForm token={loaderData.token} f={f} isSubmitting={isSubmitting} />;
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-3xl font-bold">Recuperar Contraseña</h1>
      {actionData?.sent ? (
        <RequestSent mailNotice={mailNotice} />
      ) : (
        <RequestForm f={f} mailNotice={mailNotice} isSubmitting={isSubmitting} />
      )}
    </section>
  );
}
