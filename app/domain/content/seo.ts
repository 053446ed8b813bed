import { href, type MetaDescriptor } from "react-router";

import { DEFAULT_LOGO_PATH } from "~/domain/media/image";
import { DEFAULT_SHOP_NAME } from "~/domain/settings/settings";

import type { SocialLink } from "./shop-profile";
import { SHOP_LOCATION, toInternationalPhone } from "./shop-profile";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The shop's name from the root loader's settings, as the page title shows it. */
export function readShopName(matches: readonly MatchLike[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { shop?: { name?: string } } | undefined;
  return root?.shop?.name ?? DEFAULT_SHOP_NAME;
}

/** '<page> | <shop name>', the shop name coming from the root loader's settings. */
export function pageTitle(page: string, matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { shop?: { name?: string } } | undefined;
  return `${page} | ${root?.shop?.name ?? DEFAULT_SHOP_NAME}`;
}

const DEFAULT_SOCIAL_IMAGE = { path: "/images/og-default.png", width: 1200, height: 630 };

/**
 * Paths search engines should not crawl: private or per-visitor pages and the API. Each is a
 * prefix; '/api' names no page, only the start of the resource routes' addresses.
 */
// A function, not a module constant: the browser's pages import this module for their tags,
// and its href() calls would be kept in every page's script (docs/decisions/013).
const disallowedPaths = () => [href("/admin"), href("/perfil"), href("/carrito"), "/pedido", "/api"];

/**
 * Title, description, canonical link and the Open Graph/Twitter tags that make a link
 * shared in WhatsApp or Facebook show a preview card. `origin` is APP_URL: crawlers and
 * previews need absolute addresses.
 */
export function buildPageMeta(input: {
  title: string;
  description: string;
  origin: string;
  path: string;
  siteName: string;
  image?: { path: string; width: number; height: number; alt: string };
}): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const image = input.image ?? { ...DEFAULT_SOCIAL_IMAGE, alt: input.siteName };
  const imageUrl = new URL(image.path, `${input.origin}/`).toString();
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:locale", content: "es_PE" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: imageUrl },
  ];
}

export type PetStoreFacts = {
  name: string;
  logo: string | null;
  email: string;
  phone: string;
  address: string;
  socialLinks: SocialLink[];
};

/**
 * schema.org PetStore for search engines' business panel. The opening hours are the
 * shop's fixed Mo–Sa 09:00–19:00: the settings keep them as free text for people.
 */
export function buildPetStoreJsonLd(origin: string, shop: PetStoreFacts): MetaDescriptor {
  const absolute = (path: string) => new URL(path, `${origin}/`).toString();
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "PetStore",
      "@id": `${origin}${href("/")}#tienda`,
      name: shop.name,
      url: `${origin}${href("/")}`,
      logo: absolute(shop.logo || DEFAULT_LOGO_PATH),
      image: absolute(DEFAULT_SOCIAL_IMAGE.path),
      ...(shop.phone ? { telephone: toInternationalPhone(shop.phone) } : {}),
      ...(shop.email ? { email: shop.email } : {}),
      priceRange: "S/",
      currenciesAccepted: "PEN",
      address: {
        "@type": "PostalAddress",
        streetAddress: shop.address,
        addressLocality: "Lima",
        addressRegion: "Lima",
        addressCountry: "PE",
      },
      geo: { "@type": "GeoCoordinates", latitude: SHOP_LOCATION.lat, longitude: SHOP_LOCATION.lng },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
          opens: "09:00",
          closes: "19:00",
        },
      ],
      sameAs: shop.socialLinks.map((link) => link.url),
    },
  };
}

export function buildRobotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}${href("/sitemap.xml")}`,
    "",
  ].join("\n");
}

export type SitemapEntry = { path: string; lastModified?: Date };

export function buildSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function buildSitemapIndexXml(origin: string, paths: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<sitemap><loc>${escapeXml(`${origin}${path}`)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
