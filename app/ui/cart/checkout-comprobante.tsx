import { useState } from "react";

import { readRuc } from "~/domain/orders/comprobante";
import type { CheckoutField } from "~/domain/orders/order";
import { Field } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";

// 'Comprobante': a boleta (DNI or CE, optional) or a factura (RUC, razón social, dirección
// fiscal). Which fields show is switched by CSS on the checked radio (works without JavaScript).

const choiceClass =
  "flex flex-1 cursor-pointer items-center gap-2 rounded-xl border-2 border-gray-200 p-3 font-semibold transition-colors has-[:checked]:border-primary-strong has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-strong";

export function ComprobanteChoice({ form }: { form: FormFields<CheckoutField> }) {
  const chosen = form.value("comprobante") === "factura" ? "factura" : "boleta";
  // The RUC's digits are checked as the shopper leaves the field (the server checks them again);
  // null until then, so the server's own message shows.
  const [rucVerdict, setRucVerdict] = useState<string | null>(null);
  const ruc = form.field("ruc");
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Comprobante</legend>
      <div className="flex gap-2">
        {(["boleta", "factura"] as const).map((kind) => (
          <label key={kind} className={choiceClass}>
            <input
              id={`checkout-comprobante-${kind}`}
              type="radio"
              name="comprobante"
              value={kind}
              defaultChecked={chosen === kind}
              className="size-4 shrink-0 accent-primary-strong"
            />
            {kind === "boleta" ? "Boleta" : "Factura"}
          </label>
        ))}
      </div>
      <div className="flex flex-col gap-3 group-has-[#checkout-comprobante-factura:checked]/checkout:hidden">
        <Field
          label="DNI o carné de extranjería (opcional)"
          field={form.field("documento")}
          inputProps={{ maxLength: 20, autoComplete: "off", inputMode: "text", placeholder: "12345678" }}
        />
      </div>
      <div className="hidden flex-col gap-3 group-has-[#checkout-comprobante-factura:checked]/checkout:flex">
        <Field
          label="RUC"
          field={{ ...ruc, error: rucVerdict === null ? ruc.error : rucVerdict || undefined }}
          inputProps={{
            maxLength: 20,
            inputMode: "numeric",
            autoComplete: "off",
            placeholder: "20123456789",
            onBlur: (event) => {
              const typed = event.currentTarget.value.trim();
              const read = typed ? readRuc(typed) : null;
              setRucVerdict(read && "error" in read ? read.error : "");
            },
          }}
        />
        <Field
          label="Razón social"
          field={form.field("razonSocial")}
          inputProps={{ maxLength: 200, autoComplete: "organization" }}
        />
        <Field label="Dirección fiscal" field={form.field("direccionFiscal")} inputProps={{ maxLength: 300 }} />
      </div>
    </fieldset>
  );
}
