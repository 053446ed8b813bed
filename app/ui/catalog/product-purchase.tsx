import { type ReactNode, useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";

import { getUnitPriceCents, LOW_STOCK_THRESHOLD, lowStockMessage, type Priced } from "~/domain/catalog/pricing";
import { pricePerKgCents } from "~/domain/catalog/variant-display";
import { formatMoney } from "~/lib/money";
import type { ToastMessage } from "~/lib/toast";
import { useFieldFromDom } from "~/ui/form/use-field-from-dom";
import { Icon } from "~/ui/icons/icon";
import { lazySlot, renderNothing } from "~/ui/lazy-slot";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import { PriceTag } from "./price-tag";

// The product page's buying part: the price, stock and add-to-cart button of the chosen
// presentación, the 'Presentación' radio group (inside the add-to-cart form, so choosing and
// adding works without JavaScript too) and, for a sold-out one, 'Avísame cuando haya stock'.

// 'Avísame cuando haya stock' (stock-alert-form.tsx, with the form kit) is a chunk of its own,
// out of the product page's first load (the 120 KB budget, docs/decisions/013): only a sold-out
// presentación shows it. The server renders it in full: this module waits for the chunk before
// any page is rendered. If the chunk cannot be fetched, the page goes on without the form.
const stockAlert = lazySlot(() =>
  import("./stock-alert-form").then(
    (module) => module.StockAlertForm,
    () => renderNothing,
  ),
);
if (import.meta.env.SSR) await stockAlert.preload();

export type PurchaseVariant = Priced & {
  id: number;
  name: string;
  stock: number;
  netWeightGrams: number | null;
  /** The most units one order may take of it: its stock, or the shop's per-order cap when smaller. */
  maxPerOrder: number;
};

function VariantPicker({
  items,
  initialId,
  onSelect,
}: {
  items: PurchaseVariant[];
  initialId: number;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">Presentación</legend>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <label
            key={item.id}
            className="flex min-h-12 cursor-pointer flex-col justify-center rounded-xl border-2 border-gray-300 bg-white px-4 py-1.5 text-sm has-[:checked]:border-primary-strong has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-strong"
          >
            <input
              id={`presentacion-${item.id}`}
              type="radio"
              name="variantId"
              value={item.id}
              defaultChecked={item.id === initialId}
              data-sold-out={item.stock === 0 ? "" : undefined}
              onChange={() => onSelect(item.id)}
              className="sr-only"
            />
            <span className="font-bold">{item.name}</span>
            <span className={item.stock === 0 ? "text-muted line-through" : "text-ink"}>
              {formatMoney(getUnitPriceCents(item))}
            </span>
            {item.stock === 0 ? <span className="text-xs font-semibold text-red-800">Agotado</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Each presentación's price (CSS shows the checked one's). */
function PricePanels({ shown }: { shown: PurchaseVariant[] }) {
  return shown.map((item) => {
    const perKg = pricePerKgCents(getUnitPriceCents(item), item.netWeightGrams);
    return (
      <div key={item.id} data-presentacion={item.id}>
        <PriceTag item={item} size="lg" />
        {perKg === null ? null : <p className="text-sm text-muted">{formatMoney(perKg)} por kg</p>}
      </div>
    );
  });
}

/** The stock notes of the presentaciones that have one: sold out, or the last few units. */
function StockNotes({ shown, hasChoice }: { shown: PurchaseVariant[]; hasChoice: boolean }) {
  return shown
    .filter((item) => item.stock <= LOW_STOCK_THRESHOLD)
    .map((item) => (
      <div key={item.id} data-presentacion={item.id}>
        <StockNote item={item} hasChoice={hasChoice} />
      </div>
    ));
}

/** 'Cantidad' and 'Agregar al Carrito' for an available presentación, a disabled 'Agotado' for a sold-out one (CSS picks). */
function PurchaseButtons({
  shown,
  isAdding,
  stepper,
}: {
  shown: PurchaseVariant[];
  isAdding: boolean;
  stepper: ReactNode;
}) {
  return (
    <>
      {shown.some((item) => item.stock > 0) ? (
        <div data-when-available="" className="flex flex-col gap-4">
          {stepper}
          <Button type="submit" size="lg" disabled={isAdding} className="w-full sm:w-auto" data-keep-clear="">
            <Icon name="shopping-cart" aria-hidden /> {isAdding ? "Agregando…" : "Agregar al Carrito"}
          </Button>
        </div>
      ) : null}
      {shown.some((item) => item.stock === 0) ? (
        <div data-when-sold-out="">
          <Button type="button" size="lg" disabled className="w-full sm:w-auto">
            Agotado
          </Button>
        </div>
      ) : null}
    </>
  );
}

const PURCHASE_ID = "product-purchase";

/**
 * What the checked presentación shows (its price, stock note and button) is switched by CSS on
 * the checked radio, so that a choice made before the scripts arrive shows at once and stays
 * what goes into the cart (the same as the checkout's options).
 */
function ChoiceStyle({ items }: { items: PurchaseVariant[] }) {
  const scope = `#${PURCHASE_ID}`;
  const soldOut = `${scope}:has(input[data-sold-out]:checked)`;
  const rules = [
    `${scope} [data-presentacion],${scope} [data-when-sold-out]{display:none}`,
    ...items.map(
      (item) => `${scope}:has(#presentacion-${item.id}:checked) [data-presentacion="${item.id}"]{display:block}`,
    ),
    `${soldOut} [data-when-available]{display:none}`,
    `${soldOut} [data-when-sold-out]{display:block}`,
  ];
  return <style>{rules.join("\n")}</style>;
}

function StockNote({ item, hasChoice }: { item: PurchaseVariant; hasChoice: boolean }) {
  if (item.stock === 0) {
    return (
      <p className="rounded-xl bg-red-50 p-3 font-semibold text-red-800" role="status">
        {hasChoice
          ? `${item.name} agotado: por ahora no tenemos unidades de esta presentación.`
          : "Producto agotado: por ahora no tenemos unidades disponibles."}
      </p>
    );
  }
  return (
    <p className="font-semibold text-amber-800" role="status">
      {lowStockMessage(item.stock)}
    </p>
  );
}

/**
 * 'Cantidad': − and + around a number field, 1 to the most one order may take of this
 * presentación (its stock, or the shop's per-order cap when smaller). Without JavaScript the
 * field alone works; the server checks the quantity again either way.
 */
function QuantityStepper({ max, title }: { max: number; title: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useFieldFromDom(inputRef, "quantity", "1");
  const clamp = (value: number) => Math.min(Math.max(1, Math.trunc(value) || 1), Math.max(1, max));
  const quantity = clamp(Number(typed));
  // The field is uncontrolled, so that hydration never writes over a number typed before it.
  const setQuantity = (next: (value: number) => number) => {
    const value = String(next(quantity));
    if (inputRef.current) inputRef.current.value = value;
    setTyped(value);
  };
  // Another presentación chosen may allow fewer units: what shows is what goes into the cart.
  // Only a change of `max` after the first render counts: at hydration the field holds what
  // the shopper typed for the presentación they had chosen by then.
  const shownMax = useRef(max);
  useEffect(() => {
    if (shownMax.current === max) return;
    shownMax.current = max;
    const input = inputRef.current;
    if (input && Number(input.value) > max) {
      input.value = String(Math.max(1, max));
      setTyped(input.value);
    }
  }, [max, setTyped]);
  const stepClass =
    "flex size-11 items-center justify-center rounded-full text-primary-strong hover:bg-primary-soft disabled:opacity-40";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="product-quantity" className="text-sm font-semibold">
        Cantidad
      </label>
      <div className="flex w-fit items-center rounded-full border-2 border-primary-strong">
        <button
          type="button"
          className={stepClass}
          onClick={() => setQuantity((value) => clamp(value - 1))}
          disabled={quantity <= 1}
          aria-label={`Quitar una unidad de ${title}`}
        >
          <Icon name="minus" className="size-4" aria-hidden />
        </button>
        <input
          ref={inputRef}
          id="product-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          defaultValue={1}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={(event) => {
            if (event.target.value !== String(quantity)) setQuantity(() => quantity);
          }}
          className="h-11 w-14 [appearance:textfield] bg-transparent text-center font-semibold [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepClass}
          onClick={() => setQuantity((value) => clamp(value + 1))}
          disabled={quantity >= max}
          aria-label={`Agregar una unidad de ${title}`}
        >
          <Icon name="plus" className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

export function ProductPurchase({
  productId,
  variants,
  initialId,
  email,
  title,
  children,
}: {
  productId: number;
  variants: PurchaseVariant[];
  initialId: number;
  email: string;
  /** The product's title, for the stepper's button names. */
  title: string;
  /** What sits between the price and the choice (the description). */
  children?: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [chosenId, setChosenId] = useFieldFromDom(formRef, "variantId", String(initialId));
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  const selected = variants.find((item) => String(item.id) === chosenId) ?? variants[0]!;
  const hasChoice = variants.length > 1;
  // Without a choice there is one presentación: nothing to switch.
  const shown = hasChoice ? variants : [selected];
  const select = (id: number) => {
    setChosenId(String(id));
    // A shared link opens the same size; the page is not reloaded for it.
    window.history.replaceState(window.history.state, "", `?presentacion=${id}`);
  };
  const isAdding = fetcher.state !== "idle";
  const hasSoldOut = variants.some((item) => item.stock === 0);
  // Choosing a sold-out presentación shows its form at once: the chunk is fetched ahead.
  useEffect(() => {
    if (hasSoldOut) void stockAlert.preload();
  }, [hasSoldOut]);
  return (
    <div id={PURCHASE_ID} className="contents">
      {hasChoice ? <ChoiceStyle items={variants} /> : null}
      <PricePanels shown={shown} />
      {children}
      <fetcher.Form ref={formRef} method="post" action={href("/carrito")} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        {hasChoice ? (
          <VariantPicker items={variants} initialId={initialId} onSelect={select} />
        ) : (
          <input type="hidden" name="variantId" value={selected.id} />
        )}
        <StockNotes shown={shown} hasChoice={hasChoice} />
        <PurchaseButtons
          shown={shown}
          isAdding={isAdding}
          stepper={<QuantityStepper max={Math.max(1, Math.min(selected.stock, selected.maxPerOrder))} title={title} />}
        />
      </fetcher.Form>
      {selected.stock === 0 ? (
        <stockAlert.Slot key={`${selected.id}:${email}`} productId={productId} variantId={selected.id} email={email} />
      ) : null}
    </div>
  );
}
