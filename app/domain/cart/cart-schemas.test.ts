import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { cartIntents, readPendingCartChange } from "./cart";
import { pendingChangeSchema } from "./cart-schemas";

// The cart page reads in-flight changes without zod (cart.ts); the action decides with the
// schemas. Both must agree on every form, or the page would show a change the server refuses.
function withZod(formData: FormData) {
  const parsed = pendingChangeSchema.safeParse(Object.fromEntries(formData));
  return parsed.success ? parsed.data : null;
}

const numberText = fc.oneof(
  fc.integer({ min: -5, max: 2_147_483_660 }).map(String),
  fc.constantFrom(
    "",
    " ",
    " 3 ",
    "0",
    "-0",
    "1.0",
    "1.5",
    "1e3",
    "0x10",
    "Infinity",
    "NaN",
    "2147483647",
    "2147483648",
    "9007199254740993",
    "٣",
    "abc",
  ),
  fc.string({ maxLength: 6 }),
);

const field = fc.option(numberText, { nil: undefined });

const form = fc.record({
  intent: fc.option(fc.constantFrom(...Object.values(cartIntents), "UPDATE", "", "hack"), { nil: undefined }),
  variantId: field,
  variantIdAgain: field,
  quantity: field,
  asFile: fc.boolean(),
});
type FormInput = typeof form extends fc.Arbitrary<infer T> ? T : never;

function toFormData(input: FormInput): FormData {
  const data = new FormData();
  if (input.intent !== undefined) data.append("intent", input.intent);
  if (input.variantId !== undefined) data.append("variantId", input.variantId);
  // A repeated field: Object.fromEntries keeps the last, as both readers must.
  if (input.variantIdAgain !== undefined) data.append("variantId", input.variantIdAgain);
  if (input.quantity !== undefined) {
    data.append("quantity", input.asFile ? new Blob([input.quantity]) : input.quantity);
  }
  return data;
}

describe("readPendingCartChange", () => {
  test("reads every form exactly as the action's schema does", () => {
    fc.assert(
      fc.property(form, (input) => {
        const data = toFormData(input);
        expect(readPendingCartChange(data)).toEqual(withZod(data));
      }),
      { numRuns: 3000 },
    );
  });

  test("reads the stepper, the remove button and 'Vaciar carrito'", () => {
    const data = (entries: Record<string, string>) => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(entries)) formData.append(name, value);
      return formData;
    };
    expect(readPendingCartChange(data({ intent: "update", variantId: "7", quantity: "3" }))).toEqual({
      intent: "update",
      variantId: 7,
      quantity: 3,
    });
    expect(readPendingCartChange(data({ intent: "remove", variantId: "7", quantity: "3" }))).toEqual({
      intent: "remove",
      variantId: 7,
    });
    expect(readPendingCartChange(data({ intent: "clear", variantId: "x" }))).toEqual({ intent: "clear" });
    expect(readPendingCartChange(data({ intent: "update", variantId: "0", quantity: "1" }))).toBeNull();
    // A quantity box left blank is no change (not a zero, which would remove the line).
    expect(readPendingCartChange(data({ intent: "update", variantId: "7", quantity: "" }))).toBeNull();
    expect(readPendingCartChange(data({ intent: "update", variantId: "7", quantity: "  " }))).toBeNull();
    expect(readPendingCartChange(data({ intent: "add", variantId: "7" }))).toBeNull();
    expect(readPendingCartChange(undefined)).toBeNull();
  });
});
