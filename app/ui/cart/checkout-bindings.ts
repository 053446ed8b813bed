import type { CheckoutField, CheckoutValues } from "~/domain/orders/order";
import type { FieldBinding } from "~/ui/form/form-fields";

/** The checkout's field bindings: each field's id, name, value as typed and Spanish error. */
export type CheckoutBind = (name: CheckoutField) => FieldBinding;

export function checkoutBinder(values: CheckoutValues, errors: Partial<Record<CheckoutField, string>>): CheckoutBind {
  return (name) => ({ id: `checkout-${name}`, name, defaultValue: values[name], error: errors[name] });
}
