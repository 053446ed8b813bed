import { useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";

import { CART_PATH, cartIntents, type CartLineView, describeUnits, MAX_UNITS_PER_LINE } from "~/domain/cart/cart";
import { buildProductPath } from "~/domain/catalog/catalog-paths";
import { hasActiveOffer, LOW_STOCK_THRESHOLD, lowStockMessage } from "~/domain/catalog/pricing";
import { responsiveImage } from "~/domain/media/image";
import { buildLargeOrderText } from "~/domain/orders/order-limits";
import { formatMoney } from "~/lib/money";
import { useIsHydrated } from "~/lib/use-hydrated";
import { buildWhatsAppUrl } from "~/lib/whatsapp";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

/** One fetcher per line, keyed by product: FetcherToast shows its answers under the same key. */
export function getCartLineFetcherKey(variantId: number): string {
  return `cart-line-${variantId}`;
}

// Typing "12" should send one update, not "1" and then "12".
const TYPING_DELAY_MS = 600;

function StockNotice({ line }: { line: CartLineView }) {
  if (!line.isAvailable) {
    return <p className="text-sm font-semibold text-red-700">Este producto ya no está disponible.</p>;
  }
  if (line.quantity > line.stock) {
    return (
      <p className="text-sm font-semibold text-red-700">
        Solo {line.stock === 1 ? "queda" : "quedan"} {describeUnits(line.stock)}: ajusta la cantidad.
      </p>
    );
  }
  if (line.stock <= LOW_STOCK_THRESHOLD) {
    return <p className="text-sm text-amber-800">{lowStockMessage(line.stock)}</p>;
  }
  return null;
}

/**
 * The order limit beside the line, once it matters: plain when the line is at the limit
 * (why '+' stops there), in red when it holds more than one order may take (the checkout
 * would refuse it). The quantity stays as typed, so it can go by WhatsApp instead.
 */
function OrderCapNotice({ line, whatsappPhone }: { line: CartLineView; whatsappPhone: string }) {
  const cap = line.maxPerOrder;
  const isLimiting = cap < Math.min(line.stock, MAX_UNITS_PER_LINE);
  if (!line.isAvailable || line.quantity > line.stock || !isLimiting || line.quantity < cap) return null;
  const isOver = line.quantity > cap;
  return (
    <p className={isOver ? "text-sm font-semibold text-red-700" : "text-sm text-muted"}>
      Puedes pedir hasta {describeUnits(cap)} de este producto por pedido. Para cantidades mayores,{" "}
      <a
        href={buildWhatsAppUrl(whatsappPhone, buildLargeOrderText(line.title, line.quantity))}
        className="underline underline-offset-2 hover:text-primary-strong"
      >
        escríbenos por WhatsApp
      </a>
      .{isOver ? " Ajusta la cantidad para enviar tu pedido." : null}
    </p>
  );
}

function UnitPrice({ line }: { line: CartLineView }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
      <span className={hasActiveOffer(line) ? "font-bold text-red-700" : "font-semibold text-primary-strong"}>
        {hasActiveOffer(line) ? <span className="sr-only">Precio de oferta: </span> : null}
        {formatMoney(line.unitPriceCents)}
      </span>
      {hasActiveOffer(line) ? (
        <s className="text-muted">
          <span className="sr-only">Precio regular: </span>
          {formatMoney(line.priceCents)}
        </s>
      ) : null}
      <span className="text-muted">c/u</span>
    </p>
  );
}

function LineFields({ variantId, intent }: { variantId: number; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="variantId" value={variantId} />
    </>
  );
}

/**
 * A cart line: image, title, unit price, quantity stepper (−, number, +), line total and
 * remove button. Plain forms, so it works without JavaScript; with it they go through
 * one fetcher (keyed by product, see FetcherToast for its answers) and the page shows
 * the result at once.
 */
