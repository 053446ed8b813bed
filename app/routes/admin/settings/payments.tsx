import { Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import {
  type AdminPaymentMethod,
  buildPaymentMethodsSchema,
  newPaymentMethodSchema,
  readNewPaymentMethodForm,
  readPaymentMethodsForm,
  SIMILAR_METHOD_NAME,
  toPaymentMethodsFormValues,
} from "~/domain/settings/payment-methods";
import {
  addPaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  updatePaymentMethods,
} from "~/domain/settings/payment-methods.server";
import { formFailure } from "~/lib/form.server";
import { parseWithSchema, readFormValues } from "~/lib/form-data";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { ImageUpload } from "~/ui/admin/image-upload";
import { CheckboxField, Field, TextAreaField } from "~/ui/form/field";
import { type FormFields, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => [{ title: "Métodos de Pago | Gestión" }];

const PAYMENTS_PATH = href("/admin/configuracion/pagos");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const methods = await listPaymentMethods();
  return { methods, values: toPaymentMethodsFormValues(methods) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  switch (values.intent) {
    case "add": {
      const parsed = parseWithSchema(newPaymentMethodSchema, readNewPaymentMethodForm(values));
      if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
      const result = await addPaymentMethod(admin.id, parsed.data);
      if (result.status === "similar-name") {
        return formFailure({ name: SIMILAR_METHOD_NAME }, values, { description: SIMILAR_METHOD_NAME }, 409);
      }
      return redirectWithToast(PAYMENTS_PATH, {
        title: "Método de Pago Añadido",
        description: `«${result.method.name}» ya se ofrece en el carrito${parsed.data.isActive ? "" : " cuando lo actives"}.`,
      });
    }
    case "delete": {
      const result = await deletePaymentMethod(admin.id, values.id ?? "");
      if (result.status === "default") {
        return formFailure(
          {},
          values,
          { title: "Acción no permitida", description: "No puedes eliminar un método de pago por defecto." },
          403,
        );
      }
      if (result.status === "missing") {
        return formFailure({}, values, { description: "Ese método de pago ya no existe." }, 404);
      }
      return redirectWithToast(PAYMENTS_PATH, {
        title: "Método de Pago Eliminado",
        description: `«${result.name}» ya no se ofrece en el carrito.`,
      });
    }
    default: {
      // Only the methods the page showed: one added meanwhile (another tab, another
      // administrator) has no fields in this form, and must not be switched off and emptied.
      const methods = (await listPaymentMethods()).filter((method) =>
        Object.hasOwn(values, `methods.${method.id}.details`),
      );
      const parsed = parseWithSchema(buildPaymentMethodsSchema(methods), readPaymentMethodsForm(values, methods));
      if (!parsed.success) return formFailure(parsed.errors, values, { description: parsed.firstMessage });
      await updatePaymentMethods(admin.id, parsed.data.methods);
      return redirectWithToast(PAYMENTS_PATH, {
        title: "Métodos de Pago Actualizados",
        description: "El carrito ya muestra los cambios.",
      });
    }
  }
}

function MethodHeader({ method }: { method: AdminPaymentMethod }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h3 className="text-lg font-bold">{method.name}</h3>
        <p className="text-sm text-muted">
          {method.kind === "stripe" ? "Pago con tarjeta (Stripe)" : "Pago manual"}
          {method.isDefault ? " · Por defecto" : null}
        </p>
      </div>
      {method.isDefault ? (
        <p className="max-w-56 text-right text-xs text-muted">No se pueden eliminar métodos de pago por defecto.</p>
      ) : (
        <ConfirmDeleteButton
          itemName={`el método de pago «${method.name}»`}
          fields={{ intent: "delete", id: method.id }}
        />
      )}
    </div>
  );
}

/** A method's field: named `methods.<id>.<part>`, with the id the page has always given it. */
function methodField(f: FormFields, method: AdminPaymentMethod, part: string, id: string) {
  return { ...f.field(`methods.${method.id}.${part}`), id: `${method.id}-${id}` };
}

function StripeFields({ f, method }: { f: FormFields; method: AdminPaymentMethod }) {
  const keyProps = { autoComplete: "off", spellCheck: false };
  return (
    <>
      <Field
        label="Mensaje para el cliente"
        field={methodField(f, method, "details", "details")}
        inputProps={{ maxLength: 1000 }}
      />
      <Field
        label="Clave publicable (Publishable Key)"
        field={methodField(f, method, "publishableKey", "publishable-key")}
        inputProps={{ ...keyProps, placeholder: "pk_live_…" }}
      />
      <Field
        label="ID de precio (opcional)"
        field={methodField(f, method, "priceId", "price-id")}
        inputProps={{ ...keyProps, placeholder: "price_…" }}
      />
    </>
  );
}

function ManualFields({ f, method }: { f: FormFields; method: AdminPaymentMethod }) {
  const qrImage = `methods.${method.id}.qrImage`;
  return (
    <>
      <TextAreaField
        label="Detalles para el cliente"
        hint="Número, titular o cuenta; se muestran en el carrito y en el mensaje de WhatsApp."
        field={methodField(f, method, "details", "details")}
        textareaProps={{ rows: 3, maxLength: 1000 }}
      />
      <ImageUpload
        name={qrImage}
        label="Código QR (opcional)"
        hint="Para Yape, Plin u otras billeteras: el carrito lo muestra al elegir este método."
        defaultValue={f.values[qrImage]}
        error={f.error(qrImage)}
        previewFit="object-contain"
      />
    </>
  );
}

function MethodCard({ method, f }: { method: AdminPaymentMethod; f: FormFields }) {
  const active = { ...f.checkbox(`methods.${method.id}.isActive`), id: `${method.id}-active` };
  return (
    <li className="group/method rounded-xl border bg-surface p-4" data-payment-method={method.id}>
      <MethodHeader method={method} />
      <CheckboxField
        field={active}
        className="mt-3"
        label={`Activo (se ofrece en el carrito)`}
        inputProps={{ "aria-label": `${method.name} activo` }}
      />
      {/* Hidden, not removed, while inactive: its values are kept and saved as they are. Shown by
          CSS on the ticked box, so a box ticked before the scripts arrive shows them too. */}
      <div className="mt-4 hidden flex-col gap-4 group-has-[:checked]/method:flex">
        {method.kind === "stripe" ? <StripeFields f={f} method={method} /> : <ManualFields f={f} method={method} />}
      </div>
    </li>
  );
}

function NewMethodForm({ f, version }: { f: FormFields; version: string }) {
  return (
    <Form method="post" key={`new-${version}`} className="flex flex-col gap-4" noValidate>
      <Field
        label="Nombre"
        field={f.field("name")}
        inputProps={{ maxLength: 60, placeholder: "Ej.: Depósito en efectivo" }}
      />
      <TextAreaField
        label="Detalles (opcional)"
        field={f.field("details")}
        textareaProps={{ rows: 3, maxLength: 1000 }}
      />
      <CheckboxField label="Activo" field={{ ...f.checkbox("isActive"), id: "new-method-active" }} />
      <div className="flex justify-end">
        <SubmitButton intent="add" variant="secondary">
          Añadir Método de Pago
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function PaymentMethodsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  // Each form gets back what it sent; a refused delete leaves both as they were.
  const failedIntent = actionData?.values.intent;
  const methods =
    failedIntent === "save" ? formFields(actionData!.values, actionData!.errors) : formFields(loaderData.values);
  const added =
    failedIntent === "add"
      ? formFields(actionData!.values, actionData!.errors, "new-method-")
      : formFields({ isActive: "on" }, {}, "new-method-");
  const version = loaderData.methods.map((method) => method.id).join(",");

  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Métodos de Pago"
        description="Los métodos activos se ofrecen en el carrito con sus detalles. Los métodos por defecto no se pueden eliminar."
      />
      <div className="flex flex-col gap-6">
        <AdminCard title="Métodos disponibles">
          <Form method="post" key={version} className="flex flex-col gap-4" noValidate>
            <ul className="flex flex-col gap-4">
              {loaderData.methods.map((method) => (
                <MethodCard key={method.id} method={method} f={methods} />
              ))}
            </ul>
            <div className="flex justify-end">
              <SubmitButton size="lg" intent="save">
                Guardar
              </SubmitButton>
            </div>
          </Form>
        </AdminCard>
        <AdminCard title="Añadir método de pago">
          <NewMethodForm f={added} version={version} />
        </AdminCard>
      </div>
    </div>
  );
}
