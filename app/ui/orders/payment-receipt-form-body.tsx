import { type FormEvent, useState } from "react";
import { Form, useNavigation } from "react-router";

import { ACCEPTED_IMAGE_TYPES, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/domain/media/image";
import { MAX_RECEIPT_OPERATION_LENGTH, RECEIPT_FIELDS, type ReceiptField } from "~/domain/orders/order-page";
import { Field } from "~/ui/form/field";
import { FilePicker } from "~/ui/form/file-picker";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

// The receipt's form itself, a chunk of its own (payment-receipt-form.tsx loads it).

export type ReceiptFormState = {
  values: { operation?: string };
  errors: Partial<Record<ReceiptField, string>>;
};

/**
 * 'Subir comprobante de pago': a picture of the payment and/or its operation number, posted
 * to the order page itself (a plain form: it works without JavaScript). With JavaScript a
 * picture over 5 MB is refused at once instead of after its upload.
 */
export function PaymentReceiptForm({
  action,
  state,
  hasSentBefore,
}: {
  /** The order page's address, with its token when the shopper came by the link. */
  action: string;
  state: ReceiptFormState | null;
  hasSentBefore: boolean;
}) {
  const navigation = useNavigation();
  const [tooLarge, setTooLarge] = useState(false);
  const isSending = navigation.state === "submitting" && navigation.formAction === action;
  const imageError = tooLarge ? IMAGE_TOO_LARGE_MESSAGE : state?.errors.image;

  function refuseLargeImage(event: FormEvent<HTMLFormElement>) {
    if (tooLarge) event.preventDefault();
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      onSubmit={refuseLargeImage}
      className="flex flex-col gap-4 border-t pt-4"
      aria-labelledby="receipt-form-title"
      noValidate
    >
      <h3 id="receipt-form-title" className="text-lg font-bold">
        {hasSentBefore ? "Enviar otro comprobante" : "Subir comprobante de pago"}
      </h3>
      <p className="text-sm text-muted">
        Sube la captura de tu pago (Yape, Plin o transferencia) y/o escribe el número de operación.
      </p>
      <FilePicker
        label="Imagen del comprobante"
        chooseLabel="Elegir imagen"
        hint="JPG, PNG, WebP o AVIF de hasta 5 MB."
        field={{ id: "receipt-image", name: RECEIPT_FIELDS.image, error: imageError }}
        inputProps={{
          accept: ACCEPTED_IMAGE_TYPES,
          onChange: (event) => setTooLarge((event.currentTarget.files?.[0]?.size ?? 0) > MAX_IMAGE_BYTES),
        }}
      />
      <Field
        label="Número de operación"
        hint="Opcional si subes la imagen."
        field={{
          id: "receipt-operation",
          name: RECEIPT_FIELDS.operation,
          defaultValue: state?.values.operation ?? "",
          error: state?.errors.operation,
        }}
        inputProps={{ maxLength: MAX_RECEIPT_OPERATION_LENGTH, autoComplete: "off", inputMode: "text" }}
      />
      <Button type="submit" size="lgWrap" disabled={isSending} className="self-start">
        <Icon name="send" aria-hidden /> {isSending ? "Enviando…" : "Enviar comprobante"}
      </Button>
    </Form>
  );
}
