import { data, Form, href, useNavigation } from "react-router";

import { requireUser } from "~/auth/guards.server";
import { changePasswordSchema, profileSchema } from "~/domain/account/account";
import { changeOwnPassword, getProfile, updateProfile } from "~/domain/account/account.server";
import { PROFILE_ERROR_TOAST } from "~/domain/account/auth-errors";
import { listCustomerOrders, reorder } from "~/domain/account/customer-orders.server";
import {
  EMAIL_CHANGE_MAIL_UNAVAILABLE,
  EMAIL_CHANGE_MAIL_UNAVAILABLE_INQUIRY,
  emailChangePendingNote,
} from "~/domain/account/mail-unavailable";
import { orderStatusBadgeClasses, orderStatusLabels } from "~/domain/account/order-status";
import { loadBookingsTab } from "~/domain/bookings/customer-bookings.server";
import { buildCatalogPath } from "~/domain/catalog/catalog-paths";
import { pageTitle } from "~/domain/content/seo";
import { cn } from "~/lib/cn";
import { parseWithSchema } from "~/lib/form-data";
import { logError } from "~/lib/log.server";
import { isMailServerConfigured } from "~/lib/mail.server";
import { formatMoney } from "~/lib/money";
import { parseRecordId } from "~/lib/parse";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { TabLinks } from "~/ui/account/auth-tabs";
import { BookingsTab } from "~/ui/account/bookings-tab";
import { MailUnavailableNotice } from "~/ui/account/mail-unavailable-notice";
import { PetsTab } from "~/ui/account/pets/pets-tab";
import { Field } from "~/ui/form/field";
import { type FormFields, useFormFields } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/profile";
import { isPetIntent, loadPetsTab, readProfilePost, runPetAction } from "./profile-pets.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Mi Perfil", matches) },
  { name: "robots", content: "noindex" },
];

const tabs = [
  { id: "perfil", label: "Mi Perfil" },
  { id: "contrasena", label: "Cambiar Contraseña" },
  { id: "pedidos", label: "Mis Pedidos" },
  { id: "mascotas", label: "Mis Mascotas" },
  { id: "reservas", label: "Mis Reservas" },
] as const;
type TabId = (typeof tabs)[number]["id"];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  const tab: TabId = tabs.some((candidate) => candidate.id === requested) ? (requested as TabId) : "perfil";
  const [profile, orders, pets, bookings] = await Promise.all([
    getProfile(user).catch((error: unknown) => {
      logError("Profile read failed", error, { userId: user.id });
      return null;
    }),
    tab === "pedidos" ? listCustomerOrders(user.id) : Promise.resolve([]),
    tab === "mascotas" ? loadPetsTab(user.id, url) : Promise.resolve(null),
    tab === "reservas" ? loadBookingsTab(user.id) : Promise.resolve(null),
  ]);
  const page = { tab, profile, orders, pets, bookings, isMailConfigured: isMailServerConfigured() };
  // The other tabs still work; the profile tab shows no form that could save blanks.
  if (!profile) return data({ ...page, toast: PROFILE_ERROR_TOAST }, { status: 500 });
  return { ...page, toast: null };
}

function errorToast(title: string, description: string): ToastMessage {
  return { title, description, variant: "destructive" };
}

type PostedForm = Record<string, FormDataEntryValue>;
type SessionUser = Awaited<ReturnType<typeof requireUser>>;

/** A refused form: the errors beside its fields, no toast. */
function refused(errors: Record<string, string>) {
  return data({ errors, toast: null }, { status: 400 });
}

async function saveProfile(request: Request, user: SessionUser, form: PostedForm) {
  const parsed = parseWithSchema(profileSchema, form);
  if (!parsed.success) return refused(parsed.errors);
  let result: Awaited<ReturnType<typeof updateProfile>>;
  try {
    result = await updateProfile(request, user, parsed.data);
  } catch (error) {
    logError("Profile update failed", error);
    return data(
      {
        errors: {},
        toast: errorToast("Error al Actualizar Perfil", "No pudimos guardar tus datos. Inténtalo de nuevo."),
      },
      { status: 500 },
    );
  }
  if (result.emailError) {
    return data({ errors: {}, toast: errorToast("Error al Actualizar Email", result.emailError) }, { status: 400 });
  }
  const isEmailPending = result.changed.includes("email");
  const hasOtherChanges = result.changed.some((key) => key !== "email");
  if (!isEmailPending && !hasOtherChanges) {
    return { errors: {}, toast: { title: "Sin cambios", description: "No se detectaron cambios para guardar." } };
  }
  const emailNote = emailChangePendingNote(parsed.data.email, isMailServerConfigured());
  return {
    errors: {},
    toast: hasOtherChanges
      ? {
          title: "Perfil Actualizado",
          description: isEmailPending ? `Tus datos han sido guardados. ${emailNote}` : "Tus datos han sido guardados.",
        }
      : { title: "Confirma tu nuevo correo", description: emailNote, duration: 10_000 },
  };
}

