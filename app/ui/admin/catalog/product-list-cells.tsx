import { getUnitPriceCents, LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";
import type { AdminProductRow } from "~/domain/catalog/product-admin.server";
import { formatMoney } from "~/lib/money";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";

import { AdminPrice } from "./catalog-fields";

// The products list's cells that read the presentaciones: the price range, the total stock
// with each size's stock, and the shoppers waiting for a sold-out size.

type Variant = AdminProductRow["variants"][number];

function stockTone(stock: number): string | undefined {
  if (stock === 0) return "font-semibold text-red-700";
  if (stock <= LOW_STOCK_THRESHOLD) return "font-semibold text-amber-800";
  return undefined;
}

/** 'S/ 45.00 – S/ 180.00' when the sizes differ in price; the one price (and its offer) otherwise. */
export function ProductPriceCell({ row }: { row: AdminProductRow }) {
  const prices = row.variants.map(getUnitPriceCents);
  if (prices.length < 2 || Math.min(...prices) === Math.max(...prices)) return <AdminPrice item={row} />;
  return (
    <span className="font-semibold whitespace-nowrap">
      {formatMoney(Math.min(...prices))} – {formatMoney(Math.max(...prices))}
    </span>
  );
}

function Waiting({ item }: { item: Variant }) {
  if (item.waiting === 0) return null;
  const label = item.waiting === 1 ? "1 cliente espera stock" : `${item.waiting} clientes esperan stock`;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-primary-strong" title={label}>
      <AdminIcon name="bell-ring" className="size-3" />
      {label}
    </span>
  );
}

/** The total stock; under it, each presentación's stock (when there are several) and who waits. */
export function ProductStockCell({ row }: { row: AdminProductRow }) {
  const isSingle = row.variants.length < 2;
  return (
    <span className="flex flex-col items-end gap-1">
      <span className={stockTone(row.stock)}>{row.stock}</span>
      {row.variants.map((item) =>
        isSingle ? (
          <Waiting key={item.id} item={item} />
        ) : (
          <span key={item.id} className="flex flex-col items-end text-xs whitespace-nowrap">
            <span>
              {item.name}: <span className={stockTone(item.stock)}>{item.stock === 0 ? "agotado" : item.stock}</span>
            </span>
            <Waiting item={item} />
          </span>
        ),
      )}
    </span>
  );
}
