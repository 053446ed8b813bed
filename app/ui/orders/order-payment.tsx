import type { ReactNode } from "react";

import { responsiveImage } from "~/domain/media/image";
import { type OrderPagePayment, RECEIPT_MESSAGES } from "~/domain/orders/order-page";
import { Icon } from "~/ui/icons/icon";

function PaymentInstructions({ payment }: { payment: OrderPagePayment }) {
  if (!payment.details && !payment.qrImage) return null;
  return (
    <div className="rounded-xl bg-primary-soft p-4">
      <p className="font-semibold">Cómo pagar</p>
      {payment.details ? (
        <p className="mt-1 break-words whitespace-pre-line" data-testid="payment-details">
          {payment.details}
        </p>
      ) : null}
      {payment.qrImage ? (
        <img
          {...responsiveImage(payment.qrImage, "192px")}
          alt={`Código QR de ${payment.methodName}`}
          width={192}
          height={192}
          loading="lazy"
          className="mt-3 size-48 rounded-lg border bg-white object-contain"
        />
      ) : null}
    </div>
  );
}

function SentReceipt({
  receipt,
  isWaiting,
}: {
  receipt: NonNullable<OrderPagePayment["receipt"]>;
  isWaiting: boolean;
}) {
  return (
    <div className="rounded-xl border border-primary/30 p-4" data-testid="sent-receipt">
      {isWaiting ? (
        <p role="status" className="flex gap-2 font-semibold">
          <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-primary-strong" aria-hidden />
          {RECEIPT_MESSAGES.received}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-muted">Comprobante enviado el {receipt.uploadedAt}.</p>
      {receipt.operation ? <p className="text-sm">Número de operación: {receipt.operation}</p> : null}
      {receipt.imagePath ? (
        <a
          href={receipt.imagePath}
          target="_blank"
          rel="noopener"
          className="text-sm font-semibold text-primary-strong underline"
        >
          Ver la imagen enviada
        </a>
      ) : null}
    </div>
  );
}

/** The payment: method, until when the units are held, how to pay, what was sent, and the upload form. */
export function OrderPayment({ payment, children }: { payment: OrderPagePayment; children?: ReactNode }) {
  return (
    <section
      aria-labelledby="order-payment-title"
      className="flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="order-payment-title" className="text-xl font-bold">
        Pago
      </h2>
      <p>
        <span className="text-muted">Método de pago:</span> <strong>{payment.methodName}</strong>
      </p>
      {/* Paid online, the online part says it with the card ('Pago aprobado el … · Visa ••••4242'). */}
      {payment.paidAt && payment.online?.state !== "approved" ? (
        <p className="flex gap-2 rounded-xl bg-green-50 p-3 font-semibold text-green-900">
          <Icon name="circle-check-big" className="mt-0.5 size-5 shrink-0" aria-hidden /> Pago confirmado el{" "}
          {payment.paidAt}.
        </p>
      ) : null}
      {payment.reservedUntil ? (
        <p
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="reserved-until"
        >
          <Icon name="clock" className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>
            <strong>Reservamos tus productos hasta el {payment.reservedUntil}.</strong> Si no recibimos tu pago hasta
            entonces, el pedido se cancela.
          </span>
        </p>
      ) : null}
      <PaymentInstructions payment={payment} />
      {payment.receipt ? <SentReceipt receipt={payment.receipt} isWaiting={payment.canUploadReceipt} /> : null}
      {children}
    </section>
  );
}
