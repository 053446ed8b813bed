import type { ReactNode } from "react";
import { data, Form, href, redirect, useNavigation } from "react-router";

import { getSessionUserOrSignedOut } from "~/auth/guards.server";
import { getSafeRedirect } from "~/auth/rules";
import { answerSignIn } from "~/auth/sign-in-answer.server";
import { registerSchema, signInSchema } from "~/domain/account/account";
import { signInCustomer } from "~/domain/account/account.server";
import {
  REGISTRATION_MAIL_UNAVAILABLE,
  REGISTRATION_MAIL_UNAVAILABLE_INQUIRY,
} from "~/domain/account/mail-unavailable";
import { registerCustomer } from "~/domain/account/registration.server";
import { pageTitle } from "~/domain/content/seo";
import { getClientIp } from "~/lib/client-ip.server";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema } from "~/lib/form-data";
import { isMailServerConfigured } from "~/lib/mail.server";
import type { ToastMessage } from "~/lib/toast";
import { TabLinks } from "~/ui/account/auth-tabs";
import { MailUnavailableNotice } from "~/ui/account/mail-unavailable-notice";
import { CheckboxField, Field } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Ingresar o Registrarse", matches) },
  { name: "robots", content: "noindex" },
];

function readRedirectTo(request: Request): string {
  return getSafeRedirect(new URL(request.url).searchParams.get("redirectTo"), href("/perfil"));
}

