import { type AdminPaymentMethod, isOnlineMethod, providerNames } from "~/domain/settings/payment-methods";
import { ConfirmDeleteButton } from "~/ui/admin/confirm-dialog";
import { ImageUpload } from "~/ui/admin/image-upload";
import { CheckboxField, TextAreaField } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";

import { type OnlineMethodExtras, OnlineMethodFields } from "./online-method-fields";

// One payment method's card on /admin/configuracion/pagos: its header, the 'Activo' box and,
// while that box is ticked, its fields (a manual method's details and QR, an online method's
// provider, mode and keys).

/** The stored mode of an online method, plainly: real money or the provider's sandbox. */
function ModeBadge({ isLive }: { isLive: boolean }) {
  return isLive ? (
    <span className="inline-flex w-fit rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      Modo producción
    </span>
  ) : (
    <span className="inline-flex w-fit rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      Modo prueba
    </span>
  );
}

function MethodHeader({ method }: { method: AdminPaymentMethod }) {
  const online = isOnlineMethod(method);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-bold">{method.name}</h3>
          {online ? <ModeBadge isLive={method.isLive} /> : null}
        </div>
        <p className="text-sm text-muted">
          {online ? `Pago en línea (${providerNames[method.kind]})` : "Pago manual"}
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

function ManualFields({ f, method }: { f: FormFields; method: AdminPaymentMethod }) {
  const qrImage = `methods.${method.id}.qrImage`;
  return (
    <>
      <TextAreaField
        label="Detalles para el cliente"
        hint="Número, titular o cuenta; se muestran en el carrito y en el mensaje de WhatsApp."
        field={{ ...f.field(`methods.${method.id}.details`), id: `${method.id}-details` }}
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

export function PaymentMethodCard({
  method,
  f,
  extras,
}: {
  method: AdminPaymentMethod;
  f: FormFields;
  extras: OnlineMethodExtras;
}) {
  const active = { ...f.checkbox(`methods.${method.id}.isActive`), id: `${method.id}-active` };
  return (
    <li className="group/method rounded-xl border bg-surface p-4" data-payment-method={method.id}>
      <MethodHeader method={method} />
      <CheckboxField
        field={active}
        className="mt-3"
        label={`Activo (se ofrece en el carrito)`}
        inputProps={{ "aria-label": `${method.name} activo`, ...{ "data-method-active": "" } }}
      />
      {/* Hidden, not removed, while inactive: its values are kept and saved as they are. Shown by
          CSS on the ticked box, so a box ticked before the scripts arrive shows them too. */}
      <div className="mt-4 hidden flex-col gap-4 group-has-[[data-method-active]:checked]/method:flex">
        {isOnlineMethod(method) ? (
          <OnlineMethodFields f={f} method={method} extras={extras} />
        ) : (
          <ManualFields f={f} method={method} />
        )}
      </div>
    </li>
  );
}
