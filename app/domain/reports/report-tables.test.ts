// The report's page shows at most PAGE_TABLE_ROWS rows of a table; its Excel has them all.
import { expect, test } from "vitest";

import { PAGE_TABLE_ROWS, pageTables, type ReportTable } from "./report-tables";

function table(key: string, rowCount: number): ReportTable {
  return {
    key,
    title: key,
    columns: [{ header: "Producto", kind: "text" }],
    rows: Array.from({ length: rowCount }, (_, index) => [`Producto ${index + 1}`]),
    empty: "Nada.",
  };
}

test("a long table keeps its first rows and says how many it has; a short one is left whole", () => {
  const long = table("productos-stock", 2991);
  const short = table("productos-unidades", 3);
  const shown = pageTables({ productos: [long, short] });
  expect(PAGE_TABLE_ROWS).toBe(100);
  expect(shown.productos[0]!.rows).toEqual(long.rows.slice(0, 100));
  expect(shown.productos[0]!.totalRows).toBe(2991);
  expect(shown.productos[1]).toEqual(short);
  expect(shown.productos[1]!.totalRows).toBeUndefined();
  // The report itself is untouched (the Excel download builds its own).
  expect(long.rows).toHaveLength(2991);
});
