import { data, Form, href, Link, useNavigation } from "react-router";

import { forgotPasswordSchema, resetPasswordSchema, toFieldErrors } from "~/domain/account/account";
import { isRecoveryTokenValid, requestPasswordRecovery, resetForgottenPassword } from "~/domain/account/account.server";
import { translateAuthError } from "~/domain/account/auth-errors";
import { RECOVERY_MAIL_UNAVAILABLE, RECOVERY_MAIL_UNAVAILABLE_INQUIRY } from "~/domain/account/mail-unavailable";
import { pageTitle } from "~/domain/content/seo";
import { getClientIp } from "~/lib/client-ip.server";
import { logError } from "~/lib/log.server";
import { isMailServerConfigured } from "~/lib/mail.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { MailUnavailableNotice } from "~/ui/account/mail-unavailable-notice";
import { Field } from "~/ui/form/field";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
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

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "reset") {
    const parsed = resetPasswordSchema.safeParse(form);
    if (!parsed.success)
      return data({ errors: toFieldErrors(parsed.error), toast: null, sent: false }, { status: 400 });
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
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), toast: null, sent: false }, { status: 400 });
  try {
    await requestPasswordRecovery(parsed.data.email, getClientIp(context));
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

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(loaderData.toast);
  useToastFrom(actionData?.toast);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const mailNotice = loaderData.isMailConfigured ? null : (
    <MailUnavailableNotice inquiry={RECOVERY_MAIL_UNAVAILABLE_INQUIRY}>
      {RECOVERY_MAIL_UNAVAILABLE}
    </MailUnavailableNotice>
  );

  if (loaderData.mode === "expired") {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Error de Sesión de Recuperación</h1>
        <p className="mt-3 text-muted">
          {loaderData.isMailConfigured
            ? "El enlace no es válido, ya se usó o venció. Pide uno nuevo: llega en un minuto."
            : "El enlace no es válido, ya se usó o venció."}
        </p>
        <Button asChild className="mt-6">
          <Link to={href("/auth/forgot-password")}>Solicitar un nuevo enlace</Link>
        </Button>
      </section>
    );
  }

  if (loaderData.mode === "reset") {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-center text-3xl font-bold">Elige una nueva contraseña</h1>
        <Form method="post" className="mt-6 flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm" noValidate>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            label="Nueva contraseña"
            error={errors.password}
            inputProps={{
              name: "password",
              type: "password",
              autoComplete: "new-password",
              required: true,
              minLength: 6,
            }}
          />
          <Field
            label="Confirmar nueva contraseña"
            error={errors.confirmPassword}
            inputProps={{ name: "confirmPassword", type: "password", autoComplete: "new-password", required: true }}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Guardando…" : "Guardar contraseña"}
          </Button>
        </Form>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-3xl font-bold">Recuperar Contraseña</h1>
      {actionData?.sent ? (
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
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm" noValidate>
          <p className="text-sm text-muted">
            Escribe el correo de tu cuenta y te enviaremos un enlace para restablecer tu contraseña.
          </p>
          {mailNotice}
          <input type="hidden" name="intent" value="request" />
          <Field
            label="Correo electrónico"
            error={errors.email}
            inputProps={{ name: "email", type: "email", autoComplete: "email", required: true }}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Enviando…" : "Enviar enlace"}
          </Button>
          <Link to={href("/auth")} className="text-center text-sm font-semibold text-primary-strong underline">
            Volver a Iniciar Sesión
          </Link>
        </Form>
      )}
    </section>
  );
}
