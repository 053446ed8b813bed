// The demo shop's products with sizes (issue 23); seed.server.ts inserts them.
/**
 * Products sold in several presentaciones (issue 23), so that a new shop shows the feature:
 * each row is one size with its price, offer and stock, in the order the shopper sees them.
 */
export const demoProductsWithVariants = [
  {
    title: "Alimento Pro Plan Cachorro Razas Pequeñas",
    description:
      "Alimento completo para cachorros de razas pequeñas, con DHA para el desarrollo del cerebro " +
      "y la vista, y croquetas pequeñas fáciles de masticar.",
    family: "Perros",
    category: "Alimentos",
    subcategory: "Alimento Seco",
    brand: "Pro Plan",
    image: "/images/products/alimento-cachorro.webp",
    imageAlt: "Bolsa verde de alimento para cachorro con la cara de un perrito",
    variants: [
      {
        name: "3 kg",
        priceCents: 8990,
        isOfferActive: true,
        offerPriceCents: 7990,
        stock: 12,
        sku: "PP-CACH-3",
        netWeightGrams: 3000,
      },
      {
        name: "15 kg",
        priceCents: 32990,
        isOfferActive: false,
        offerPriceCents: null,
        stock: 2,
        sku: "PP-CACH-15",
        netWeightGrams: 15000,
      },
    ],
  },
  {
    title: "Collar Reflectivo Ajustable",
    description:
      "Collar de nailon con cinta reflectiva para los paseos de noche, hebilla de liberación rápida " +
      "y argolla de metal para la placa. Elige la talla según el cuello de tu perro.",
    family: "Perros",
    category: "Accesorios",
    subcategory: "Collares",
    brand: "Mimaskot",
    image: "/images/products/collar-reflectivo.webp",
    imageAlt: "Collar rojo reflectivo con hebilla gris",
    variants: [
      {
        name: "Talla S",
        priceCents: 2500,
        isOfferActive: false,
        offerPriceCents: null,
        stock: 8,
        sku: "COL-REF-S",
        netWeightGrams: null,
      },
      {
        name: "Talla M",
        priceCents: 2800,
        isOfferActive: false,
        offerPriceCents: null,
        stock: 0,
        sku: "COL-REF-M",
        netWeightGrams: null,
      },
      {
        name: "Talla L",
        priceCents: 3200,
        isOfferActive: false,
        offerPriceCents: null,
        stock: 5,
        sku: "COL-REF-L",
        netWeightGrams: null,
      },
    ],
  },
] as const;
