import { useRouteLoaderData } from "react-router";

import { buildWhatsAppUrl } from "~/lib/whatsapp";
import type { RootData } from "~/root";
import { Icon } from "~/ui/icons/icon";

/**
 * Shown to a shopper where a link would be e-mailed while the shop has no mail server
 * (SMTP_URL unset): the message only reaches the outbox on the server, so the screen must not
 * promise it arrives. It says nothing about whether an address has an account.
 */
export function MailUnavailableNotice({ children, inquiry }: { children: string; inquiry: string }) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-left text-sm text-amber-900"
    >
      <Icon name="mail-warning" className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {children}{" "}
        <a
          href={buildWhatsAppUrl(root?.shop.whatsappPhone, inquiry)}
          rel="noopener noreferrer"
          className="font-semibold underline"
        >
          Escríbenos por WhatsApp
        </a>{" "}
        y te ayudamos.
      </span>
    </p>
  );
}
