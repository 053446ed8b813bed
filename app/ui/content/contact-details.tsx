import type { ReactNode } from "react";

import { formatPhoneForDisplay, type SocialLink } from "~/domain/content/shop-profile";
import { splitLines } from "~/domain/content/text-blocks";
import { buildWhatsAppUrl, GENERAL_INQUIRY_TEXT } from "~/lib/whatsapp";
import { Icon } from "~/ui/icons/icon";

import { SocialLinks } from "./social-links";

export type ContactDetailsData = {
  shopName: string;
  email: string;
  phone: string;
  address: string;
  hours: string;
  socialLinks: SocialLink[];
};

/** E-mail, WhatsApp, address, opening hours (one row per line) and the active networks. */
export function ContactDetails({ details }: { details: ContactDetailsData }) {
  const hourRows = splitLines(details.hours);
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-5">
        {details.email ? (
          <DetailRow icon={<Icon name="mail" className="size-5" aria-hidden />} label="Correo electrónico">
            <a href={`mailto:${details.email}`} className="font-medium break-all text-primary-strong hover:underline">
              {details.email}
            </a>
          </DetailRow>
        ) : null}
        {details.phone ? (
          <DetailRow icon={<Icon name="message-circle" className="size-5" aria-hidden />} label="WhatsApp">
            <a
              href={buildWhatsAppUrl(details.phone, GENERAL_INQUIRY_TEXT)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary-strong hover:underline"
            >
              {formatPhoneForDisplay(details.phone)}
              <span className="sr-only"> (abre WhatsApp en una pestaña nueva)</span>
            </a>
          </DetailRow>
        ) : null}
        {details.address ? (
          <DetailRow icon={<Icon name="map-pin" className="size-5" aria-hidden />} label="Dirección">
            <address className="not-italic">{details.address}</address>
          </DetailRow>
        ) : null}
        {hourRows.length > 0 ? (
          <DetailRow icon={<Icon name="clock" className="size-5" aria-hidden />} label="Horario de atención">
            <ul className="flex flex-col gap-1">
              {hourRows.map((line) => {
                // 'Lunes a Sábado: 9:00 AM - 7:00 PM': the day in bold; other lines as written.
                const match = /^(.+?):\s+(.+)$/.exec(line);
                return (
                  <li key={line}>
                    {match ? (
                      <>
                        <span className="font-medium">{match[1]}:</span>{" "}
                        <span className="whitespace-nowrap">{match[2]}</span>
                      </>
                    ) : (
                      line
                    )}
                  </li>
                );
              })}
            </ul>
          </DetailRow>
        ) : null}
      </ul>
      {details.socialLinks.length > 0 ? (
        <div>
          <h3 className="mb-3 font-semibold text-ink">Síguenos en nuestras redes:</h3>
          <SocialLinks links={details.socialLinks} shopName={details.shopName} />
        </div>
      ) : null}
    </div>
  );
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{label}</h3>
        <div className="mt-0.5 text-ink">{children}</div>
      </div>
    </li>
  );
}
