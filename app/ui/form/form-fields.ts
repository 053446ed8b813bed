// The browser half of the form kit (the server half is lib/form.server.ts): one call gives
// every field of a form its id, name, starting value and Spanish error, from the loader's
// values or, after a refused post, from what the action sent back. Field, SelectField,
// TextAreaField and CheckboxField (field.tsx) take what it returns.
import type { ToastMessage } from "~/lib/toast";
import { useToastFrom } from "~/ui/toaster";

type Texts = Record<string, string | undefined | null>;

/** What a text input, select or text area needs from its form. */
export type FieldBinding = { id: string; name: string; defaultValue?: string; error?: string | undefined };
/** What a check box needs from its form. */
export type CheckboxBinding = { id: string; name: string; defaultChecked: boolean; error?: string | undefined };

/** An action's answer as the form kit reads it (formFailure's shape, or a success without values). */
export type FormActionData = { values?: Texts; errors?: Texts; toast?: ToastMessage | null } | null | undefined;

/** A form's bindings; `Name` lists its fields when a typo should not compile (the checkout's). */
export type FormFields<Name extends string = string> = {
  field: (name: Name) => FieldBinding;
  checkbox: (name: Name) => CheckboxBinding;
  /** The value a field starts with ('' when none). */
  value: (name: Name) => string;
  error: (name: Name) => string | undefined;
  values: Texts;
  errors: Texts;
};

/**
 * Binds a form's fields to `values` and `errors`. `idPrefix` keeps ids unique when a page
 * holds several forms with the same field names (the prefix goes on the id, not the name).
 */
export function formFields<Name extends string = string>(
  values: Texts = {},
  errors: Texts = {},
  idPrefix = "",
): FormFields<Name> {
  const value = (name: Name) => values[name] ?? "";
  const error = (name: Name) => errors[name] ?? undefined;
  return {
    field: (name) => ({ id: idPrefix + name, name, defaultValue: value(name), error: error(name) }),
    checkbox: (name) => ({
      id: idPrefix + name,
      name,
      defaultChecked: value(name) === "on" || value(name) === "true",
      error: error(name),
    }),
    value,
    error,
    values,
    errors,
  };
}

/**
 * A route's form: the action's values win over the loader's (nothing typed is lost after a
 * refusal), its errors sit beside the fields and its toast shows.
 */
export function useFormFields<Name extends string = string>(
  loaderValues: Texts | undefined,
  actionData: FormActionData,
  idPrefix = "",
): FormFields<Name> {
  useToastFrom(actionData?.toast);
  return formFields<Name>(actionData?.values ?? loaderValues ?? {}, actionData?.errors ?? {}, idPrefix);
}
