// What /api/buscar answers and the header's instant panel shows (issue 27): ready to render,
// prices already formatted on the server, so that the panel carries no money or pricing code.

export type InstantSearchItem = {
  kind: "product" | "service";
  id: number;
  title: string;
  /** The product's page, or the services catalogue searched for the service's title. */
  href: string;
  image: { src: string; srcSet?: string; sizes?: string };
  imageAlt: string;
  /** 'S/ 60.00' (the offer price when an offer applies), or 'Consultar' for a hidden price. */
  priceText: string;
  /** The regular price, struck through beside an offer price. */
  regularPriceText: string | null;
  /** 'Desde': the product's presentaciones differ in price. */
  isFromPrice: boolean;
  isSoldOut: boolean;
};

export type InstantSearchResponse = { query: string; items: InstantSearchItem[] };

/** The panel's pictures are shown 48 px wide. */
export const INSTANT_IMAGE_SIZES = "48px";