export function CartLineItem({ line, whatsappPhone }: { line: CartLineView; whatsappPhone: string }) {
  const fetcher = useFetcher({ key: getCartLineFetcherKey(line.variantId) });
  const titleId = `cart-line-${line.variantId}-title`;

  return (
    <li className="flex gap-3 py-4 sm:gap-4" aria-labelledby={titleId}>
      <Link to={buildProductPath(line.productId)} tabIndex={-1} className="shrink-0">
        <img
          {...responsiveImage(line.image, "96px")}
          alt={line.imageAlt || line.title}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className="size-20 rounded-xl bg-primary-soft object-cover sm:size-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-base leading-snug font-semibold">
            <Link to={buildProductPath(line.productId)} className="hover:text-primary-strong">
              {line.title}
            </Link>
          </h2>
          <fetcher.Form method="post" action={CART_PATH} className="shrink-0">
            <LineFields variantId={line.variantId} intent={cartIntents.remove} />
            <Button
              type="submit"
              variant="ghostDestructive"
              size="iconMd"
              aria-label={`Eliminar ${line.title} del carrito`}
              title="Eliminar"
            >
              <Icon name="trash-2" aria-hidden />
            </Button>
          </fetcher.Form>
        </div>
        <UnitPrice line={line} />
        <StockNotice line={line} />
        <OrderCapNotice line={line} whatsappPhone={whatsappPhone} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* '−', the typed quantity and '+': each its own form, so each works without JavaScript. */}
          <div
            className="inline-flex items-center rounded-full border-2 border-primary-strong bg-white"
            role="group"
            aria-label={`Cantidad de ${line.title}`}
          >
            <StepForm
              fetcher={fetcher}
              line={line}
              quantity={line.quantity - 1}
              label={line.quantity <= 1 ? `Quitar ${line.title} del carrito` : `Quitar una unidad de ${line.title}`}
              icon="minus"
            />
            <QuantityForm fetcher={fetcher} line={line} />
            <StepForm
              fetcher={fetcher}
              line={line}
              quantity={line.quantity + 1}
              label={`Agregar una unidad de ${line.title}`}
              icon="plus"
              disabled={line.quantity >= Math.min(line.stock, MAX_UNITS_PER_LINE, line.maxPerOrder)}
            />
          </div>
          <p className="text-right text-lg font-bold">
            <span className="sr-only">Subtotal: </span>
            {formatMoney(line.lineTotalCents)}
          </p>
        </div>
      </div>
    </li>
  );
}

type LineFetcher = FetcherWithComponents<unknown>;

/** The − or + button: a form that sends the line's quantity one less or one more. */
function StepForm({
  fetcher,
  line,
  quantity,
  label,
  icon,
  disabled,
}: {
  fetcher: LineFetcher;
  line: CartLineView;
  quantity: number;
  label: string;
  icon: "minus" | "plus";
  disabled?: boolean;
}) {
  return (
    <fetcher.Form method="post" action={CART_PATH}>
      <LineFields variantId={line.variantId} intent={cartIntents.update} />
      <Button
        type="submit"
        name="quantity"
        value={quantity}
        variant="ghostPrimary"
        size="iconMd"
        disabled={disabled}
        aria-label={label}
      >
        <Icon name={icon} aria-hidden />
      </Button>
    </fetcher.Form>
  );
}

/** The quantity as typed, sent once typing pauses (or on leaving the box). */
function QuantityForm({ fetcher, line }: { fetcher: LineFetcher; line: CartLineView }) {
  const isHydrated = useIsHydrated();
  const [draft, setDraft] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const maxQuantity = Math.max(Math.min(line.stock, MAX_UNITS_PER_LINE), 1);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  function submitQuantity(value: string) {
    clearTimeout(typingTimer.current);
    setDraft(null);
    if (!/^-?\d+$/.test(value.trim()) || Number(value) === line.quantity) return;
    void fetcher.submit(
      { intent: cartIntents.update, variantId: String(line.variantId), quantity: value.trim() },
      { method: "post", action: CART_PATH },
    );
  }

  return (
    <fetcher.Form
      method="post"
      action={CART_PATH}
      className="flex items-center"
      onSubmit={(event) => {
        event.preventDefault();
        submitQuantity(draft ?? String(line.quantity));
      }}
    >
      <LineFields variantId={line.variantId} intent={cartIntents.update} />
      <label htmlFor={`cart-quantity-${line.variantId}`} className="sr-only">
        Cantidad de {line.title}
      </label>
      <input
        id={`cart-quantity-${line.variantId}`}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={0}
        max={maxQuantity}
        step={1}
        value={draft ?? String(line.quantity)}
        onChange={(event) => {
          const value = event.target.value;
          setDraft(value);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => submitQuantity(value), TYPING_DELAY_MS);
        }}
        onBlur={() => {
          if (draft !== null) submitQuantity(draft);
        }}
        className="h-9 w-12 bg-transparent text-center text-base font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      {isHydrated ? null : (
        <Button type="submit" variant="link" size="inline" className="px-1">
          Actualizar
        </Button>
      )}
    </fetcher.Form>
  );
}
