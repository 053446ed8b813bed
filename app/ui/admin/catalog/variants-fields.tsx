import { useState } from "react";

import { readVariantKeys, variantField } from "~/domain/catalog/variants";
import { AdminIcon, type AdminIconName } from "~/ui/admin/icons/admin-icon";
import { Field } from "~/ui/form/field";
import type { FormFields } from "~/ui/form/form-fields";
import { Button } from "~/ui/primitives/button";

import { PriceField, RevealedPriceField } from "./catalog-fields";

// The product editor's 'Presentaciones': one row per size (name, price, offer, stock, SKU,
// net weight), added, removed and reordered in the browser. Each row's inputs are named
// `v.{key}.{field}` and keep their key while rows move, so what was typed moves with them;
// the server reads the rows in the order the form posts them (presentaciones.ts).

function RowButtons({
  position,
  count,
  onMove,
  onRemove,
}: {
  position: number;
  count: number;
  onMove: (offset: number) => void;
  onRemove: () => void;
}) {
  const label = `presentación ${position + 1}`;
  const buttons: { name: string; icon: AdminIconName; isDisabled: boolean; onClick: () => void }[] = [
    { name: `Subir ${label}`, icon: "arrow-up", isDisabled: position === 0, onClick: () => onMove(-1) },
    { name: `Bajar ${label}`, icon: "arrow-down", isDisabled: position === count - 1, onClick: () => onMove(1) },
    { name: `Quitar ${label}`, icon: "trash-2", isDisabled: count === 1, onClick: onRemove },
  ];
  return (
    <div className="flex gap-1">
      {buttons.map(({ name, icon, isDisabled, onClick }) => (
        <Button
          key={name}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={name}
          disabled={isDisabled}
          onClick={onClick}
        >
          <AdminIcon name={icon} />
        </Button>
      ))}
    </div>
  );
}

/** One presentación's inputs. */
function VariantRow({ rowKey, form, isOnly }: { rowKey: string; form: FormFields; isOnly: boolean }) {
  const name = (field: string) => variantField(rowKey, field);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <input type="hidden" name={name("id")} value={form.value(name("id"))} />
      <input type="hidden" name={name("stockShown")} value={form.value(name("stockShown"))} />
      <Field
        label={isOnly ? "Nombre (opcional)" : "Nombre *"}
        field={form.field(name("name"))}
        hint={isOnly ? "Solo si el producto viene en varias presentaciones." : undefined}
        inputProps={{ maxLength: 60, placeholder: "p. ej. 3 kg o Talla M" }}
      />
      <PriceField label="Precio Regular (S/)" field={form.field(name("price"))} />
      <Field
        label="Stock"
        field={form.field(name("stock"))}
        inputProps={{ type: "number", inputMode: "numeric", step: "1", min: "0", placeholder: "0" }}
      />
      <Field
        label="SKU (opcional)"
        field={form.field(name("sku"))}
        inputProps={{ maxLength: 40, autoComplete: "off", spellCheck: false }}
      />
      <Field
        label="Peso neto en kg (opcional)"
        field={form.field(name("weight"))}
        hint="Para mostrar el precio por kg."
        inputProps={{ inputMode: "decimal", placeholder: "p. ej. 3 o 0.5" }}
      />
      <RevealedPriceField
        form={form}
        checkbox={{ name: name("isOfferActive"), label: "Oferta activa" }}
        price={{ name: name("offerPrice"), label: "Precio de Oferta (S/)" }}
      />
    </div>
  );
}

export function VariantsFields({ form }: { form: FormFields }) {
  const [keys, setKeys] = useState(() => {
    const stored = readVariantKeys(form.values);
    return stored.length > 0 ? stored : ["0"];
  });
  const move = (position: number, offset: number) =>
    setKeys((current) => {
      const next = [...current];
      const [moved] = next.splice(position, 1);
      next.splice(position + offset, 0, moved!);
      return next;
    });
  const add = () => setKeys((current) => [...current, String(Math.max(-1, ...current.map(Number)) + 1)]);
  const listError = form.error("variants");
  return (
    <fieldset className="flex flex-col gap-4 md:col-span-2" aria-describedby="presentaciones-hint">
      <legend className="text-base font-bold">Presentaciones</legend>
      <p id="presentaciones-hint" className="text-sm text-muted">
        Cada tamaño o talla con su precio, oferta y stock (por ejemplo 3 kg y 15 kg). Un producto sin tamaños tiene una
        sola presentación, sin nombre.
      </p>
      {listError ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {listError}
        </p>
      ) : null}
      {keys.map((key, position) => (
        <fieldset key={key} className="relative flex flex-col gap-3 rounded-xl border p-4 pt-12">
          <legend className="absolute top-4 left-4 font-semibold">Presentación {position + 1}</legend>
          <div className="absolute top-2 right-2">
            <RowButtons
              position={position}
              count={keys.length}
              onMove={(offset) => move(position, offset)}
              onRemove={() => setKeys((current) => current.filter((other) => other !== key))}
            />
          </div>
          <VariantRow rowKey={key} form={form} isOnly={keys.length === 1} />
        </fieldset>
      ))}
      <div>
        <Button type="button" variant="outline" onClick={add}>
          <AdminIcon name="plus" /> Agregar presentación
        </Button>
      </div>
    </fieldset>
  );
}
