import { useState } from "react";
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
import { type FieldErrors, type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import { formFailure } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { ImageUpload } from "~/ui/admin/image-upload";
import { CheckboxField, Field, TextAreaField } from "~/ui/form/field";
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

function MethodCard({
  method,
  values,
  errors,
}: {
  method: AdminPaymentMethod;
  values: FormValues;
  errors: FieldErrors;
}) {
  const prefix = `methods.${method.id}`;
  const [isActive, setIsActive] = useState(values[`${prefix}.isActive`] === "on");
  return (
    <li className="rounded-xl border bg-surface p-4" data-payment-method={method.id}>
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
      <CheckboxField
        id={`${method.id}-active`}
        className="mt-3"
        label={`Activo (se ofrece en el carrito)`}
        inputProps={{
          name: `${prefix}.isActive`,
          checked: isActive,
          onChange: (event) => setIsActive(event.target.checked),
          "aria-label": `${method.name} activo`,
        }}
      />
      {/* Hidden, not removed, while inactive: its values are kept and saved as they are. */}
      <div className="mt-4 flex flex-col gap-4" hidden={!isActive}>
        {method.kind === "stripe" ? (
          <>
            <Field
              label="Mensaje para el cliente"
              error={errors[`${prefix}.details`]}
              inputProps={{
                id: `${method.id}-details`,
                name: `${prefix}.details`,
                defaultValue: values[`${prefix}.details`],
                maxLength: 1000,
              }}
            />
            <Field
              label="Clave publicable (Publishable Key)"
              error={errors[`${prefix}.publishableKey`]}
              inputProps={{
                id: `${method.id}-publishable-key`,
                name: `${prefix}.publishableKey`,
                defaultValue: values[`${prefix}.publishableKey`],
                placeholder: "pk_live_…",
                autoComplete: "off",
                spellCheck: false,
              }}
            />
            <Field
              label="ID de precio (opcional)"
              error={errors[`${prefix}.priceId`]}
              inputProps={{
                id: `${method.id}-price-id`,
                name: `${prefix}.priceId`,
                defaultValue: values[`${prefix}.priceId`],
                placeholder: "price_…",
                autoComplete: "off",
                spellCheck: false,
              }}
            />
          </>
        ) : (
          <>
            <TextAreaField
              id={`${method.id}-details`}
              label="Detalles para el cliente"
              hint="Número, titular o cuenta; se muestran en el carrito y en el mensaje de WhatsApp."
              error={errors[`${prefix}.details`]}
              textareaProps={{
                name: `${prefix}.details`,
                defaultValue: values[`${prefix}.details`],
                rows: 3,
                maxLength: 1000,
              }}
            />
            <ImageUpload
              name={`${prefix}.qrImage`}
              label="Código QR (opcional)"
              hint="Para Yape, Plin u otras billeteras: el carrito lo muestra al elegir este método."
              defaultValue={values[`${prefix}.qrImage`]}
              error={errors[`${prefix}.qrImage`]}
              previewFit="object-contain"
            />
          </>
        )}
      </div>
    </li>
  );
}

export default function PaymentMethodsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  // Each form gets back what it sent; a refused delete leaves both as they were.
  const failedIntent = actionData?.values.intent;
  const methodValues = failedIntent === "save" ? actionData!.values : loaderData.values;
  const methodErrors = failedIntent === "save" ? actionData!.errors : {};
  const newValues: FormValues = failedIntent === "add" ? actionData!.values : { isActive: "on" };
  const newErrors = failedIntent === "add" ? actionData!.errors : {};
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
                <MethodCard key={method.id} method={method} values={methodValues} errors={methodErrors} />
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
          <Form method="post" key={`new-${version}`} className="flex flex-col gap-4" noValidate>
            <Field
              label="Nombre"
              error={newErrors.name}
              inputProps={{
                id: "new-method-name",
                name: "name",
                defaultValue: newValues.name,
                maxLength: 60,
                placeholder: "Ej.: Depósito en efectivo",
              }}
            />
            <TextAreaField
              id="new-method-details"
              label="Detalles (opcional)"
              error={newErrors.details}
              textareaProps={{ name: "details", defaultValue: newValues.details, rows: 3, maxLength: 1000 }}
            />
            <CheckboxField
              id="new-method-active"
              label="Activo"
              inputProps={{ name: "isActive", defaultChecked: newValues.isActive === "on" }}
            />
            <div className="flex justify-end">
              <SubmitButton intent="add" variant="secondary">
                Añadir Método de Pago
              </SubmitButton>
            </div>
          </Form>
        </AdminCard>
      </div>
    </div>
  );
}