/** Whether a same-site address is the profile page, with or without a query or fragment. */
function isProfileUrl(target: string): boolean {
  const profilePath = href("/perfil");
  return target.startsWith(profilePath) && /^(?:[/?#]|$)/.test(target.slice(profilePath.length));
}

export async function loader({ request }: Route.LoaderArgs) {
  if ((await getSessionUserOrSignedOut(request)).user) throw redirect(readRedirectTo(request));
  const url = new URL(request.url);
  // Sent here from /perfil (a bookmark, an e-mail's link to an order): say why.
  const isFromProfile = isProfileUrl(getSafeRedirect(url.searchParams.get("redirectTo"), ""));
  return {
    tab: url.searchParams.get("tab") === "registro" ? "registro" : "ingreso",
    search: url.search,
    notice: isFromProfile ? "Debes iniciar sesión para ver tu perfil." : null,
    isMailConfigured: isMailServerConfigured(),
  };
}

type PostedForm = Record<string, FormDataEntryValue>;
/** Typed values come back with an error (passwords never do), so nothing is retyped. */
type TypedValues = { fullName: string; email: string; phone: string };

async function register(form: PostedForm, values: TypedValues, clientIp: string) {
  const parsed = parseWithSchema(registerSchema, form);
  if (!parsed.success) return data({ values, errors: parsed.errors, toast: null }, { status: 400 });
  const outcome = await registerCustomer(clientIp, parsed.data);
  if (!outcome.ok) return formFailure({}, values, { title: "Error de Registro", description: outcome.message });
  // The same answer for a new address and a registered one: what follows is in the e-mail.
  const toast: ToastMessage = isMailServerConfigured()
    ? {
        // The spec's toast when registration returns no session: 'Registro Exitoso' with the
        // verification e-mail notice, 10 s.
        title: "Registro Exitoso",
        description: "Te enviamos un correo para continuar con tu registro.",
        duration: 10_000,
      }
    : {
        title: "Registro Recibido",
        description: "La tienda todavía no puede enviar correos. Lee el aviso de esta página.",
        duration: 10_000,
      };
  return { values, errors: {}, toast, registeredEmail: parsed.data.email };
}

async function signIn(request: Request, form: PostedForm, values: TypedValues, clientIp: string) {
  const parsed = parseWithSchema(signInSchema, form);
  if (!parsed.success) return data({ values, errors: parsed.errors, toast: null }, { status: 400 });
  const outcome = await signInCustomer(request, clientIp, parsed.data);
  return answerSignIn(outcome, values, { redirectTo: readRedirectTo(request), greeting: "¡Bienvenido de nuevo!" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const clientIp = getClientIp(context);
  const values: TypedValues = {
    fullName: String(form.fullName ?? ""),
    email: String(form.email ?? ""),
    phone: String(form.phone ?? ""),
  };
  return form.intent === "register" ? register(form, values, clientIp) : signIn(request, form, values, clientIp);
}

type Tab = "ingreso" | "registro";

/** A tab's address: this page's query (redirectTo…) with or without `tab=registro`. */
function tabUrl(search: string, tab: Tab) {
  const next = new URLSearchParams(search);
  if (tab === "registro") next.set("tab", "registro");
  else next.delete("tab");
  const query = next.toString();
  return `${href("/auth")}${query ? `?${query}` : ""}`;
}

type FormProps = { f: FormFields; search: string; isSubmitting: boolean };

const privacyLabel = (
  <>
    He leído y acepto la{" "}
    <Link to={href("/privacidad")} target="_blank" className="font-semibold text-primary-strong underline">
      Política de Privacidad
    </Link>{" "}
    (Ley N.° 29733).
  </>
);

function RegisterForm({ f, search, isSubmitting, mailNotice }: FormProps & { mailNotice: ReactNode }) {
  return (
    <Form method="post" action={`${href("/auth")}${search}`} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="register" />
      {mailNotice}
      <Field
        label="Nombre completo"
        field={f.field("fullName")}
        inputProps={{ autoComplete: "name", required: true }}
      />
      <Field
        label="Correo electrónico"
        field={f.field("email")}
        inputProps={{ type: "email", autoComplete: "email", required: true }}
      />
      <Field label="Teléfono (opcional)" field={f.field("phone")} inputProps={{ type: "tel", autoComplete: "tel" }} />
      <Field
        label="Contraseña"
        field={f.field("password")}
        inputProps={{ type: "password", autoComplete: "new-password", required: true, minLength: 6 }}
      />
      <Field
        label="Confirmar contraseña"
        field={f.field("confirmPassword")}
        inputProps={{ type: "password", autoComplete: "new-password", required: true }}
      />
      <CheckboxField field={f.checkbox("acceptsPrivacy")} label={privacyLabel} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Creando cuenta…" : "Registrarse"}
      </Button>
    </Form>
  );
}

function SignInForm({ f, search, isSubmitting }: FormProps) {
  return (
    <Form method="post" action={`${href("/auth")}${search}`} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="sign-in" />
      <Field
        label="Correo electrónico"
        field={f.field("email")}
        inputProps={{ type: "email", autoComplete: "email", required: true }}
      />
      <Field
        label="Contraseña"
        field={f.field("password")}
        inputProps={{ type: "password", autoComplete: "current-password", required: true }}
      />
      <Link to={href("/auth/forgot-password")} className="self-end text-sm font-semibold text-primary-strong underline">
        ¿Olvidaste tu contraseña?
      </Link>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Ingresando…" : "Iniciar Sesión"}
      </Button>
    </Form>
  );
}

/** The answer to a registration, the same for a new address and a registered one. */
function RegistrationAnswer({ email, mailNotice }: { email: string; mailNotice: ReactNode }) {
  return (
    <div className="text-center" role="status" data-testid="registration-answer">
      <Icon
        name={mailNotice ? "mail-warning" : "mail-check"}
        className={`mx-auto size-10 ${mailNotice ? "text-amber-700" : "text-primary-strong"}`}
        aria-hidden
      />
      <h2 className="mt-3 text-xl font-bold">{mailNotice ? "Registro Recibido" : "Revisa tu Correo"}</h2>
      {mailNotice ? (
        <div className="mt-4">{mailNotice}</div>
      ) : (
        <p className="mt-2 text-muted">
          {`Te enviamos un correo a ${email} con los pasos para continuar: si tu cuenta es nueva, trae el enlace para activarla (vence en 24 horas). Si no lo ves en unos minutos, revisa la carpeta de correo no deseado.`}
        </p>
      )}
    </div>
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const f = useFormFields({}, actionData);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const { search } = loaderData;
  const isRegister = loaderData.tab === "registro";
  const mailNotice = loaderData.isMailConfigured ? null : (
    <MailUnavailableNotice inquiry={REGISTRATION_MAIL_UNAVAILABLE_INQUIRY}>
      {REGISTRATION_MAIL_UNAVAILABLE}
    </MailUnavailableNotice>
  );
  const registeredEmail = actionData && "registeredEmail" in actionData ? actionData.registeredEmail : null;

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-3xl font-bold">{isRegister ? "Crea tu cuenta" : "Ingresa a tu cuenta"}</h1>
      {loaderData.notice ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-center text-sm text-amber-900"
        >
          {loaderData.notice}
        </p>
      ) : null}
      <div className="mt-6">
        <TabLinks
          current={loaderData.tab}
          tabs={[
            { id: "ingreso", label: "Iniciar Sesión", to: tabUrl(search, "ingreso") },
            { id: "registro", label: "Registrarse", to: tabUrl(search, "registro") },
          ]}
        />
      </div>
      <div className="mt-6 rounded-2xl border bg-white p-6 shadow-sm">
        {registeredEmail ? (
          <RegistrationAnswer email={registeredEmail} mailNotice={mailNotice} />
        ) : isRegister ? (
          <RegisterForm f={f} search={search} isSubmitting={isSubmitting} mailNotice={mailNotice} />
        ) : (
          <SignInForm f={f} search={search} isSubmitting={isSubmitting} />
        )}
      </div>
    </section>
  );
}
