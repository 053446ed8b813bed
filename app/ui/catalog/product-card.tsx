import type { ProductCardData } from "~/domain/catalog/catalog";
import { buildProductPath } from "~/domain/catalog/catalog-paths";
import { responsiveImage } from "~/domain/media/image";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import { OfferBadge, PriceTag } from "./price-tag";

/** One product in a grid (catalogue, featured offers): links to /producto/{id}. */
export function ProductCard({
  product,
  isDescriptionShown = false,
  isImageEager = false,
}: {
  product: ProductCardData;
  isDescriptionShown?: boolean;
  isImageEager?: boolean;
}) {
  const href = buildProductPath(product.id);
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition hover:shadow-md">
      <Link to={href} className="relative block aspect-square overflow-hidden bg-primary-soft" tabIndex={-1}>
        <img
          {...responsiveImage(product.image, "(min-width: 1024px) 300px, 50vw")}
          alt={product.imageAlt || product.title}
          width={400}
          height={400}
          loading={isImageEager ? "eager" : "lazy"}
          decoding="async"
          className="size-full object-cover transition group-hover:scale-105"
        />
        {product.hasAnyOffer ? <OfferBadge className="absolute top-3 left-3" /> : null}
        {product.stock === 0 ? (
          <span className="absolute top-3 right-3 rounded-full bg-ink px-2.5 py-0.5 text-xs font-bold text-white">
            Agotado
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold">
          <Link to={href} className="hover:text-primary-strong">
            {product.title}
          </Link>
        </h3>
        <PriceTag item={product} isFromPrice={product.priceVaries} />
        {isDescriptionShown ? <p className="line-clamp-3 text-sm text-muted">{product.description}</p> : null}
        <Button asChild variant="outline" size="sm" className="mt-auto self-start">
          <Link to={href} aria-label={`Ver Detalles: ${product.title}`}>
            Ver Detalles
          </Link>
        </Button>
      </div>
    </article>
  );
}
