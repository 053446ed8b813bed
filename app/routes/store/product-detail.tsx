import { data, href, useNavigate } from "react-router";

import { getSessionUser } from "~/auth/guards.server";
import { readConfig } from "~/config.server";
import { buildCatalogPath, buildProductPath } from "~/domain/catalog/catalog-paths";
import { getUnitPriceCents } from "~/domain/catalog/pricing";
import { chooseVariant, getProductDetail, type ProductVariant } from "~/domain/catalog/products.server";
import {
  STOCK_ALERT_IN_STOCK_MESSAGE,
  STOCK_ALERT_SUBSCRIBED_MESSAGE,
  STOCK_ALERT_UNKNOWN_MESSAGE,
  stockAlertSchema,
  subscribeStockAlert,
} from "~/domain/catalog/stock-alerts.server";
import { pageTitle } from "~/domain/content/seo";
import { responsiveImage } from "~/domain/media/image";
import { getOrderCap } from "~/domain/orders/order-limits";
import { getOrderLimits } from "~/domain/settings/settings.server";
import { getClientIp } from "~/lib/client-ip.server";
import { formFailure, parseForm } from "~/lib/form.server";
import { pageTags } from "~/lib/page-cache/page-tags";
import { cachePage, isSharedRender } from "~/lib/page-cache/render-context.server";
import { rateRules, takeSubmission, TOO_MANY_SUBMISSIONS_MESSAGE } from "~/lib/rate-limit.server";
import { UNKNOWN_ACTION_TOAST } from "~/lib/toast.server";
import { OfferBadge } from "~/ui/catalog/price-tag";
import { ProductPurchase } from "~/ui/catalog/product-purchase";
import { Icon } from "~/ui/icons/icon";
import { useLateVisitor } from "~/ui/layout/visitor";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

import type { Route } from "./+types/product-detail";

function toAbsolute(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/** One schema.org Offer per presentación (a product without sizes has one). */
function productOffers(variants: ProductVariant[], canonicalUrl: string) {
  const offers = variants.map((item) => ({
    "@type": "Offer",
    ...(variants.length > 1
      ? { name: item.name, url: `${canonicalUrl}?presentacion=${item.id}` }
      : { url: canonicalUrl }),
    ...(item.sku ? { sku: item.sku } : {}),
    price: (getUnitPriceCents(item) / 100).toFixed(2),
    priceCurrency: "PEN",
    availability: item.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  }));
  return offers.length === 1 ? offers[0] : offers;
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
        offers: productOffers(product.variants, canonicalUrl),
      },
    },
  ];
};

function readProductId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = readConfig().appUrl;
  const id = readProductId(params.productId);
  const product = id === null ? null : await getProductDetail(id);
  // The page, or its 404 for a while (the product may be created a moment later): shown
  // alike to everyone, the breadcrumbs' names included.
  if (id !== null) {
    cachePage(context, [pageTags.product(id), pageTags.catalog("products")], { isNotFoundCacheable: true });
  }
  if (!product) {
    return data(
      { product: null, origin, canonicalUrl: "", categoryUrl: "", selectedId: 0, email: "" },
      { status: 404 },
    );
  }
  const chosen = chooseVariant(product.variants, new URL(request.url).searchParams.get("presentacion"));
  // The e-mail 'Avísame cuando haya stock' starts with, for a signed-in shopper.
  const hasSoldOut = product.variants.some((item) => item.stock === 0);
  // A page for everyone has no e-mail in it: the shopper's comes after load (useLateVisitor).
  const [user, limits] = await Promise.all([
    hasSoldOut && !isSharedRender(context) ? getSessionUser(request) : null,
    getOrderLimits(),
  ]);
  return {
    // Each presentación's stepper stops at what one order may take of it (order-limits.ts).
    product: {
      ...product,
      variants: product.variants.map((item) => ({ ...item, maxPerOrder: getOrderCap(limits, item.stock) })),
    },
    origin,
    canonicalUrl: `${origin}${buildProductPath(product.id)}`,
    categoryUrl: buildCatalogPath("products", { family: product.family, category: product.category }),
    selectedId: chosen?.id ?? 0,
    email: user?.email ?? "",
  };
}

/** 'Avísame cuando haya stock' (stock-alerts.server.ts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const productId = readProductId(params.productId);
  const formData = await request.formData();
  if (productId === null || formData.get("intent") !== "stock-alert") {
    return data({ toast: UNKNOWN_ACTION_TOAST }, { status: 400 });
  }
  const form = await parseForm(formData, stockAlertSchema, "Error");
  if (!form.ok) return form.failure;
  if (!(await takeSubmission(`stock-alert:ip:${getClientIp(context)}`, rateRules.stockAlertPerIp))) {
    return formFailure({ email: TOO_MANY_SUBMISSIONS_MESSAGE }, form.values, {}, 429);
  }
  const result = await subscribeStockAlert({ productId, ...form.data });
  if (result === "unknown") return formFailure({ email: STOCK_ALERT_UNKNOWN_MESSAGE }, form.values, {}, 404);
  if (result === "in-stock") return formFailure({ email: STOCK_ALERT_IN_STOCK_MESSAGE }, form.values, {}, 409);
  return { message: STOCK_ALERT_SUBSCRIBED_MESSAGE };
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
  const { product, categoryUrl, selectedId } = loaderData;
  const late = useLateVisitor();
  const email = loaderData.email || late?.email || "";
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
          {product.hasAnyOffer ? <OfferBadge size="lg" className="absolute top-4 left-4" /> : null}
        </div>
        <div className="flex flex-col gap-4">
          <Link to={categoryUrl} className="text-sm font-semibold text-primary-strong hover:underline">
            {product.family.name} › {product.category.name}
            {product.subcategoryName ? ` › ${product.subcategoryName}` : ""}
          </Link>
          <h1 className="text-3xl leading-tight font-bold">{product.title}</h1>
          {product.brandName ? <p className="text-muted">Marca: {product.brandName}</p> : null}
          <ProductPurchase
            productId={product.id}
            variants={product.variants}
            initialId={selectedId}
            email={email}
            title={product.title}
          >
            <p className="leading-relaxed whitespace-pre-line">{product.description}</p>
          </ProductPurchase>
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
