import type { Image } from "../../lib/commerce/types";

// product §9: images that change size with the layout get a width srcset (the browser picks by
// `sizes`); images shown at one CSS size get a pixel-density srcset (1x, 2x, 3x of that size).
// Shopify's CDN (and the emulator) resize by `width`.
export const IMAGE_WIDTHS = [640, 828, 1200, 2048, 3840] as const;
export const IMAGE_DENSITIES = [1, 2, 3] as const;

/**
 * An image's URL at `width`. A page asks for a few dozen of them and each parse of a URL costs
 * microseconds (about 3 % of a product page's render): the same few hundred images come back on
 * every page, so each answer is kept, in a map emptied whenever it grows past its bound.
 */
export function imageUrl(url: string, width: number): string {
  const key = `${width} ${url}`;
  let resized = resizedUrls.get(key);
  if (resized === undefined) {
    if (resizedUrls.size >= RESIZED_URLS_MAX) resizedUrls.clear();
    resized = resize(url, width);
    resizedUrls.set(key, resized);
  }
  return resized;
}

const RESIZED_URLS_MAX = 5_000;
const resizedUrls = new Map<string, string>();

function resize(url: string, width: number): string {
  try {
    const resized = new URL(url);
    resized.searchParams.set("width", String(width));
    return resized.toString();
  } catch {
    return url;
  }
}

type SizedImage = Pick<Image, "url" | "width">;

export function imageSrcSet(image: SizedImage, maxWidth = Number.POSITIVE_INFINITY): string {
  const widths = IMAGE_WIDTHS.filter(
    (width) => width <= maxWidth && (image.width ?? Infinity) >= width,
  );
  const usable = widths.length > 0 ? widths : [IMAGE_WIDTHS[0]];
  return usable.map((width) => `${imageUrl(image.url, width)} ${width}w`).join(", ");
}

/** For an image shown `cssWidth` pixels wide: densities the original is large enough for. */
export function imageDensitySrcSet(image: SizedImage, cssWidth: number): string {
  const densities = IMAGE_DENSITIES.filter(
    (density) => density === 1 || cssWidth * density <= (image.width ?? Infinity),
  );
  return densities
    .map((density) => `${imageUrl(image.url, cssWidth * density)} ${density}x`)
    .join(", ");
}

type Sizing =
  /** Laid out with the page: the `sizes` the browser picks a width by. */
  | { sizes: string; fixedWidth?: undefined }
  /** Always shown this many CSS pixels wide (a thumbnail). */
  | { fixedWidth: number; sizes?: undefined };

export function ProductImage({
  image,
  priority = false,
  eager = priority,
  className,
  alt,
  ...sizing
}: {
  image: SizedImage & Pick<Image, "height"> & { altText?: string | null };
  /** The page's largest image above the fold (its LCP): loaded first, never lazily. */
  priority?: boolean;
  /** Above the fold but not the largest: loaded at once, at normal priority. */
  eager?: boolean;
  className?: string;
  alt?: string;
} & Sizing) {
  const fixed = sizing.fixedWidth;
  return (
    <img
      src={imageUrl(image.url, fixed ?? 828)}
      srcSet={fixed ? imageDensitySrcSet(image, fixed) : imageSrcSet(image)}
      sizes={sizing.sizes}
      width={image.width ?? 1200}
      height={image.height ?? 1200}
      alt={alt ?? image.altText ?? ""}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
}
