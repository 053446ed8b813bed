import { data, Form, href } from "react-router";

import { requireAdmin } from "~/auth/guards.server";
import { readConfig } from "~/config.server";
import { notificationUrl } from "~/domain/payments/online-payment.server";
import {
  buildPaymentMethodsSchema,
  isOnlineMethod,
  missingSecretKeyMessage,
  newPaymentMethodSchema,
  providerNames,
  readNewPaymentMethodForm,
  readOnlineMethodForm,
  readPaymentMethodsForm,
  secretKeyFormatError,
  SIMILAR_METHOD_NAME,
  toPaymentMethodsFormValues,
  typedSecretFields,
  withoutSecrets,
} from "~/domain/settings/payment-methods";
import {
  addPaymentMethod,
  deletePaymentMethod,
  listAdminPaymentMethods,
  testPaymentMethodConnection,
  updatePaymentMethods,
} from "~/domain/settings/payment-methods.server";
import { formFailure } from "~/lib/form.server";
import { type FormValues, parseWithSchema, readFormValues } from "~/lib/form-data";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminCard, AdminPageHeader } from "~/ui/admin/admin-page";
import { PaymentMethodCard } from "~/ui/admin/settings/payment-method-card";
import { CheckboxField, Field, TextAreaField } from "~/ui/form/field";
import { type FormFields, formFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => [{ title: "Métodos de Pago | Gestión" }];

const PAYMENTS_PATH = href("/admin/configuracion/pagos");
const TEST_INTENT = "test:";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // An online method's secrets come only as hints ('••••1234'): never sealed, never plain.
  const methods = await listAdminPaymentMethods();
  return {
    methods,
    values: toPaymentMethodsFormValues(methods),
    notificationUrls: { mercadopago: notificationUrl("mercadopago"), stripe: notificationUrl("stripe") },
  };
}

/**
 * The answer to the methods form when it is not saved: the values typed, except the secrets
 * (never sent back to the browser), and which secret boxes to ask for again.
 */
function methodsFormAnswer(values: FormValues, errors: Record<string, string>, toast: ToastMessage, status: number) {
  return data({ errors, values: withoutSecrets(values), toast, retypeSecrets: typedSecretFields(values) }, { status });
}

