import { type ReactNode, useEffect, useState } from "react";
import { href, useFetcher } from "react-router";

import { pricePerKgCents } from "~/domain/catalog/presentacion-display";
import { getUnitPriceCents, LOW_STOCK_THRESHOLD, type Priced } from "~/domain/catalog/pricing";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import type { ToastMessage } from "~/lib/toast";
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

export type PurchasePresentacion = Priced & {
  id: number;
  name: string;
  stock: number;
  netWeightGrams: number | null;
  /** The most units one order may take of it: its stock, or the shop's per-order cap when smaller. */
  maxPerOrder: number;
};

function PresentacionPicker({
  items,
  selectedId,
  onSelect,
}: {
  items: PurchasePresentacion[];
  selectedId: number;
  onSelect: (id: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">Presentación</legend>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <label
            key={item.id}
            className={cn(
              "flex min-h-12 cursor-pointer flex-col justify-center rounded-xl border-2 px-4 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-strong",
              item.id === selectedId ? "border-primary-strong bg-primary-soft" : "border-gray-300 bg-white",
            )}
          >
            <input
              type="radio"
              name="variantId"
              value={item.id}
              defaultChecked={item.id === selectedId}
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

function StockNote({ item, hasChoice }: { item: PurchasePresentacion; hasChoice: boolean }) {
  if (item.stock === 0) {
    return (
      <p className="rounded-xl bg-red-50 p-3 font-semibold text-red-800" role="status">
        {hasChoice
          ? `${item.name} agotado: por ahora no tenemos unidades de esta presentación.`
          : "Producto agotado: por ahora no tenemos unidades disponibles."}
      </p>
    );
  }
  if (item.stock > LOW_STOCK_THRESHOLD) return null;
  return (
    <p className="font-semibold text-amber-800" role="status">
      Últimas {item.stock} unidades disponibles
    </p>
  );
}

/**
 * 'Cantidad': − and + around a number field, 1 to the most one order may take of this
 * presentación (its stock, or the shop's per-order cap when smaller). Without JavaScript the
 * field alone works; the server checks the quantity again either way.
 */
function QuantityStepper({ max, title }: { max: number; title: string }) {
  const [quantity, setQuantity] = useState(1);
  const clamp = (value: number) => Math.min(Math.max(1, Math.trunc(value) || 1), Math.max(1, max));
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
          id="product-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={quantity}
          onChange={(event) => setQuantity(clamp(Number(event.target.value)))}
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
  presentaciones,
  initialId,
  email,
  title,
  children,
}: {
  productId: number;
  presentaciones: PurchasePresentacion[];
  initialId: number;
  email: string;
  /** The product's title, for the stepper's button names. */
  title: string;
  /** What sits between the price and the choice (the description). */
  children?: ReactNode;
}) {
  const [selectedId, setSelectedId] = useState(initialId);
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  const selected = presentaciones.find((item) => item.id === selectedId) ?? presentaciones[0]!;
  const hasChoice = presentaciones.length > 1;
  const perKg = pricePerKgCents(getUnitPriceCents(selected), selected.netWeightGrams);
  const select = (id: number) => {
    setSelectedId(id);
    // A shared link opens the same size; the page is not reloaded for it.
    window.history.replaceState(window.history.state, "", `?presentacion=${id}`);
  };
  const isAdding = fetcher.state !== "idle";
  const hasSoldOut = presentaciones.some((item) => item.stock === 0);
  // Choosing a sold-out presentación shows its form at once: the chunk is fetched ahead.
  useEffect(() => {
    if (hasSoldOut) void stockAlert.preload();
  }, [hasSoldOut]);
  return (
    <>
      <div>
        <PriceTag item={selected} size="lg" />
        {perKg === null ? null : <p className="text-sm text-muted">{formatMoney(perKg)} por kg</p>}
      </div>
      {children}
      <fetcher.Form method="post" action={href("/carrito")} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        {hasChoice ? (
          <PresentacionPicker items={presentaciones} selectedId={selected.id} onSelect={select} />
        ) : (
          <input type="hidden" name="variantId" value={selected.id} />
        )}
        <StockNote item={selected} hasChoice={hasChoice} />
        {selected.stock > 0 ? (
          <QuantityStepper key={selected.id} max={Math.min(selected.stock, selected.maxPerOrder)} title={title} />
        ) : null}
        <Button type="submit" size="lg" disabled={isAdding || selected.stock === 0} className="w-full sm:w-auto">
          {selected.stock === 0 ? (
            "Agotado"
          ) : (
            <>
              <Icon name="shopping-cart" aria-hidden /> {isAdding ? "Agregando…" : "Agregar al Carrito"}
            </>
          )}
        </Button>
      </fetcher.Form>
      {selected.stock === 0 ? (
        <stockAlert.Slot key={`${selected.id}:${email}`} productId={productId} variantId={selected.id} email={email} />
      ) : null}
    </>
  );
}
