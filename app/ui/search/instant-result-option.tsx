import type { ReactNode } from "react";

import { Link } from "~/ui/primitives/link";

import type { InstantSearchItem } from "./instant-search-item";

const OPTION_CLASS =
  "flex min-h-12 items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-primary-soft aria-selected:bg-primary-soft aria-selected:shadow-[inset_0_0_0_2px_var(--color-primary-strong)]";

export function buildOptionId(listboxId: string, index: number): string {
  return `${listboxId}-${index}`;
}

/** The price as the cards say it: 'Desde', the offer beside the struck regular price, or 'Consultar'. */
function OptionPrice({ item }: { item: InstantSearchItem }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
      {item.isFromPrice ? <span className="text-xs font-semibold text-muted">Desde</span> : null}
      <span className={item.regularPriceText ? "font-bold text-red-700" : "font-bold text-primary-strong"}>
        {item.regularPriceText ? <span className="sr-only">Precio de oferta: </span> : null}
        {item.priceText}
      </span>
      {item.regularPriceText ? (
        <s className="text-xs text-muted">
          <span className="sr-only">Precio regular: </span>
          {item.regularPriceText}
        </s>
      ) : null}
    </span>
  );
}

type OptionProps = { id: string; isActive: boolean; onChoose: () => void };

/** An option of the listbox: a link, so a click or a middle click works; the keys move the active one. */
function OptionLink({
  id,
  isActive,
  onChoose,
  to,
  className,
  children,
}: OptionProps & {
  to: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      id={id}
      role="option"
      aria-selected={isActive}
      tabIndex={-1}
      to={to}
      onClick={onChoose}
      className={`${OPTION_CLASS} ${className}`}
    >
      {children}
    </Link>
  );
}

/** One product or service of the panel: picture, name and price. */
export function InstantResultOption({ item, ...option }: OptionProps & { item: InstantSearchItem }) {
  return (
    <OptionLink {...option} to={item.href} className="text-ink">
      <img
        {...item.image}
        alt=""
        width={48}
        height={48}
        decoding="async"
        className="size-12 shrink-0 rounded-lg bg-primary-soft object-cover"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="line-clamp-2 text-sm leading-snug font-semibold">{item.title}</span>
        <OptionPrice item={item} />
      </span>
      {item.isSoldOut ? (
        <span className="shrink-0 rounded-full bg-ink px-2 py-0.5 text-xs font-bold text-white">Agotado</span>
      ) : item.kind === "service" ? (
        <span className="shrink-0 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-strong">
          Servicio
        </span>
      ) : null}
    </OptionLink>
  );
}

/** The last option: every result of the query on /buscar. */
export function SeeAllOption({ to, ...option }: OptionProps & { to: string }) {
  return (
    <OptionLink {...option} to={to} className="justify-center font-semibold text-primary-strong">
      Ver todos los resultados
    </OptionLink>
  );
}
