import { Link } from "react-router";
import { isCourseProduct } from "../../lib/commerce/cart";
import { productPath } from "../../lib/commerce/paths";
import type {
  CollectionProduct,
  Image,
  PriceRange,
  ProductVariant,
  SearchResult,
} from "../../lib/commerce/types";
import { AddToCart } from "../cart/add-to-cart";
import { isOnSale, PriceRangeLabel } from "./price";
import { ProductImage } from "./product-image";

/** What a product tile needs: small enough to keep in history state for "Load more". */
export interface CardProduct {
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  availableForSale: boolean;
  requestAQuote: boolean;
  image: Image | null;
  priceRange: PriceRange;
  compareAtPriceRange: PriceRange | null;
  /** A product with one variant is added to the cart from its card (issue 5). */
  quickAdd: {
    variant: Pick<ProductVariant, "id" | "title" | "sku" | "price" | "selectedOptions" | "image">;
    course: boolean;
  } | null;
}

function quickAddOf(product: CollectionProduct): CardProduct["quickAdd"] {
  const [only, ...others] = product.variants;
  if (!only || others.length > 0 || product.requestAQuote || !only.availableForSale) return null;
  const { id, title, sku, price, selectedOptions, image } = only;
  return {
    variant: { id, title, sku, price, selectedOptions, image },
    course: isCourseProduct(product),
  };
}

export function toCardProduct(product: CollectionProduct | SearchResult): CardProduct {
  const base = {
    handle: product.handle,
    title: product.title,
    vendor: product.vendor,
    productType: product.productType,
    availableForSale: product.availableForSale,
    priceRange: product.priceRange,
  };
  return "images" in product
    ? {
        ...base,
        requestAQuote: product.requestAQuote,
        image: product.images[0] ?? null,
        compareAtPriceRange: product.compareAtPriceRange,
        quickAdd: quickAddOf(product),
      }
    : {
        ...base,
        requestAQuote: false,
        image: product.image,
        compareAtPriceRange: null,
        quickAdd: null,
      };
}

function Badge({ children, tone }: { children: React.ReactNode; tone: "dark" | "sale" | "quote" }) {
  const colours = {
    dark: "bg-slate-900 text-white",
    sale: "bg-coral-600 text-white",
    quote: "bg-lagoon-800 text-white",
  };
  return (
    <span className={`rounded px-2 py-1 text-xs font-semibold ${colours[tone]}`}>{children}</span>
  );
}

// product §9: a card is about 175 to 350 CSS pixels wide in every grid, so its image comes in pixel
// densities of the widest (1x, 2x, 3x) rather than in layout widths from 640 up.
const CARD_IMAGE_WIDTH = 320;

export function ProductCard({
  product,
  priority = false,
  eager = priority,
  headingLevel = 3,
  showProductType = false,
}: {
  product: CardProduct;
  /** The grid's first image, its likely LCP: loaded first. */
  priority?: boolean;
  /** The rest of the first row: loaded at once rather than lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** Search results say what kind of product each is (product §3). */
  showProductType?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const onSale =
    product.availableForSale && isOnSale(product.priceRange, product.compareAtPriceRange);
  return (
    <article className="group relative flex flex-col rounded-lg ring-lagoon-600 ring-offset-4 has-[a:focus-visible]:ring-2">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-slate-100">
        {product.image ? (
          <ProductImage
            image={product.image}
            alt=""
            priority={priority}
            eager={eager}
            fixedWidth={CARD_IMAGE_WIDTH}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
        ) : null}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {!product.availableForSale ? <Badge tone="dark">Sold out</Badge> : null}
          {product.requestAQuote ? <Badge tone="quote">Request a quote</Badge> : null}
          {onSale ? <Badge tone="sale">Sale</Badge> : null}
        </div>
      </div>
      <p className="mt-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
        {product.vendor}
      </p>
      <Heading className="mt-1 leading-snug font-medium text-slate-900">
        <Link
          to={productPath(product.handle)}
          className="after:absolute after:inset-0 group-hover:text-lagoon-700 focus-visible:underline focus-visible:outline-none"
        >
          {product.title}
        </Link>
      </Heading>
      {showProductType && product.productType ? (
        <p className="text-sm text-slate-600 first-letter:uppercase">{product.productType}</p>
      ) : null}
      <div className="mt-1 text-slate-900">
        <PriceRangeLabel range={product.priceRange} compareAtRange={product.compareAtPriceRange} />
      </div>
      {product.quickAdd ? (
        <AddToCart
          product={{
            handle: product.handle,
            title: product.title,
            image: product.image,
            course: product.quickAdd.course,
          }}
          variant={product.quickAdd.variant}
          buttonLabel="Add to cart"
          className="relative z-10 mt-3"
          buttonClassName="w-full rounded-md border border-lagoon-700 px-3 py-2 text-sm font-semibold text-lagoon-800 hover:bg-lagoon-50 disabled:opacity-60"
        />
      ) : null}
    </article>
  );
}
