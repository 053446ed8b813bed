import type { ReactNode } from "react";

import type { OnlineProviderId } from "~/domain/payments/provider";
import { type AdminPaymentMethod, onlineMethodNames, type StoredSecret } from "~/domain/settings/payment-methods";
import { Field, FieldError } from "~/ui/form/field";
import type { FieldBinding, FormFields } from "~/ui/form/form-fields";
import { SubmitButton } from "~/ui/form/submit-button";
import { Input } from "~/ui/primitives/input";

// An online method's fields (issue 45): the provider and the mode as radio buttons, and one
// set of key boxes per provider. Which set shows is CSS on the checked radio, so the choice
// shows before the scripts arrive (ADR 032); both sets are posted, the server reads the
// chosen one. Secret boxes always start empty: the screen only knows a stored secret's last
// four characters.

export type OnlineMethodExtras = {
  /** Where each provider sends its notifications, to copy into its panel. */
  notificationUrls: Record<OnlineProviderId, string>;
  /** Secret boxes typed in before a refusal: the answer did not bring them back. */
  retypeSecrets: string[];
};

type OnlineMethod = AdminPaymentMethod & { kind: OnlineProviderId };

const providerOptions = [
  ["mercadopago", onlineMethodNames.mercadopago],
  ["stripe", onlineMethodNames.stripe],
] as const;

const modeOptions = [
  ["test", "Prueba (sandbox)"],
  ["live", "Producción (cobros reales)"],
] as const;

/** Shown only while the chosen provider's radio is checked (CSS; the card is the group). */
const shownFor: Record<OnlineProviderId, string> = {
  mercadopago: "hidden flex-col gap-4 group-has-[[data-provider=mercadopago]:checked]/method:flex",
  stripe: "hidden flex-col gap-4 group-has-[[data-provider=stripe]:checked]/method:flex",
};

