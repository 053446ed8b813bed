// The stock of a product's row, against what orders did since the file was exported.
import { parseStock } from "../cells";
import type { CheckResult, ExistingItem, RowInput } from "../types";

export function exportedStockChangedMessage(exported: number, current: number): string {
  return `El stock cambió desde que se exportó el archivo (era ${exported}, ahora hay ${current}): se vendieron o repusieron unidades. Escribe el stock de nuevo en una exportación nueva o en el producto.`;
}

/**
 * Orders took or the owner restocked units since the file was exported (its hidden "Stock
 * al exportar" column): a stock left as exported keeps today's, so that a file changing
 * prices does not bring sold units back; a stock changed in the sheet as well is refused,
 * as the product editor does, since only the owner knows which is right.
 */
export function checkStock(row: RowInput, target: ExistingItem | undefined, hasStock: boolean): CheckResult {
  if (!hasStock || !row.has("stock")) return { set: {}, problems: [] };
  const stock = row.text("stock") ? parseStock(row.cells.stock) : 0;
  if (stock === null) return { set: {}, problems: ["Stock inválido: usa un número entero de 0 o más."] };
  const exported = target && row.text("exportedStock") ? parseStock(row.cells.exportedStock) : null;
  if (target && exported !== null && target.stock !== exported) {
    if (stock === exported) return { set: { stock: target.stock }, problems: [] };
    return { set: { stock }, problems: [exportedStockChangedMessage(exported, target.stock)] };
  }
  return { set: { stock }, problems: [] };
}
