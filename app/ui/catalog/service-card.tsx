import { hasActiveOffer } from "~/domain/catalog/pricing";
import type { ServiceCardData } from "~/domain/catalog/services.server";
import { responsiveImage } from "~/domain/media/image";
import { buildWhatsAppUrl } from "~/lib/whatsapp";

import { OfferBadge, PriceTag } from "./price-tag";

/** A service: not bought online, so its action is a WhatsApp inquiry naming it. */
export function ServiceCard({ service, whatsappPhone }: { service: ServiceCardData; whatsappPhone: string }) {
  const inquiry = buildWhatsAppUrl(whatsappPhone, `Hola, quisiera consultar por el servicio: ${service.title}`);
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
        <PriceTag item={service} isPriceHidden={!service.showPrice} className="mt-auto pt-2" />
        <a
          href={inquiry}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex h-10 items-center justify-center gap-2 rounded-full bg-whatsapp-strong px-5 text-sm font-semibold text-white hover:brightness-110"
        >
          Consultar por WhatsApp
        </a>
      </div>
    </article>
  );
}
