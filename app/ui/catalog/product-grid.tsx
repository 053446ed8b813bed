import type { ProductCardData } from "~/domain/catalog/catalog";

import { ProductCard } from "./product-card";

/** A grid of product cards (a catalogue level, the search's results); the first row's pictures load at once. */
export function ProductGrid({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-6 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} isImageEager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
