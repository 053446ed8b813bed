import { expect, test } from "vitest";

import { describeImportOutcome } from "./preview";

test("the toast's description", () => {
  expect(describeImportOutcome({ created: 12, updated: 3, unchanged: 0, skipped: 0, brandsCreated: 0 })).toBe(
    "12 creados, 3 actualizados.",
  );
  expect(describeImportOutcome({ created: 1, updated: 0, unchanged: 4, skipped: 1, brandsCreated: 1 })).toBe(
    "1 creado, 0 actualizados. 4 sin cambios. 1 fila con errores omitida. 1 marca nueva.",
  );
});
