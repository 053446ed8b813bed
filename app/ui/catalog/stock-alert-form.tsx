import { useFetcher } from "react-router";

import { buildProductPath } from "~/domain/catalog/catalog-paths";
import type { ToastMessage } from "~/lib/toast";
import { Field } from "~/ui/form/field";
import { formFields } from "~/ui/form/form-fields";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

// A chunk of its own, loaded by product-purchase.tsx: only a sold-out presentación shows it.

type StockAlertData = {
  message?: string;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};

/** 'Avísame cuando haya stock': an e-mail (the signed-in shopper's, prefilled) for a sold-out presentación. */
export function StockAlertForm({
  productId,
  variantId,
  email,
}: {
  productId: number;
  variantId: number;
  email: string;
}) {
  const fetcher = useFetcher<StockAlertData & { toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  if (fetcher.data?.message) {
    return (
      <p className="rounded-xl bg-green-50 p-3 font-semibold text-green-800" role="status">
        {fetcher.data.message}
      </p>
    );
  }
  const form = formFields(fetcher.data?.values ?? { email }, fetcher.data?.errors ?? {}, "avisame-");
  return (
    <fetcher.Form method="post" action={buildProductPath(productId)} className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value="stock-alert" />
      <input type="hidden" name="variantId" value={variantId} />
      <Field
        label="Tu correo electrónico"
        field={form.field("email")}
        hint="Te pediremos confirmarlo por correo; luego te escribiremos una sola vez, cuando vuelva a haber stock."
        inputProps={{ type: "email", autoComplete: "email", inputMode: "email", maxLength: 254, required: true }}
      />
      <Button
        type="submit"
        variant="outline"
        size="lg"
        disabled={fetcher.state !== "idle"}
        className="w-full sm:w-auto"
        data-keep-clear=""
      >
        <Icon name="bell" aria-hidden /> Avísame cuando haya stock
      </Button>
    </fetcher.Form>
  );
}
