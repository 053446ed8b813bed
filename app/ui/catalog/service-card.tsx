import { href } from "react-router";

import { hasActiveOffer } from "~/domain/catalog/pricing";
import type { ServiceCardData } from "~/domain/catalog/services.server";
import { responsiveImage } from "~/domain/media/image";
import { buildWhatsAppUrl } from "~/lib/whatsapp";
import { Link } from "~/ui/primitives/link";

import { OfferBadge, PriceTag } from "./price-tag";

/**
 * A service: not bought online. Every one offers a WhatsApp inquiry naming it, as the spec asks;
 * a reservable one leads first to its booking page ('Reservar cita', issue 28), the inquiry
 * under it as the lesser action, and is priced 'Desde S/ …' when its sizes cost differently.
 */
export function ServiceCard({ service, whatsappPhone }: { service: ServiceCardData; whatsappPhone: string }) {
  const inquiry = buildWhatsAppUrl(whatsappPhone, `Hola, quisiera consultar por el servicio: ${service.title}`);
  const isBookable = service.isBookable && service.bookingFromCents !== null;
  const isFromPrice = isBookable && service.bookingFromCents !== service.bookingToCents;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-primary-soft">
        <img
          {...responsiveImage(service.image, "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw")}
          alt={service.imageAlt || service.title}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
        {service.showPrice && hasActiveOffer(service) ? <OfferBadge className="absolute top-3 left-3" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold">{service.title}</h3>
        <p className="text-sm text-muted">{service.description}</p>
        <PriceTag
          item={
            isFromPrice
              ? { priceCents: service.bookingFromCents!, isOfferActive: false, offerPriceCents: null }
              : service
          }
          isFromPrice={isFromPrice}
          isPriceHidden={!service.showPrice}
          className="mt-auto pt-2"
        />
        {isBookable ? (
          <Link
            to={href("/reservar/:serviceId", { serviceId: String(service.id) })}
            className="mt-2 inline-flex h-10 items-center justify-center gap-2 rounded-full bg-primary-strong px-5 text-sm font-semibold text-white hover:bg-primary-strong/90"
          >
            Reservar cita
          </Link>
        ) : null}
        <a
          href={inquiry}
          target="_blank"
          rel="noopener noreferrer"
          className={
            isBookable
              ? "inline-flex h-10 items-center justify-center gap-2 rounded-full border-2 border-whatsapp-strong bg-white px-5 text-sm font-semibold text-whatsapp-strong hover:bg-whatsapp/10"
              : "mt-2 inline-flex h-10 items-center justify-center gap-2 rounded-full bg-whatsapp-strong px-5 text-sm font-semibold text-white hover:brightness-110"
          }
        >
          Consultar por WhatsApp
        </a>
      </div>
    </article>
  );
}