async function changePassword(request: Request, form: PostedForm) {
  const parsed = parseWithSchema(changePasswordSchema, form);
  if (!parsed.success) return refused(parsed.errors);
  const outcome = await changeOwnPassword(request, parsed.data);
  if (!outcome.ok) {
    return data({ errors: {}, toast: errorToast("Error al Cambiar Contraseña", outcome.message) }, { status: 400 });
  }
  return redirectWithToast(
    `${href("/perfil")}?tab=contrasena`,
    { title: "Contraseña Actualizada", description: "Tu contraseña ha sido cambiada." },
    { headers: outcome.cookies },
  );
}

async function reorderAgain({ request, context }: Route.ActionArgs, userId: string, form: PostedForm) {
  // Any other value than a record id names no order (and would make the query itself fail).
  const orderId = parseRecordId(form.orderId);
  const result = orderId === null ? null : await reorder(request, userId, orderId, context);
  if (!result) return data({ errors: {}, toast: errorToast("Error", "Pedido no encontrado.") }, { status: 404 });
  const headers = result.setCookie ? { "Set-Cookie": result.setCookie } : undefined;
  const skippedNote = result.skipped.length > 0 ? ` Sin stock suficiente: ${result.skipped.join(", ")}.` : "";
  if (result.added.length === 0) {
    return data(
      { errors: {}, toast: errorToast("Sin stock", `No pudimos agregar ningún producto.${skippedNote}`) },
      { headers },
    );
  }
  return redirectWithToast(
    href("/carrito"),
    {
      title: "¡Productos Agregados!",
      description: `Agregamos a tu carrito: ${result.added.join(", ")}.${skippedNote}`,
      duration: result.skipped.length > 0 ? 10_000 : undefined,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args.request);
  // Read bounded: the pet form may carry a photo.
  const posted = await readProfilePost(args.request);
  if (!posted.ok) return posted.failure;
  if (isPetIntent(posted.form.get("intent"))) return runPetAction(user.id, posted.form);
  const form = Object.fromEntries(posted.form);
  if (form.intent === "profile") return saveProfile(args.request, user, form);
  if (form.intent === "password") return changePassword(args.request, form);
  if (form.intent === "reorder") return reorderAgain(args, user.id, form);
  return data({ errors: {}, toast: errorToast("Error", "Acción no válida.") }, { status: 400 });
}

const dateFormat = new Intl.DateTimeFormat("es-PE", { dateStyle: "long", timeZone: "America/Lima" });

type CustomerOrder = Awaited<ReturnType<typeof listCustomerOrders>>[number];

function ProfileUnavailable() {
  return (
    <div role="alert" className="mt-6 rounded-2xl border bg-white p-8 text-center shadow-sm">
      <p className="text-muted">{PROFILE_ERROR_TOAST.description}</p>
      <Button asChild variant="outline" className="mt-4">
        <a href={href("/perfil")}>Recargar</a>
      </Button>
    </div>
  );
}

function ProfileForm({
  f,
  isMailConfigured,
  isSubmitting,
}: {
  f: FormFields;
  isMailConfigured: boolean;
  isSubmitting: boolean;
}) {
  return (
    <Form method="post" className="mt-6 grid gap-4 rounded-2xl border bg-white p-6 shadow-sm sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="profile" />
      <Field
        label="Nombre completo"
        field={f.field("fullName")}
        className="sm:col-span-2"
        inputProps={{ autoComplete: "name", required: true }}
      />
      <Field label="Teléfono" field={f.field("phone")} inputProps={{ type: "tel", autoComplete: "tel" }} />
      <Field
        label="Correo electrónico"
        field={f.field("email")}
        inputProps={{ type: "email", autoComplete: "email", required: true }}
      />
      <Field
        label="Dirección"
        field={f.field("address")}
        className="sm:col-span-2"
        inputProps={{ autoComplete: "street-address" }}
      />
      {isMailConfigured ? null : (
        <div className="sm:col-span-2">
          <MailUnavailableNotice inquiry={EMAIL_CHANGE_MAIL_UNAVAILABLE_INQUIRY}>
            {EMAIL_CHANGE_MAIL_UNAVAILABLE}
          </MailUnavailableNotice>
        </div>
      )}
      <Button type="submit" disabled={isSubmitting} className="sm:col-span-2 sm:justify-self-start">
        {isSubmitting ? "Guardando…" : "Guardar Cambios"}
      </Button>
    </Form>
  );
}

function PasswordForm({ f, isSubmitting }: { f: FormFields; isSubmitting: boolean }) {
  return (
    <Form method="post" className="mt-6 flex flex-col gap-4 rounded-2xl border bg-white p-6 shadow-sm" noValidate>
      <input type="hidden" name="intent" value="password" />
      <Field
        label="Contraseña actual"
        field={f.field("currentPassword")}
        inputProps={{ type: "password", autoComplete: "current-password", required: true }}
      />
      <Field
        label="Nueva contraseña"
        field={f.field("newPassword")}
        inputProps={{ type: "password", autoComplete: "new-password", required: true, minLength: 6 }}
      />
      <Field
        label="Confirmar nueva contraseña"
        field={f.field("confirmPassword")}
        inputProps={{ type: "password", autoComplete: "new-password", required: true }}
      />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? "Guardando…" : "Cambiar Contraseña"}
      </Button>
    </Form>
  );
}

