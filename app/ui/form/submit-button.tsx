import type { ComponentProps } from "react";
import { useNavigation } from "react-router";

import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

/**
 * A submit button that shows the form is being sent. `intent`, when given, is submitted as
 * the button's value and only that button shows pending (several forms on one screen).
 * `pendingFields` narrows it further when several forms share an intent (e.g. the same
 * 'add' in seven blocks told apart by a hidden `level`): all of them must match.
 */
export function SubmitButton({
  children,
  pendingLabel = "Guardando…",
  intent,
  pendingFields,
  ...props
}: ComponentProps<typeof Button> & {
  pendingLabel?: string;
  intent?: string;
  pendingFields?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const isPending =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent) &&
    Object.entries(pendingFields ?? {}).every(([name, value]) => navigation.formData?.get(name) === value);
  return (
    <Button
      {...props}
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={isPending || props.disabled}
      aria-busy={isPending || undefined}
    >
      {isPending ? <Icon name="loader-circle" className="animate-spin" aria-hidden /> : null}
      {isPending ? pendingLabel : children}
    </Button>
  );
}