function RadioChoice({
  legend,
  hint,
  name,
  f,
  idPrefix,
  options,
  dataName,
}: {
  legend: string;
  hint: string;
  name: string;
  f: FormFields;
  idPrefix: string;
  options: readonly (readonly [string, string])[];
  dataName: "data-provider" | "data-mode";
}) {
  const error = f.error(name);
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={[`${idPrefix}-hint`, error ? `${idPrefix}-error` : ""].join(" ").trim()}
    >
      <legend className="text-sm font-semibold">{legend}</legend>
      <p id={`${idPrefix}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              id={`${idPrefix}-${value}`}
              name={name}
              value={value}
              defaultChecked={f.value(name) === value}
              aria-invalid={error ? true : undefined}
              className="size-4 shrink-0 accent-primary-strong"
              {...{ [dataName]: value }}
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={`${idPrefix}-error`} message={error} />
    </fieldset>
  );
}

/** What the screen says of a stored secret, under its box. */
function storedSecretHint(stored: StoredSecret): ReactNode {
  if (stored?.status === "stored") {
    return (
      <>
        Guardada: <span className="font-mono">{stored.hint}</span>. Déjalo vacío para conservar la guardada.
      </>
    );
  }
  if (stored?.status === "unreadable") {
    return "La guardada no se puede leer (se guardó con otra clave secreta de la tienda): escríbela de nuevo.";
  }
  return "Aún no hay ninguna guardada.";
}

/** A password box that starts empty, with what is stored and, after a refusal, a request to type it again. */
function SecretField({
  label,
  field,
  formatHint,
  stored,
  placeholder,
  retype,
}: {
  label: string;
  field: FieldBinding;
  formatHint: string;
  stored: StoredSecret;
  placeholder: string;
  retype: boolean;
}) {
  const { id, name, error } = field;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {formatHint} {storedSecretHint(stored)}
      </p>
      <Input
        id={id}
        name={name}
        type="password"
        defaultValue=""
        autoComplete="new-password"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={500}
        placeholder={placeholder}
        className="peer font-mono"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].join(" ").trim()}
      />
      {retype ? (
        // Only while the box is empty: after a refusal without scripts the page comes back without it.
        <p className="hidden text-sm text-amber-800 peer-placeholder-shown:block">
          No se guardó: por seguridad, escríbela de nuevo.
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The address to paste into the provider's panel: text that wraps on a phone, selected whole by one tap. */
function NotificationUrl({ id, url, hint }: { id: string; url: string; hint: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-semibold">Dirección de notificaciones</p>
      <p className="text-sm text-muted">{hint}</p>
      <code
        id={id}
        className="block rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm break-all select-all"
      >
        {url}
      </code>
    </div>
  );
}

type SetProps = { f: FormFields; method: OnlineMethod; extras: OnlineMethodExtras };

/** A key box of one provider's set: named `methods.<id>.<provider>.<part>`. */
function keyField(f: FormFields, method: OnlineMethod, provider: OnlineProviderId, part: string) {
  return { ...f.field(`methods.${method.id}.${provider}.${part}`), id: `${method.id}-${provider}-${part}` };
}

/** A stored secret belongs to the provider stored: the other set has none. */
function storedFor(method: OnlineMethod, provider: OnlineProviderId, secret: "secretKey" | "webhookSecret") {
  return method.kind === provider ? method[secret] : null;
}

const keyProps = { autoComplete: "off", spellCheck: false, autoCapitalize: "off", maxLength: 500 };

function MercadoPagoKeys({ f, method, extras }: SetProps) {
  const secret = (part: "secretKey" | "webhookSecret") => keyField(f, method, "mercadopago", part);
  return (
    <div className={shownFor.mercadopago} data-provider-keys="mercadopago">
      <Field
        label="Public Key"
        hint="En Mercado Pago › Tus integraciones › tu aplicación › Credenciales. Empieza con APP_USR- (o TEST- en pruebas)."
        field={keyField(f, method, "mercadopago", "publicKey")}
        inputProps={{ ...keyProps, placeholder: "APP_USR-…", className: "font-mono" }}
      />
      <SecretField
        label="Access Token"
        field={secret("secretKey")}
        formatHint="En el mismo lugar; empieza con APP_USR- o TEST-."
        stored={storedFor(method, "mercadopago", "secretKey")}
        placeholder="APP_USR-…"
        retype={extras.retypeSecrets.includes(secret("secretKey").name)}
      />
      <SecretField
        label="Clave secreta de notificaciones"
        field={secret("webhookSecret")}
        formatHint="En Tus integraciones › Webhooks, al configurar la dirección de abajo."
        stored={storedFor(method, "mercadopago", "webhookSecret")}
        placeholder="Clave secreta de Webhooks"
        retype={extras.retypeSecrets.includes(secret("webhookSecret").name)}
      />
      <NotificationUrl
        id={`${method.id}-mercadopago-notification-url`}
        url={extras.notificationUrls.mercadopago}
        hint="Cópiala en Mercado Pago › Tus integraciones › Webhooks › Configurar notificaciones, con el evento «Pagos»."
      />
    </div>
  );
}

function StripeKeys({ f, method, extras }: SetProps) {
  const secret = (part: "secretKey" | "webhookSecret") => keyField(f, method, "stripe", part);
  return (
    <div className={shownFor.stripe} data-provider-keys="stripe">
      <Field
        label="Clave publicable (Publishable key)"
        hint="En Stripe › Desarrolladores › Claves de API. Empieza con pk_test_ o pk_live_."
        field={keyField(f, method, "stripe", "publicKey")}
        inputProps={{ ...keyProps, placeholder: "pk_live_…", className: "font-mono" }}
      />
      <SecretField
        label="Clave secreta (Secret key)"
        field={secret("secretKey")}
        formatHint="Empieza con sk_test_, sk_live_ o rk_ (clave restringida)."
        stored={storedFor(method, "stripe", "secretKey")}
        placeholder="sk_live_…"
        retype={extras.retypeSecrets.includes(secret("secretKey").name)}
      />
      <SecretField
        label="Secreto de notificaciones (Signing secret)"
        field={secret("webhookSecret")}
        formatHint="Stripe lo muestra al crear el destino del webhook; empieza con whsec_."
        stored={storedFor(method, "stripe", "webhookSecret")}
        placeholder="whsec_…"
        retype={extras.retypeSecrets.includes(secret("webhookSecret").name)}
      />
      <NotificationUrl
        id={`${method.id}-stripe-notification-url`}
        url={extras.notificationUrls.stripe}
        hint="Cópiala en Stripe › Desarrolladores › Webhooks › Añadir destino, con los eventos checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed y checkout.session.expired."
      />
      <Field
        label="ID de precio (opcional)"
        field={keyField(f, method, "stripe", "priceId")}
        inputProps={{ ...keyProps, placeholder: "price_…", className: "font-mono" }}
      />
    </div>
  );
}

/** The online method's fields, inside its card's 'active' section. */
export function OnlineMethodFields({ f, method, extras }: SetProps) {
  return (
    <>
      <RadioChoice
        legend="Proveedor"
        hint="Al cambiar de proveedor, el método pasa a llamarse como la opción elegida y las claves guardadas del otro dejan de usarse."
        name={`methods.${method.id}.provider`}
        f={f}
        idPrefix={`${method.id}-provider`}
        options={providerOptions}
        dataName="data-provider"
      />
      <RadioChoice
        legend="Modo"
        hint="En prueba nadie paga de verdad: usa las credenciales de prueba del proveedor."
        name={`methods.${method.id}.mode`}
        f={f}
        idPrefix={`${method.id}-mode`}
        options={modeOptions}
        dataName="data-mode"
      />
      <Field
        label="Mensaje para el cliente"
        hint="Se muestra en el carrito junto al método."
        field={{ ...f.field(`methods.${method.id}.details`), id: `${method.id}-details` }}
        inputProps={{ maxLength: 1000 }}
      />
      <MercadoPagoKeys f={f} method={method} extras={extras} />
      <StripeKeys f={f} method={method} extras={extras} />
      <div className="flex flex-col items-start gap-2 rounded-lg bg-gray-50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          Prueba las claves escritas (o las guardadas, si dejas el campo vacío) sin guardar nada.
        </p>
        <SubmitButton intent={`test:${method.id}`} variant="outline" size="sm" pendingLabel="Probando…">
          Probar conexión
        </SubmitButton>
      </div>
    </>
  );
}
