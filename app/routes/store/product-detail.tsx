import { data, href, Link, useFetcher, useNavigate } from "react-router";

import { readConfig } from "~/config.server";
import { CART_PATH } from "~/domain/cart/cart";
import { buildCatalogPath, buildProductPath } from "~/domain/catalog/catalog-paths";
import { getUnitPriceCents, hasActiveOffer, LOW_STOCK_THRESHOLD } from "~/domain/catalog/pricing";
import { getProductDetail } from "~/domain/catalog/products.server";
import { pageTitle } from "~/domain/content/seo";
import { responsiveImage } from "~/domain/media/image";
import type { ToastMessage } from "~/lib/toast";
import { OfferBadge, PriceTag } from "~/ui/catalog/price-tag";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";
import { useToastFrom } from "~/ui/toaster";

import type { Route } from "./+types/product-detail";

function toAbsolute(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data?.product) {
    return [{ title: pageTitle("Producto no Encontrado", matches) }, { name: "robots", content: "noindex" }];
  }
  const { product, origin, canonicalUrl } = data;
  const description = product.description.slice(0, 160);
  const image = toAbsolute(origin, product.image || "/images/og-default.png");
  const shareImage = toAbsolute(origin, href("/producto/:productId/imagen.jpg", { productId: String(product.id) }));
  const price = (getUnitPriceCents(product) / 100).toFixed(2);
  return [
    { title: pageTitle(product.title, matches) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { property: "og:image", content: shareImage },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: product.imageAlt || product.title },
    { property: "og:locale", content: "es_PE" },
    { property: "product:price:amount", content: price },
    { property: "product:price:currency", content: "PEN" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: product.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: shareImage },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        description: product.description,
        image,
        sku: String(product.id),
        ...(product.brandName ? { brand: { "@type": "Brand", name: product.brandName } } : {}),
        category: `${product.family.name} > ${product.category.name}`,
        offers: {
          "@type": "Offer",
          url: canonicalUrl,
          price,
          priceCurrency: "PEN",
          availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        },
      },
    },
  ];
};

export async function loader({ params }: Route.LoaderArgs) {
  const origin = readConfig().appUrl;
  const id = /^\d{1,9}$/.test(params.productId) ? Number(params.productId) : null;
  const product = id === null ? null : await getProductDetail(id);
  if (!product) return data({ product: null, origin, canonicalUrl: "", categoryUrl: "" }, { status: 404 });
  return {
    product,
    origin,
    canonicalUrl: `${origin}${buildProductPath(product.id)}`,
    categoryUrl: buildCatalogPath("products", { family: product.family, category: product.category }),
  };
}

const infoBullets = [
  {
    icon: "truck" as const,
    text: "Delivery a domicilio dentro de nuestra zona de cobertura; coordinamos la entrega por WhatsApp.",
  },
  {
    icon: "refresh-ccw" as const,
    text: "Cambios y devoluciones dentro de los 7 días, con el producto sin usar y en su empaque original.",
  },
  {
    icon: "package-check" as const,
    text: "Productos originales y de calidad garantizada, elegidos pensando en tu mascota.",
  },
];

function AddToCart({ productId, stock }: { productId: number; stock: number }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  if (stock === 0) {
    return (
      <Button type="button" size="lg" disabled className="w-full sm:w-auto">
        Agotado
      </Button>
    );
  }
  const isAdding = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={CART_PATH}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      <Button type="submit" size="lg" disabled={isAdding} className="w-full sm:w-auto">
        <Icon name="shopping-cart" aria-hidden /> {isAdding ? "Agregando…" : "Agregar al Carrito"}
      </Button>
    </fetcher.Form>
  );
}

function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <Button asChild variant="ghost" size="sm">
      <Link
        to={fallback}
        onClick={(event) => {
          // Back to the exact list (search, page) the shopper came from, when there is one.
          if (window.history.state?.idx > 0) {
            event.preventDefault();
            navigate(-1);
          }
        }}
      >
        <Icon name="arrow-left" aria-hidden /> Volver
      </Link>
    </Button>
  );
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, categoryUrl } = loaderData;
  if (!product) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Producto no Encontrado</h1>
        <p className="mt-3 text-muted">El producto que buscas no existe o ya no está disponible.</p>
        <Button asChild className="mt-8">
          <Link to={buildCatalogPath("products")}>Volver a Productos</Link>
        </Button>
      </section>
    );
  }
  const isLowStock = product.stock > 0 && product.stock <= LOW_STOCK_THRESHOLD;
  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      <BackButton fallback={categoryUrl} />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div className="relative overflow-hidden rounded-3xl bg-primary-soft">
          <img
            {...responsiveImage(product.image, "(min-width: 1024px) 600px, 100vw")}
            alt={product.imageAlt || product.title}
            width={800}
            height={800}
            fetchPriority="high"
            className="aspect-square size-full object-cover"
          />
          {hasActiveOffer(product) ? <OfferBadge size="lg" className="absolute top-4 left-4" /> : null}
        </div>
        <div className="flex flex-col gap-4">
          <Link to={categoryUrl} className="text-sm font-semibold text-primary-strong hover:underline">
            {product.family.name} › {product.category.name}
            {product.subcategoryName ? ` › ${product.subcategoryName}` : ""}
          </Link>
          <h1 className="text-3xl leading-tight font-bold">{product.title}</h1>
          {product.brandName ? <p className="text-muted">Marca: {product.brandName}</p> : null}
          <PriceTag item={product} size="lg" />
          <p className="leading-relaxed whitespace-pre-line">{product.description}</p>
          {isLowStock ? (
            <p className="font-semibold text-amber-800" role="status">
              Últimas {product.stock} unidades disponibles
            </p>
          ) : null}
          {product.stock === 0 ? (
            <p className="rounded-xl bg-red-50 p-3 font-semibold text-red-800" role="status">
              Producto agotado: por ahora no tenemos unidades disponibles.
            </p>
          ) : null}
          <AddToCart productId={product.id} stock={product.stock} />
          <ul className="mt-4 flex flex-col gap-3 rounded-2xl border bg-white p-5 text-sm">
            {infoBullets.map(({ icon, text }) => (
              <li key={text} className="flex gap-3">
                <Icon name={icon} className="size-5 shrink-0 text-primary-strong" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