function NoOrders() {
  return (
    <div className="mt-6 rounded-2xl border bg-white p-8 text-center shadow-sm">
      <Icon name="package-open" className="mx-auto size-10 text-primary-strong" aria-hidden />
      <p className="mt-3 text-muted">Todavía no tienes pedidos.</p>
      <Button asChild className="mt-4">
        <Link to={buildCatalogPath("products")}>Ver productos</Link>
      </Button>
    </div>
  );
}

function OrderCard({ order, isSubmitting }: { order: CustomerOrder; isSubmitting: boolean }) {
  return (
    <li className="rounded-2xl border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">Pedido {order.code}</h2>
          <p className="text-sm text-muted">
            {dateFormat.format(new Date(order.createdAt))} · {order.paymentMethodName}
          </p>
        </div>
        <span className={cn("rounded-full px-3 py-1 text-sm font-semibold", orderStatusBadgeClasses[order.status])}>
          {orderStatusLabels[order.status]}
        </span>
      </div>
      <ul className="mt-3 text-sm">
        {order.lines.map((line, index) => (
          <li key={index}>
            {line.quantity} × {line.title}
          </li>
        ))}
      </ul>
      {order.documents.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label={`Comprobantes del pedido ${order.code}`}>
          {order.documents.map((document) => (
            <li key={document.title}>
              <a
                href={document.pdfUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary-strong underline"
              >
                <Icon name="printer" aria-hidden /> {document.title} (PDF)
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-bold">Total: {formatMoney(order.totalCents)}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={href("/pedido/:code", { code: order.code })} aria-label={`Ver pedido ${order.code}`}>
              <Icon name="package-open" aria-hidden /> Ver pedido
            </Link>
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value="reorder" />
            <input type="hidden" name="orderId" value={order.id} />
            <Button type="submit" variant="outline" size="sm" disabled={isSubmitting}>
              <Icon name="rotate-ccw" aria-hidden /> Volver a pedir
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

function OrderList({ orders, isSubmitting }: { orders: CustomerOrder[]; isSubmitting: boolean }) {
  if (orders.length === 0) return <NoOrders />;
  return (
    <ul className="mt-6 flex flex-col gap-4">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} isSubmitting={isSubmitting} />
      ))}
    </ul>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(loaderData.toast);
  const { tab, profile, orders } = loaderData;
  const f = useFormFields(profile ?? undefined, actionData);
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Mi Cuenta</h1>
      {/* Four tabs do not fit one row of a phone: they wrap into two, the pill rounded to match. */}
      <div className="mt-6 [&>nav]:flex-wrap [&>nav]:rounded-3xl">
        <TabLinks
          current={tab}
          tabs={tabs.map((t) => ({ ...t, to: t.id === "perfil" ? href("/perfil") : `${href("/perfil")}?tab=${t.id}` }))}
        />
      </div>
      {tab === "perfil" && !profile ? <ProfileUnavailable /> : null}
      {tab === "perfil" && profile ? (
        <ProfileForm f={f} isMailConfigured={loaderData.isMailConfigured} isSubmitting={isSubmitting} />
      ) : null}
      {tab === "contrasena" ? <PasswordForm f={f} isSubmitting={isSubmitting} /> : null}
      {tab === "pedidos" ? <OrderList orders={orders} isSubmitting={isSubmitting} /> : null}
      {tab === "mascotas" && loaderData.pets ? <PetsTab view={loaderData.pets} actionData={actionData} /> : null}
      {tab === "reservas" && loaderData.bookings ? <BookingsTab {...loaderData.bookings} /> : null}
    </section>
  );
}