/** 'Probar conexión': the provider asked with the keys typed (or stored), nothing saved. */
async function testConnection(values: FormValues, methodId: string) {
  const method = (await listAdminPaymentMethods()).find((candidate) => candidate.id === methodId);
  if (!method || !isOnlineMethod(method)) {
    return methodsFormAnswer(
      values,
      {},
      { title: "Error", description: "Ese método de pago no se paga en línea.", variant: "destructive" },
      404,
    );
  }
  const form = readOnlineMethodForm(values, method.id);
  const provider = form.provider === "stripe" || form.provider === "mercadopago" ? form.provider : method.kind;
  const keys = form[provider];
  const secretKey = keys.secretKey.trim();
  const secretField = `methods.${method.id}.${provider}.secretKey`;
  const formatError = secretKeyFormatError(provider, secretKey);
  if (formatError) {
    return methodsFormAnswer(
      values,
      { [secretField]: formatError },
      { title: "Error", description: formatError, variant: "destructive" },
      400,
    );
  }
  const result = await testPaymentMethodConnection(method.id, {
    provider,
    isLive: form.mode === "live",
    publicKey: keys.publicKey.trim(),
    secretKey,
    webhookSecret: keys.webhookSecret.trim(),
  });
  if (result.status === "missing-secret") {
    const message = missingSecretKeyMessage(provider, "test");
    return methodsFormAnswer(
      values,
      { [secretField]: message },
      { title: "Error", description: message, variant: "destructive" },
      400,
    );
  }
  if (result.status === "failed") {
    return methodsFormAnswer(values, {}, { title: "Error", description: result.reason, variant: "destructive" }, 200);
  }
  const unsaved = typedSecretFields(values).length > 0 ? " Pulsa Guardar para conservar las claves escritas." : "";
  return methodsFormAnswer(
    values,
    {},
    { title: "Conexión correcta", description: `Cuenta de ${providerNames[provider]}: ${result.account}.${unsaved}` },
    200,
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = readFormValues(await request.formData());
  // Whatever a refusal sends back, a secret typed (or posted by anyone) is not in it.
  const echoed = withoutSecrets(values);
  const intent = values.intent ?? "";
  if (intent.startsWith(TEST_INTENT)) return testConnection(values, intent.slice(TEST_INTENT.length));
  switch (intent) {
    case "add": {
      const parsed = parseWithSchema(newPaymentMethodSchema, readNewPaymentMethodForm(values));
      if (!parsed.success) return formFailure(parsed.errors, echoed, { description: parsed.firstMessage });
      const result = await addPaymentMethod(admin.id, parsed.data);
      if (result.status === "similar-name") {
        return formFailure({ name: SIMILAR_METHOD_NAME }, echoed, { description: SIMILAR_METHOD_NAME }, 409);
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
          echoed,
          { title: "Acción no permitida", description: "No puedes eliminar un método de pago por defecto." },
          403,
        );
      }
      if (result.status === "missing") {
        return formFailure({}, echoed, { description: "Ese método de pago ya no existe." }, 404);
      }
      return redirectWithToast(PAYMENTS_PATH, {
        title: "Método de Pago Eliminado",
        description: `«${result.name}» ya no se ofrece en el carrito.`,
      });
    }
    default: {
      // Only the methods the page showed: one added meanwhile (another tab, another
      // administrator) has no fields in this form, and must not be switched off and emptied.
      const methods = (await listAdminPaymentMethods()).filter((method) =>
        Object.hasOwn(values, `methods.${method.id}.details`),
      );
      const schema = buildPaymentMethodsSchema(methods, readConfig().appUrl);
      const parsed = parseWithSchema(schema, readPaymentMethodsForm(values, methods));
      if (!parsed.success) {
        return methodsFormAnswer(
          values,
          parsed.errors,
          { title: "Error", description: parsed.firstMessage, variant: "destructive" },
          400,
        );
      }
      await updatePaymentMethods(admin.id, parsed.data.methods);
      return redirectWithToast(PAYMENTS_PATH, {
        title: "Métodos de Pago Actualizados",
        description: "El carrito ya muestra los cambios.",
      });
    }
  }
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
  // Each form gets back what it sent (the methods form without its secrets); a refused
  // delete leaves both as they were.
  const answeredIntent = actionData?.values.intent ?? "";
  const answeredMethods = answeredIntent === "save" || answeredIntent.startsWith(TEST_INTENT);
  const methods = answeredMethods ? formFields(actionData!.values, actionData!.errors) : formFields(loaderData.values);
  const added =
    answeredIntent === "add"
      ? formFields(actionData!.values, actionData!.errors, "new-method-")
      : formFields({ isActive: "on" }, {}, "new-method-");
  const version = loaderData.methods.map((method) => method.id).join(",");
  // Saved: the form starts anew from what is stored, its secret boxes empty again.
  const savedVersion = loaderData.methods.map((method) => `${method.id}@${method.savedAt}`).join(",");
  const extras = {
    notificationUrls: loaderData.notificationUrls,
    // Only the names of the secret boxes typed before a refusal or a test: never what was typed.
    retypeSecrets: answeredMethods ? ((actionData as { retypeSecrets?: string[] }).retypeSecrets ?? []) : [],
  };

  return (
    <div className="max-w-4xl">
      <AdminPageHeader
        title="Métodos de Pago"
        description="Los métodos activos se ofrecen en el carrito con sus detalles. Los métodos por defecto no se pueden eliminar."
      />
      <div className="flex flex-col gap-6">
        <AdminCard title="Métodos disponibles">
          <Form method="post" key={savedVersion} className="flex flex-col gap-4" noValidate>
            {/* The form's first submit button is the one Enter presses: 'Guardar', not a card's 'Probar conexión'. */}
            <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden className="sr-only">
              Guardar
            </button>
            <ul className="flex flex-col gap-4">
              {loaderData.methods.map((method) => (
                <PaymentMethodCard key={method.id} method={method} f={methods} extras={extras} />
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
