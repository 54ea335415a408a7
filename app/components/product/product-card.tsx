import { Link } from "react-router";
import type { CollectionProduct, SearchResult } from "../../lib/commerce/types";
import { PriceRangeLabel } from "./price";
import { ProductImage } from "./product-image";

type CardProduct = Pick<
  CollectionProduct,
  "handle" | "title" | "vendor" | "availableForSale" | "priceRange"
> & {
  image: CollectionProduct["images"][number] | null;
  compareAtPriceRange?: CollectionProduct["compareAtPriceRange"];
  requestAQuote?: boolean;
};

export function toCardProduct(product: CollectionProduct | SearchResult): CardProduct {
  return "images" in product
    ? { ...product, image: product.images[0] ?? null }
    : { ...product, compareAtPriceRange: null, requestAQuote: false };
}

export function ProductCard({ product, priority = false }: { product: CardProduct; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-slate-100">
        {product.image ? (
          <ProductImage
            image={product.image}
            alt=""
            priority={priority}
            sizes="(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw"
            className="size-full object-cover transition-transform group-hover:scale-105"
          />
        ) : null}
        {!product.availableForSale ? (
          <span className="absolute top-2 left-2 rounded bg-slate-900 px-2 py-1 text-xs font-semibold text-white">
            Sold out
          </span>
        ) : product.requestAQuote ? (
          <span className="absolute top-2 left-2 rounded bg-lagoon-800 px-2 py-1 text-xs font-semibold text-white">
            Request a quote
          </span>
        ) : null}
      </div>
      <h3 className="mt-3 font-medium text-slate-900">
        <Link to={`/store/products/${product.handle}`} className="after:absolute after:inset-0">
          {product.title}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">{product.vendor}</p>
      <div className="mt-1 text-slate-900">
        <PriceRangeLabel range={product.priceRange} compareAtRange={product.compareAtPriceRange ?? null} />
      </div>
    </article>
  );
}
